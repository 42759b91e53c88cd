import type { ProgressToday } from '@fittrack/functions/contract/tracking';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { type ApiError, api } from '@/lib/api-client';
import { progressHistoryKeyPrefix } from './get-progress-history';

/** SWR key of today's progress; every screen that changes today's numbers updates it. */
export const progressTodayKey = '/api/progress/today';

const getProgressToday = (): Promise<ProgressToday> => api.get<ProgressToday>(progressTodayKey);

/** Today's progress of the signed-in subscriber (for the browser's own time zone). */
export function useProgressToday() {
  return useSWR<ProgressToday, ApiError>(progressTodayKey, getProgressToday);
}

/**
 * Reloads today's progress into the app's SWR cache, for a screen that changes it without showing
 * it. The fetch itself goes in the cache: with `revalidateIfStale: false`, a revalidation without a
 * mounted `useProgressToday` would do nothing and the dashboard would later show old numbers.
 */
export function useReloadProgressToday() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(progressTodayKey, getProgressToday(), { revalidate: false }), [mutate]);
}

/**
 * Puts a progress answered by a change of today's numbers (a meal removed, a set deleted) in the
 * app's SWR cache and revalidates the history, bound to the app's cache.
 */
export function useShowChangedProgress() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (progress: ProgressToday): Promise<void> => {
      await mutate(progressTodayKey, progress, { revalidate: false });
      void mutate((key) => typeof key === 'string' && key.startsWith(progressHistoryKeyPrefix));
    },
    [mutate],
  );
}
