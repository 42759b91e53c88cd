import type { MealEntry, ProgressToday } from '@fittrack/functions/contract/tracking';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useShowChangedProgress } from '@/features/dashboard/public';
import { api } from '@/lib/api-client';
import { mealsTodayKey } from './get-progress-today-meals';

/**
 * DELETE /api/progress/today/meals/{id}?calories=N: removes one of today's meal entries and its
 * calories (N is what the list shows; the server checks it, so it can answer the day as stored
 * after the removal, decision 0104), bound to the app's SWR cache: the entry leaves the cached list, the answered progress goes in the
 * cache and the history is revalidated. Throws ApiError 404 when the entry is already gone.
 */
export function useRemoveMealFromToday() {
  const { mutate } = useSWRConfig();
  const showChangedProgress = useShowChangedProgress();
  return useCallback(
    async (entry: Pick<MealEntry, 'id' | 'calories'>): Promise<ProgressToday> => {
      const { id } = entry;
      const progress = await api.delete<ProgressToday>(`${mealsTodayKey}/${encodeURIComponent(id)}?calories=${entry.calories}`);
      await Promise.all([
        mutate<MealEntry[]>(mealsTodayKey, (entries) => entries?.filter((e) => e.id !== id), { revalidate: false }),
        showChangedProgress(progress),
      ]);
      return progress;
    },
    [mutate, showChangedProgress],
  );
}
