import { createDomainHandler, notImplementedRoute } from '../lib/handler';

/** Daily tracking: built by the tracking issue. Access levels already apply (route table). */
export const handler = createDomainHandler('tracking', {
  'GET /api/progress/today': notImplementedRoute,
  'PATCH /api/progress/today': notImplementedRoute,
  'POST /api/progress/today/meals': notImplementedRoute,
  'GET /api/progress/history': notImplementedRoute,
  'GET /api/pushups/today': notImplementedRoute,
  'POST /api/pushups': notImplementedRoute,
});
