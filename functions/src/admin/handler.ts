import { createDomainHandler, notImplementedRoute } from '../lib/handler';

/** Admin dashboard APIs: built by the feedback and admin issue. Access levels already apply. */
export const handler = createDomainHandler('admin', {
  'GET /api/admin/logs': notImplementedRoute,
  'POST /api/admin/system-tests/{test}': notImplementedRoute,
});
