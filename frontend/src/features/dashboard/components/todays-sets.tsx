import type { PushupSet } from '@fittrack/functions/contract/tracking';
import { RemovableList } from '@/components/ui/removable-list';
import { toast } from '@/components/ui/use-toast';
import { ApiError, refusalMessage } from '@/lib/api-client';
import { formatNumber, formatTimeOfDay } from '@/lib/format';
import { useRemovePushupSet } from '@/features/dashboard/api/delete-pushups';
import { usePushupsToday } from '@/features/dashboard/api/get-pushups-today';
import { newIdempotencyKey, useAddPushupSet } from '@/features/dashboard/api/post-pushups';
import { toastIfSavedOffline } from '@/lib/write-once';

/** How long a deletion's toast (with Undo) stays: longer than the default, so there is time to undo. */
const UNDO_TOAST_MS = 10_000;

const setName = (count: number) => `${formatNumber(count)} push-up${count === 1 ? '' : 's'}`;

/**
 * "Today's push-up sets" on the dashboard, each with a Delete button (DESIGN.md section 8,
 * departure 10). A deletion shows a toast with Undo, which logs a set of the same count again
 * (a new set, with its own Idempotency-Key).
 */
export function TodaysSets() {
  const { data, error, mutate } = usePushupsToday();
  const removeSet = useRemovePushupSet();
  const addSet = useAddPushupSet();

  async function undo(set: PushupSet) {
    try {
      await addSet(set.count, newIdempotencyKey());
      toast({ title: 'Set Restored', description: `Added a set of ${setName(set.count)} back to today's total.` });
    } catch (err) {
      if (toastIfSavedOffline(err)) return;
      const refusal = refusalMessage(err);
      if (refusal) toast({ variant: 'destructive', title: 'Set Not Restored', description: refusal });
      else console.warn('Re-adding the push-up set failed', err);
    }
  }

  async function remove(id: string): Promise<boolean> {
    const set = data?.find((s) => s.id === id);
    if (!set) return false;
    try {
      await removeSet(set);
    } catch (err) {
      const refusal = refusalMessage(err);
      if (err instanceof ApiError && err.status === 404) void mutate(); // already deleted elsewhere: show what is left
      if (refusal) toast({ variant: 'destructive', title: 'Set Not Deleted', description: refusal });
      else console.warn('Deleting the push-up set failed', err);
      return false;
    }
    toast({
      title: 'Set Deleted',
      description: `Removed a set of ${setName(set.count)} from today's total.`,
      duration: UNDO_TOAST_MS,
      action: { label: 'Undo', altText: 'Log the set again with Log Push-ups', onAction: () => void undo(set) },
    });
    return true;
  }

  return (
    <RemovableList
      title="Today's push-up sets"
      items={data?.map((s) => ({
        id: s.id,
        label: setName(s.count),
        detail: formatTimeOfDay(s.createdAt),
        removeName: `Delete set of ${setName(s.count)}${formatTimeOfDay(s.createdAt) ? ` at ${formatTimeOfDay(s.createdAt)}` : ''}`,
      }))}
      error={error}
      loadingLabel="Loading today's sets..."
      emptyText="No push-up sets logged today."
      removeText="Delete"
      busyText="Deleting..."
      onRetry={() => void mutate()}
      onRemove={remove}
    />
  );
}
