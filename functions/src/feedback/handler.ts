import { createDomainHandler, notImplementedRoute } from '../lib/handler';

/** Feedback: built by the feedback and admin issue. Access levels already apply. */
export const handler = createDomainHandler('feedback', {
  'POST /api/feedback': notImplementedRoute,
  'GET /api/feedback': notImplementedRoute,
  'PATCH /api/feedback/{id}/status': notImplementedRoute,
});
