import type { HistoryResponse } from '@fittrack/functions/contract/tracking';
import useSWR from 'swr';
import { type ApiError, api } from '@/lib/api-client';
import { makeDayFormatters } from '@/lib/format';
import { nextTask } from '@/lib/next-task';

export const progressHistoryKeyPrefix = '/api/progress/history';
type HistoryDays = 7 | 30;
const progressHistoryKey = (days: HistoryDays) => `${progressHistoryKeyPrefix}?days=${days}`;

/** One entry per calendar day, oldest first, ending today (the browser's time zone). */
export function useProgressHistory(days: HistoryDays) {
  const key = progressHistoryKey(days);
  return useSWR<HistoryResponse, ApiError>(key, async () => {
    const history = await api.get<HistoryResponse>(key);
    if (makeDayFormatters()) await nextTask(); // the chart formats days and numbers (lib/format.ts, madeSlowly)
    return history;
  });
}
