import type { AddMealRequest, ProgressToday } from '@fittrack/functions/contract/tracking';
import { mutate } from 'swr';
import { apiFetch } from '../../../lib/api-client';
import { progressTodayKey } from './get-progress-today';

/**
 * POST /api/progress/today/meals: adds a meal's calories to today, atomically against the
 * 500 kcal limit. Throws ApiError (status 409, serverMessage = the limit message) when the
 * meal would exceed it, 404 for an unknown meal.
 *
 * Note: the app's SWR cache is a per-app provider (app/providers.tsx), which the global `mutate`
 * below does not reach; callers put the returned progress in their cache with
 * `useSWRConfig().mutate(progressTodayKey, progress, { revalidate: false })` (the Diet screen does).
 */
export async function addMealToToday(mealId: string): Promise<ProgressToday> {
  const body: AddMealRequest = { mealId };
  const progress = await apiFetch<ProgressToday>('/api/progress/today/meals', { method: 'POST', body });
  await mutate(progressTodayKey, progress, { revalidate: false });
  return progress;
}
