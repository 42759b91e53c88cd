import type { PostPushupsRequest, PushupSet } from '@fittrack/functions/contract/tracking';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { writeOnce } from '@/lib/write-once';
import { progressHistoryKeyPrefix } from './get-progress-history';
import { progressTodayKey } from './get-progress-today';
import { pushupsTodayKey } from './get-pushups-today';

/** A fresh Idempotency-Key for one submission (reuse it when retrying that same submission). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * POST /api/pushups {count} with an Idempotency-Key, so a retried submission counts once (the
 * identity comes from the session; no userId is sent), bound to the app's SWR cache: after the
 * set is saved, the sets, today's progress and the history are reloaded (SPEC.md section 7).
 */
export function useAddPushupSet() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (count: number, idempotencyKey: string): Promise<PushupSet> => {
      const body: PostPushupsRequest = { count };
      const set = await writeOnce<PushupSet>({ method: 'POST', path: '/api/pushups', body, label: `${count} push-ups`, key: idempotencyKey });
      await Promise.all([
        mutate(pushupsTodayKey),
        mutate(progressTodayKey),
        mutate((key) => typeof key === 'string' && key.startsWith(progressHistoryKeyPrefix)),
      ]);
      return set;
    },
    [mutate],
  );
}
