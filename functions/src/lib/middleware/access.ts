import type middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { forbidden, unauthorized } from '../http-error';
import { type AppContext, type AppEvent } from '../request';
import { resolveSession } from '../session';
import { SUBSCRIPTION_REQUIRED } from '../entitlement';
import { getProfile } from '../profile-repository';
import { hasActiveSubscription } from '../users';

/**
 * Enforces the route's access level from the route table (default deny):
 * 401 without a session, 403 for the wrong role or without an active subscription.
 * Admins pass subscriber routes (DESIGN.md departure 3).
 */
export const accessMiddleware = (): middy.MiddlewareObj<AppEvent, APIGatewayProxyStructuredResultV2, Error, AppContext> => ({
  before: async (request) => {
    const app = request.context.app;
    const access = app.route.access;
    if (access === 'stripe') return;
    // Public routes only read a session that is already valid; they never call Cognito to refresh one.
    app.session = await resolveSession(request.event, app.setCookies, { refresh: access !== 'public' });
    switch (access) {
      case 'public':
        return;
      case 'user':
        if (!app.session) throw unauthorized();
        return;
      case 'admin':
        if (!app.session) throw unauthorized();
        if (app.session.role !== 'admin') throw forbidden('Administrator privileges required');
        return;
      case 'subscriber': {
        if (!app.session) throw unauthorized();
        if (app.session.role === 'admin') return;
        if ('entitlementInHandler' in app.route && app.route.entitlementInHandler) {
          app.entitlement = 'deferred'; // checked inside the handler's own round trips
          return;
        }
        app.profile = await getProfile(app.session.sub);
        if (!hasActiveSubscription(app.profile)) throw forbidden(SUBSCRIPTION_REQUIRED);
        app.entitlement = 'checked';
        return;
      }
      default: {
        const never: never = access;
        throw forbidden(`Unknown access level ${String(never)}`);
      }
    }
  },
});
