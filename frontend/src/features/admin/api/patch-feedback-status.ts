import type { Feedback, FeedbackStatus, FeedbackStatusRequest } from '@fittrack/functions/contract/feedback';
import { api } from '@/lib/api-client';

/** PATCH /api/feedback/{id}/status: the updated item; 409 `{message}` for a move the state machine refuses. */
export function patchFeedbackStatus(id: string, status: FeedbackStatus): Promise<Feedback> {
  const body: FeedbackStatusRequest = { status };
  return api.patch<Feedback>(`/api/feedback/${encodeURIComponent(id)}/status`, body);
}
