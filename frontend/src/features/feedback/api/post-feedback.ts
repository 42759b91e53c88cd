import type { FeedbackCreatedResponse, FeedbackRequest } from '@fittrack/functions/contract/feedback';
import { api } from '@/lib/api-client';

/**
 * POST /api/feedback: 201 `{ok, id}`; 400 `{message}` naming the field, 429 `{message}` over the
 * hourly limit. No userId is sent: the server takes the author from the session.
 */
export function postFeedback(body: FeedbackRequest): Promise<FeedbackCreatedResponse> {
  return api.post<FeedbackCreatedResponse>('/api/feedback', body);
}
