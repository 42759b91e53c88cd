import type { PatchProgressRequest, ProgressToday } from '@fittrack/functions/contract/tracking';
import { useCallback } from 'react';
import { type ScopedMutator, useSWRConfig } from 'swr';
import { apiFetch } from '../../../lib/api-client';
import { progressHistoryKeyPrefix } from './get-progress-history';
import { progressTodayKey } from './get-progress-today';

/**
 * PATCH /api/progress/today with exactly one of steps, caloriesConsumed, caloriesBurned; puts the
 * answer in the cache and revalidates the history. `mutate` is the app cache's (useSWRConfig).
 */
export async function patchProgressToday(body: PatchProgressRequest, mutate: ScopedMutator): Promise<ProgressToday> {
  const progress = await apiFetch<ProgressToday>(progressTodayKey, { method: 'PATCH', body });
  await mutate(progressTodayKey, progress, { revalidate: false });
  void mutate((key) => typeof key === 'string' && key.startsWith(progressHistoryKeyPrefix));
  return progress;
}

/** `patchProgressToday` bound to the app's SWR cache. */
export function usePatchProgressToday() {
  const { mutate } = useSWRConfig();
  return useCallback((body: PatchProgressRequest) => patchProgressToday(body, mutate), [mutate]);
}
