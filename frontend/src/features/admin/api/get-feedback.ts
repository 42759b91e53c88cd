import type { FeedbackListResponse } from '@fittrack/functions/contract/feedback';
import useSWRInfinite from 'swr/infinite';
import { type ApiError, api } from '@/lib/api-client';
import { ADMIN_REFRESH } from './admin-refresh';

const FEEDBACK_PAGE_SIZE = 20;

/** SWR key of page `index` of GET /api/feedback (newest first, cursor-paginated). */
export function feedbackPageKey(index: number, previous: FeedbackListResponse | null): string | null {
  if (index === 0) return `/api/feedback?limit=${FEEDBACK_PAGE_SIZE}`;
  if (!previous?.nextCursor) return null;
  return `/api/feedback?limit=${FEEDBACK_PAGE_SIZE}&cursor=${encodeURIComponent(previous.nextCursor)}`;
}

const getFeedbackPage = (key: string) => api.get<FeedbackListResponse>(key);

/** The admin feedback list: loaded on open and every 30 s (every loaded page), more on demand. */
export function useFeedbackList() {
  return useSWRInfinite<FeedbackListResponse, ApiError>(feedbackPageKey, getFeedbackPage, { ...ADMIN_REFRESH, revalidateAll: true, revalidateFirstPage: false });
}
