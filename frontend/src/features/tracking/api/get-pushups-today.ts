import type { PushupSet } from '@fittrack/functions/contract/tracking';
import useSWR from 'swr';
import { type ApiError, getJson } from '../../../lib/api-client';

export const pushupsTodayKey = '/api/pushups/today';

/** Today's push-up sets, oldest first. Pass `enabled: false` to not fetch yet. */
export function usePushupsToday(enabled = true) {
  return useSWR<PushupSet[], ApiError>(enabled ? pushupsTodayKey : null, () => getJson<PushupSet[]>(pushupsTodayKey) as Promise<PushupSet[]>);
}
