import type { Workout } from '@fittrack/functions/contract/catalog';
import useSWR from 'swr';
import { type ApiError, api } from '@/lib/api-client';

/** SWR key of the workout catalogue (GET /api/workouts). */
const workoutsKey = '/api/workouts';

const getWorkouts = (): Promise<Workout[]> => api.get<Workout[]>(workoutsKey);

export function useWorkouts() {
  return useSWR<Workout[], ApiError>(workoutsKey, getWorkouts);
}
