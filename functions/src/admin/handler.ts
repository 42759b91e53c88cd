import { systemTests, type SystemTest } from '../contract/admin-rules';
import { createDomainHandler } from '../lib/domain-handler';
import { notFound, unauthorized } from '../lib/http-error';
import { adminLogs } from './admin-service';

/**
 * Admin dashboard APIs: the activity-log summary and the server-side system tests. The system
 * tests (Cognito client, sign-up, feedback) load on their own route's first request, not at every
 * cold start (DESIGN.md section 10; esbuild splits them into a chunk).
 */
export const handler = createDomainHandler('admin', {
  'GET /api/admin/logs': async () => ({ status: 200, body: await adminLogs() }),
  'POST /api/admin/system-tests/{test}': async (req) => {
    if (!req.session) throw unauthorized();
    const test = req.pathParameters.test ?? '';
    if (!(systemTests as readonly string[]).includes(test)) throw notFound(`Unknown system test: use ${systemTests.join(', ')}`);
    const { runSystemTest } = await import('./system-tests');
    return { status: 200, body: await runSystemTest(test as SystemTest, req.session, req.ip) };
  },
});
