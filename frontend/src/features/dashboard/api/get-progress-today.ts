import type { ProgressToday } from '@fittrack/functions/contract/tracking';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { type ApiError, api } from '@/lib/api-client';
import { makeNumberFormatter } from '@/lib/format';
import { nextTask } from '@/lib/next-task';
import { progressHistoryKeyPrefix } from './get-progress-history';

/** SWR key of today's progress; every screen that changes today's numbers updates it. */
export const progressTodayKey = '/api/progress/today';

/** A request started at start-up by preloadProgressToday, handed to the first fetch only. */
let early: Promise<ProgressToday> | undefined;

/** The cards format it at once (SWR renders its answer in the task that hands it over). */
const getProgressToday = async (): Promise<ProgressToday> => {
  const request = early ?? api.get<ProgressToday>(progressTodayKey);
  early = undefined;
  const progress = await request;
  if (makeNumberFormatter()) await nextTask();
  return progress;
};

/**
 * A returning subscriber opening the dashboard: today's progress is asked for beside the session
 * check (GET /api/auth/me) rather than after it, a round trip sooner (DESIGN.md section 10). The
 * dashboard only mounts once the server has confirmed the session and the plan; a refused early
 * request is dropped, so the dashboard then asks again and never shows a stale refusal.
 */
export function preloadProgressToday(): void {
  const request = api.get<ProgressToday>(progressTodayKey);
  early = request;
  request.catch(() => {
    if (early === request) early = undefined;
  });
}

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
