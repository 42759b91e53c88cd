import { type FeedbackCreatedResponse, feedbackListQuery, feedbackRequest, feedbackStatusRequest } from '../contract/feedback';
import { createDomainHandler, parseBody, parseQuery } from '../lib/domain-handler';
import { unauthorized } from '../lib/http-error';
import { type AppRequest, type Session } from '../lib/request';
import { changeFeedbackStatus, listFeedback, submitFeedback } from './feedback-service';

const sessionOf = (req: AppRequest): Session => {
  if (!req.session) throw unauthorized();
  return req.session;
};

/** Feedback: subscribers send it; admins list it and move it along the state machine. */
export const handler = createDomainHandler('feedback', {
  'POST /api/feedback': async (req) => {
    const feedback = await submitFeedback(parseBody(feedbackRequest, req.body), sessionOf(req), req.ip);
    const body: FeedbackCreatedResponse = { ok: true, id: feedback.id };
    return { status: 201, body };
  },
  'GET /api/feedback': async (req) => {
    const q = parseQuery(feedbackListQuery, req.query);
    return { status: 200, body: await listFeedback(q.limit, q.cursor) };
  },
  'PATCH /api/feedback/{id}/status': async (req) => {
    const { status } = parseBody(feedbackStatusRequest, req.body);
    return { status: 200, body: await changeFeedbackStatus(req.pathParameters.id ?? '', status, sessionOf(req), req.ip) };
  },
});
