import type { PatchProgressRequest, ProgressToday } from '@fittrack/functions/contract/tracking';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { writeOnce } from '@/lib/write-once';
import { progressHistoryKeyPrefix } from './get-progress-history';
import { progressTodayKey } from './get-progress-today';

/**
 * PATCH /api/progress/today with exactly one of steps, caloriesConsumed, caloriesBurned, bound to
 * the app's SWR cache: puts the answer in the cache and revalidates the history. Sent with an
 * Idempotency-Key, again with the same key when the answer is lost (lib/write-once.ts).
 */
export function usePatchProgressToday() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (body: PatchProgressRequest): Promise<ProgressToday> => {
      const progress = await writeOnce((headers) => api.patch<ProgressToday>(progressTodayKey, body, { headers }));
      await mutate(progressTodayKey, progress, { revalidate: false });
      void mutate((key) => typeof key === 'string' && key.startsWith(progressHistoryKeyPrefix));
      return progress;
    },
    [mutate],
  );
}
