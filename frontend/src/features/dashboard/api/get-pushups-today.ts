import type { PushupSet } from '@fittrack/functions/contract/tracking';
import useSWR from 'swr';
import { type ApiError, api } from '@/lib/api-client';

export const pushupsTodayKey = '/api/pushups/today';

/** Today's push-up sets, oldest first. */
export function usePushupsToday() {
  return useSWR<PushupSet[], ApiError>(pushupsTodayKey, () => api.get<PushupSet[]>(pushupsTodayKey));
}
