import { createDomainHandler, lazyRoutes } from '../lib/domain-handler';
import { unauthorized } from '../lib/http-error';
import { me } from './me';

/**
 * Auth. GET /api/auth/me, which every app start calls, is served from here; the other routes
 * (./account-routes.ts) load with the Cognito client on the first request that needs them.
 */
export const handler = createDomainHandler('auth', {
  ...lazyRoutes('auth', ['GET /api/auth/me'], async () => (await import('./account-routes')).accountRoutes),
  'GET /api/auth/me': async (req) => {
    if (!req.session) throw unauthorized();
    return { status: 200, body: { user: await me(req.session) } };
  },
});
