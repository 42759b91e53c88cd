import type { FeedbackListResponse } from '@fittrack/functions/contract/feedback';
import useSWRInfinite from 'swr/infinite';
import { type ApiError, api } from '@/lib/api-client';
import { cursorPageKey } from '@/lib/cursor-pages';
import { ADMIN_REFRESH } from './admin-refresh';

/** SWR key of page `index` of GET /api/feedback (newest first, cursor-paginated, 20 a page). */
export const feedbackPageKey = cursorPageKey('/api/feedback', 20);

const getFeedbackPage = (key: string) => api.get<FeedbackListResponse>(key);

/** The admin feedback list: loaded on open and every 30 s (every loaded page), more on demand. */
export function useFeedbackList() {
  return useSWRInfinite<FeedbackListResponse, ApiError>(feedbackPageKey, getFeedbackPage, { ...ADMIN_REFRESH, revalidateAll: true, revalidateFirstPage: false });
}
