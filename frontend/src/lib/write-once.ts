import { toast } from '@/components/ui/use-toast';
import { ApiError, api } from './api-client';

/** The header the tracking writes take (functions/src/contract/tracking.ts IDEMPOTENCY_HEADER). */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';
// 502, 503 and 504 say nothing about whether the write was applied: the gateway or the network lost it.

/** A tracking write: what to send, and what it is in the person's words (for the pending list). */
export interface TrackingWrite {
  method: 'POST' | 'PATCH';
  path: string;
  body: unknown;
  label: string;
  /** a key chosen by the caller (the Add Set dialog keeps one per submission); a fresh one otherwise */
  key?: string;
}

/** The write was kept on this phone to send when the connection returns (nothing was refused). */
export class SavedOffline extends Error {
  constructor(readonly label: string) {
    super(`Saved offline: ${label}`);
  }
}

/** Whether a send failed for lack of a connection (not a refusal). */
export const isUnreachable = (err: unknown): boolean => err instanceof TypeError || (err instanceof ApiError && err.status > 501 && err.status < 505);

/** Sends a write with its key (here, and again from the offline queue: app/offline-sync.tsx). */
export const send = <T>(w: Omit<TrackingWrite, 'key'>, key: string) =>
  w.method === 'PATCH' ? api.patch<T>(w.path, w.body, { headers: { [IDEMPOTENCY_HEADER]: key } }) : api.post<T>(w.path, w.body, { headers: { [IDEMPOTENCY_HEADER]: key } });

/**
 * Sends one tracking write with one Idempotency-Key and, when its answer was lost (a network error,
 * or 502/503/504), sends it again with the SAME key, up to `tries` times: the server applies it
 * once and answers a repeat with the day as stored (decision 0105), so a phone that loses its
 * signal mid-request neither loses the entry nor counts it twice. A refusal (4xx) is not retried.
 * With no connection at all (offline, or still unreachable after the tries) the write is kept in
 * the offline queue with its key and `SavedOffline` is thrown: the app sends it when back online.
 */
export async function writeOnce<T>(w: TrackingWrite, o: { tries?: number; delayMs?: number } = {}): Promise<T> {
  const key = w.key ?? crypto.randomUUID();
  const keep = async () => {
    // the queue (and IndexedDB's library) loads only when a write has to wait: not on the start-up path
    const { queueWrite } = await import('./offline-queue');
    await queueWrite({ key, method: w.method, path: w.path, body: w.body, label: w.label, createdAt: new Date().toISOString() });
    return new SavedOffline(w.label);
  };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw await keep();
  const tries = o.tries ?? 3;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send<T>(w, key);
    } catch (err) {
      if (!isUnreachable(err)) throw err;
      if (attempt >= tries) throw await keep();
      await new Promise((resolve) => setTimeout(resolve, (o.delayMs ?? 400) * attempt));
    }
  }
}


/** When `err` says the write was kept on this phone, tells the person so and answers true (the caller treats it as done). */
export function toastIfSavedOffline(err: unknown): boolean {
  if (!(err instanceof SavedOffline)) return false;
  toast({ title: 'Saved on This Phone', description: `${err.label} will be sent when you are back online.` });
  return true;
}
