import type { PostPushupsRequest, PushupSet } from '@fittrack/functions/contract/tracking';
import { useCallback } from 'react';
import { type ScopedMutator, useSWRConfig } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { progressHistoryKeyPrefix } from './get-progress-history';
import { progressTodayKey } from './get-progress-today';
import { pushupsTodayKey } from './get-pushups-today';

/** A fresh Idempotency-Key for one submission (reuse it when retrying that same submission). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * POST /api/pushups {count} with an Idempotency-Key, so a retried submission counts once
 * (the identity comes from the session; no userId is sent). Then reloads the sets and progress
 * (SPEC.md section 7) in the app cache (`mutate` from useSWRConfig).
 */
export async function addPushupSet(count: number, idempotencyKey: string, mutate: ScopedMutator): Promise<PushupSet> {
  const body: PostPushupsRequest = { count };
  const response = await apiRequest('/api/pushups', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
  const set = (await response.json()) as PushupSet;
  await Promise.all([
    mutate(pushupsTodayKey),
    mutate(progressTodayKey),
    mutate((key) => typeof key === 'string' && key.startsWith(progressHistoryKeyPrefix)),
  ]);
  return set;
}

/** `addPushupSet` bound to the app's SWR cache. */
export function useAddPushupSet() {
  const { mutate } = useSWRConfig();
  return useCallback((count: number, idempotencyKey: string) => addPushupSet(count, idempotencyKey, mutate), [mutate]);
}
