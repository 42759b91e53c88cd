import type { ProgressToday } from '@fittrack/functions/contract/tracking';
import useSWR from 'swr';
import { type ApiError, getJson } from '../../../lib/api-client';

/** SWR key of today's progress; every screen that changes today's numbers revalidates it. */
export const progressTodayKey = '/api/progress/today';

export const getProgressToday = (): Promise<ProgressToday> => getJson<ProgressToday>(progressTodayKey) as Promise<ProgressToday>;

/** Today's progress of the signed-in subscriber (for the browser's own time zone). */
export function useProgressToday() {
  return useSWR<ProgressToday, ApiError>(progressTodayKey, getProgressToday);
}
