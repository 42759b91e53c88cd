import type { AddMealRequest, ProgressToday } from '@fittrack/functions/contract/tracking';
import { mutate } from 'swr';
import { apiFetch } from '../../../lib/api-client';
import { progressTodayKey } from './get-progress-today';

/**
 * POST /api/progress/today/meals: adds a meal's calories to today, atomically against the
 * 500 kcal limit. Throws ApiError (status 409, serverMessage = the limit message) when the
 * meal would exceed it, 404 for an unknown meal. Updates the cached progress on success.
 */
export async function addMealToToday(mealId: string): Promise<ProgressToday> {
  const body: AddMealRequest = { mealId };
  const progress = await apiFetch<ProgressToday>('/api/progress/today/meals', { method: 'POST', body });
  await mutate(progressTodayKey, progress, { revalidate: false });
  return progress;
}
