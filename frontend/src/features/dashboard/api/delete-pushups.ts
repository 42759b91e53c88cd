import type { ProgressToday, PushupSet } from '@fittrack/functions/contract/tracking';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { useShowChangedProgress } from './get-progress-today';
import { pushupsTodayKey } from './get-pushups-today';

/**
 * DELETE /api/pushups/{id}?count=N: removes one of today's sets (the day and lifetime totals lose
 * its count; N is what the list shows, checked by the server, decision 0104), bound to the app's SWR cache: the set leaves the cached list, the answered progress goes
 * in the cache and the history is revalidated. Throws ApiError 404 when the set is already gone.
 */
export function useRemovePushupSet() {
  const { mutate } = useSWRConfig();
  const showChangedProgress = useShowChangedProgress();
  return useCallback(
    async (set: Pick<PushupSet, 'id' | 'count'>): Promise<ProgressToday> => {
      const { id } = set;
      const progress = await api.delete<ProgressToday>(`/api/pushups/${encodeURIComponent(id)}?count=${set.count}`);
      await Promise.all([
        mutate<PushupSet[]>(pushupsTodayKey, (sets) => sets?.filter((s) => s.id !== id), { revalidate: false }),
        showChangedProgress(progress),
      ]);
      return progress;
    },
    [mutate, showChangedProgress],
  );
}
