import { createDomainHandler, lazyRoutes } from '../lib/domain-handler';
import { ctx, noStore } from './route-context';
import { getMealsToday, getProgressToday, getPushupsToday } from './tracking-service';

/**
 * Daily tracking (thin: validation in the contract, rules in the service, DynamoDB in the
 * repository). The reads of the dashboard and the diary are served from here; the routes that take
 * input (./input-routes.ts) load with their contracts on the first request that needs them.
 */
export const handler = createDomainHandler('tracking', {
  ...lazyRoutes('tracking', ['GET /api/progress/today', 'GET /api/progress/today/meals', 'GET /api/pushups/today'], async () => (await import('./input-routes')).inputRoutes),
  'GET /api/progress/today': async (req) => ({ status: 200, body: await getProgressToday(ctx(req)), headers: noStore }),
  'GET /api/progress/today/meals': async (req) => ({ status: 200, body: await getMealsToday(ctx(req)), headers: noStore }),
  'GET /api/pushups/today': async (req) => ({ status: 200, body: await getPushupsToday(ctx(req)), headers: noStore }),
});
