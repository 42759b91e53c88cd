import type { MealEntry } from '@fittrack/functions/contract/tracking';
import useSWR from 'swr';
import { type ApiError, api } from '@/lib/api-client';

/** SWR key of today's meal entries (the diary); adding or removing a meal updates it. */
export const mealsTodayKey = '/api/progress/today/meals';

export const getMealsToday = (): Promise<MealEntry[]> => api.get<MealEntry[]>(mealsTodayKey);

/** Today's meal entries (one per meal added), oldest first. */
export function useMealsToday() {
  return useSWR<MealEntry[], ApiError>(mealsTodayKey, getMealsToday);
}
