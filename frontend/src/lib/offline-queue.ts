import { createStore, get, set } from 'idb-keyval';
import { useSyncExternalStore } from 'react';

/**
 * Tracking writes made with no connection (issue 18 point 2, decision 0105): kept in IndexedDB
 * (idb-keyval) with their Idempotency-Key, in the order they were made, until the server has
 * answered them. `lib/write-once.ts` puts a write here when it cannot reach the server; the app's
 * OfflineSync sends them in order when the connection returns. A write the server refuses is
 * dropped only after the person is told (the caller's `refused`).
 */
export interface PendingWrite {
  /** the write's Idempotency-Key: the same on every send, so the server applies it once */
  key: string;
  method: 'POST' | 'PATCH';
  path: string;
  body: unknown;
  /** what it is, in the person's words ("12 push-ups", "Steps +2,500") */
  label: string;
  createdAt: string;
  /** whose it is: only the same account sends it (another account may sign in on this phone meanwhile) */
  owner: string;
}

let owner: string | null = null;
/** The signed-in account (set by the app's OfflineSync): new writes are theirs, and only theirs are sent or shown. */
export function setQueueOwner(id: string | null): void {
  owner = id;
  emit();
}

const store = typeof indexedDB === 'undefined' ? undefined : createStore('fittrack', 'pending-writes');
const KEY = 'writes';
let memory: PendingWrite[] = [];
let loaded = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

async function load(): Promise<PendingWrite[]> {
  if (!loaded) {
    memory = (store ? await get<PendingWrite[]>(KEY, store) : undefined) ?? memory;
    loaded = true;
    emit();
  }
  return memory;
}

async function save(next: PendingWrite[]): Promise<void> {
  memory = next;
  if (store) await set(KEY, next, store);
  emit();
}

/**
 * The signed-in account when OfflineSync has not said yet (it mounts once the page is idle): the
 * user the session stored at sign-in (features/auth/user-storage.ts, key `user`).
 */
function storedUserId(): string | null {
  try {
    const user = JSON.parse(localStorage.getItem('user') ?? 'null') as { id?: unknown } | null;
    return typeof user?.id === 'string' ? user.id : null;
  } catch {
    return null;
  }
}

/** Keeps a write of the signed-in account to send later (after any already waiting). */
export async function queueWrite(w: Omit<PendingWrite, 'owner'>): Promise<void> {
  owner ??= storedUserId();
  if (!owner) throw new Error('No signed-in account to keep the write for');
  const all = await load();
  if (!all.some((x) => x.key === w.key)) await save([...all, { ...w, owner }]);
  askForBackgroundSync();
}
/** The Background Sync tag: the service worker (public/sw-sync.js) asks an open app to send when the connection is back. */
const SYNC_TAG = 'fittrack-pending-writes';

/** Asks for a Background Sync where the browser has it (Chromium); elsewhere `online` and app open do it. */
function askForBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((r) => (r as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SYNC_TAG))
    .catch(() => undefined);
}


const mine = (all: PendingWrite[]) => all.filter((w) => w.owner === owner);
let mineCache: { all: PendingWrite[]; owner: string | null; mine: PendingWrite[] } | undefined;

/** The signed-in account's writes waiting, oldest first. */
export const pendingWrites = async (): Promise<PendingWrite[]> => mine(await load());

/** The signed-in account's writes waiting, for a component (re-renders when the queue changes). */
export function usePendingWrites(): PendingWrite[] {
  const snapshot = () => {
    if (!mineCache || mineCache.all !== memory || mineCache.owner !== owner) mineCache = { all: memory, owner, mine: mine(memory) };
    return mineCache.mine;
  };
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      void load();
      return () => listeners.delete(l);
    },
    snapshot,
    snapshot,
  );
}

/** What a send of a waiting write came to. */
export type SendOutcome = 'sent' | 'refused' | 'unreachable';

let flushing: Promise<number> | undefined;

/**
 * Sends the waiting writes in order, each with its own key, one at a time; a write is removed once
 * the server answered it (`sent`) or refused it (`refused`, after the caller told the person); the
 * first `unreachable` stops the round (the rest keep their order for the next). Only the signed-in
 * account's writes. One round at a time. Answers how many were sent or refused.
 */
export function flushPendingWrites(send: (w: PendingWrite) => Promise<SendOutcome>): Promise<number> {
  flushing ??= (async () => {
    let handled = 0;
    try {
      for (const w of mine(await load())) {
        const outcome = await send(w);
        if (outcome === 'unreachable') break;
        await save(memory.filter((x) => x.key !== w.key));
        handled += 1;
      }
    } finally {
      flushing = undefined;
    }
    return handled;
  })();
  return flushing;
}
