import { createDomainHandler, lazyRoutes } from '../lib/domain-handler';
import { adminLogs } from './admin-service';

/**
 * Admin dashboard APIs: the activity-log summary, served from here, and the server-side system
 * tests (./system-tests.ts: Cognito client, sign-up, feedback), loaded on their route's first
 * request, not at every cold start (DESIGN.md section 10).
 */
export const handler = createDomainHandler('admin', {
  ...lazyRoutes('admin', ['GET /api/admin/logs'], async () => (await import('./system-tests')).systemTestRoutes),
  'GET /api/admin/logs': async () => ({ status: 200, body: await adminLogs() }),
});
