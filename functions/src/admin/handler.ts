import { systemTests, type SystemTest } from '../contract/admin';
import { createDomainHandler } from '../lib/domain-handler';
import { notFound, unauthorized } from '../lib/http-error';
import { adminLogs } from './admin-service';
import { runSystemTest } from './system-tests';

/** Admin dashboard APIs: the activity-log summary and the server-side system tests. */
export const handler = createDomainHandler('admin', {
  'GET /api/admin/logs': async () => ({ status: 200, body: await adminLogs() }),
  'POST /api/admin/system-tests/{test}': async (req) => {
    if (!req.session) throw unauthorized();
    const test = req.pathParameters.test ?? '';
    if (!(systemTests as readonly string[]).includes(test)) throw notFound(`Unknown system test: use ${systemTests.join(', ')}`);
    return { status: 200, body: await runSystemTest(test as SystemTest, req.session, req.ip) };
  },
});
