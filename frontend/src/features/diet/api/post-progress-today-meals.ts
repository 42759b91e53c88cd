import type { AddMealRequest, ProgressToday } from '@fittrack/functions/contract/tracking';
import { useCallback } from 'react';
import { useProgressToday } from '@/features/dashboard/public';
import { writeOnce } from '@/lib/write-once';
import { useRefreshIfCached } from '@/lib/swr-refresh';
import { getMealsToday, mealsTodayKey } from './get-progress-today-meals';

/**
 * POST /api/progress/today/meals: adds a meal's calories to today, atomically against the 500 kcal
 * limit, and puts the answered progress in the app's SWR cache (with today's progress's bound
 * mutator) and reloads today's meal entries if they were loaded. Throws ApiError (status 409, serverMessage = the limit message) when the meal would
 * exceed it, 404 for an unknown meal. Sent with an Idempotency-Key, again with the same key when the
 * answer is lost (lib/write-once.ts): a meal is never added twice by a lost answer.
 */
export function useAddMealToToday() {
  const { mutate } = useProgressToday();
  const refreshIfCached = useRefreshIfCached();
  return useCallback(
    async (mealId: string, name = 'A meal'): Promise<ProgressToday> => {
      const body: AddMealRequest = { mealId };
      const progress = await writeOnce<ProgressToday>({ method: 'POST', path: '/api/progress/today/meals', body, label: name });
      await Promise.all([mutate(progress, { revalidate: false }), refreshIfCached(mealsTodayKey, getMealsToday)]);
      return progress;
    },
    [mutate, refreshIfCached],
  );
}
