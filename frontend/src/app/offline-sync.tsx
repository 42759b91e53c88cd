import { useEffect } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useSession } from '@/features/auth/public';
import { ApiError, refusalMessage } from '@/lib/api-client';
import { type PendingWrite, type SendOutcome, flushPendingWrites, setQueueOwner, usePendingWrites } from '@/lib/offline-queue';
import { useRevalidateMatching } from '@/lib/swr-refresh';
import { isUnreachable, send } from '@/lib/write-once';

/** What the service worker's Background Sync asks an open app to do (public/sw-sync.js). */
const SYNC_MESSAGE = 'FITTRACK_SEND_PENDING';

async function sendOne(w: PendingWrite): Promise<SendOutcome> {
  try {
    await send(w, w.key);
    return 'sent';
  } catch (err) {
    // no connection yet, or the session needs a new sign-in first: keep it, in order
    if (isUnreachable(err) || (err instanceof ApiError && err.status === 401)) return 'unreachable';
    // a refusal (the 500 kcal limit, an ended subscription): the person is told, then it is dropped
    toast({ variant: 'destructive', title: 'Not Saved', description: `${w.label} was not saved: ${refusalMessage(err) ?? 'the server refused it.'}` });
    return 'refused';
  }
}

/**
 * Sends the writes kept while offline (lib/offline-queue.ts, decision 0105) in order, each with its
 * own Idempotency-Key: when the app opens, when the browser is back `online`, and when the service
 * worker's Background Sync says so; then today's figures are asked again. Mounted in the signed-in
 * shell; the queue holds only the signed-in account's writes.
 */
function OfflineSync() {
  const { user } = useSession();
  const revalidate = useRevalidateMatching();
  const userId = user?.id ?? null;

  useEffect(() => {
    setQueueOwner(userId);
    if (!userId) return;
    const flush = () =>
      void flushPendingWrites(sendOne).then((handled) => {
        // today's figures again, only when something was sent or refused
        if (handled > 0) void revalidate((key) => key.startsWith('/api/progress') || key.startsWith('/api/pushups'));
      });
    const onMessage = (e: MessageEvent) => {
      if ((e.data as { type?: string } | null)?.type === SYNC_MESSAGE) flush();
    };
    flush();
    window.addEventListener('online', flush);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('online', flush);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, [userId, revalidate]);

  return null;
}

/** The sync and the list of what is waiting, in one chunk that the shell loads once the page is idle. */
export function OfflineStatus() {
  return (
    <>
      <OfflineSync />
      <PendingWritesNotice />
    </>
  );
}

/** The writes waiting for a connection, above every signed-in screen (nothing when there are none). */
function PendingWritesNotice() {
  const pending = usePendingWrites();
  if (pending.length === 0) return null;
  return (
    <div role="status" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p className="font-semibold">
        {pending.length === 1 ? '1 entry is' : `${pending.length} entries are`} waiting for a connection
      </p>
      <ul className="mt-1 list-disc pl-5">
        {pending.map((w) => (
          <li key={w.key}>{w.label}</li>
        ))}
      </ul>
      <p className="mt-1 text-xs">They are saved on this phone and sent, in order, as soon as you are back online.</p>
    </div>
  );
}
