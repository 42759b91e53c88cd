import type { PatchProgressRequest, ProgressToday } from '@fittrack/functions/contract/tracking';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { formatNumber } from '@/lib/format';
import { writeOnce } from '@/lib/write-once';
import { progressHistoryKeyPrefix } from './get-progress-history';
import { progressTodayKey } from './get-progress-today';

/**
 * PATCH /api/progress/today with exactly one of steps, caloriesConsumed, caloriesBurned, bound to
 * the app's SWR cache: puts the answer in the cache and revalidates the history. Sent with an
 * Idempotency-Key, again with the same key when the answer is lost (lib/write-once.ts).
 */
/** What a change is, in the person's words (the pending list while offline). */
function labelOf(body: PatchProgressRequest): string {
  if (body.addSteps !== undefined) return `Steps +${formatNumber(body.addSteps)}`;
  if (body.steps !== undefined) return `Steps set to ${formatNumber(body.steps)}`;
  if (body.caloriesBurned !== undefined) return `Calories burned set to ${formatNumber(body.caloriesBurned)}`;
  return `Calories eaten set to ${formatNumber(body.caloriesConsumed ?? 0)}`;
}

export function usePatchProgressToday() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (body: PatchProgressRequest): Promise<ProgressToday> => {
      const progress = await writeOnce<ProgressToday>({ method: 'PATCH', path: progressTodayKey, body, label: labelOf(body) });
      await mutate(progressTodayKey, progress, { revalidate: false });
      void mutate((key) => typeof key === 'string' && key.startsWith(progressHistoryKeyPrefix));
      return progress;
    },
    [mutate],
  );
}
