import type { Meal } from '@fittrack/functions/contract/catalog';
import useSWR from 'swr';
import { type ApiError, api } from '@/lib/api-client';

/** SWR key of the meal catalogue (GET /api/meals, revalidated by ETag in the HTTP cache). */
const mealsKey = '/api/meals';

const getMeals = (): Promise<Meal[]> => api.get<Meal[]>(mealsKey);

export function useMeals() {
  return useSWR<Meal[], ApiError>(mealsKey, getMeals);
}
