import type middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { settleByRead, subscriptionCheck } from '../entitlement';
import { HttpError, forbidden, unauthorized } from '../http-error';
import { type AppContext, type AppEvent } from '../request';
import { resolveSession } from '../session';
import { getProfile } from '../profile-repository';

/**
 * Enforces the route's access level from the route table (default deny):
 * 401 without a session, 403 for the wrong role or without an active subscription.
 * Admins pass subscriber routes (DESIGN.md departure 3).
 *
 * The subscription is not read here: the request's first DynamoDB call checks it (lib/entitlement.ts).
 * A request that made none (a refusal of its body, a route that needed no data) is checked when it
 * finishes, with one profile read, so a caller without a subscription gets 403 whatever the body.
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
        const { sub } = app.session;
        app.subscriptionCheck = subscriptionCheck(sub, () => getProfile(sub));
        return;
      }
      default: {
        const never: never = access;
        throw forbidden(`Unknown access level ${String(never)}`);
      }
    }
  },
  after: async (request) => {
    const check = request.context.app.subscriptionCheck;
    if (check?.pending) await settleByRead(check);
  },
  onError: async (request) => {
    // A refusal (400, 404, 409, 413...) before any DynamoDB call checked the subscription.
    const check = request.context.app?.subscriptionCheck;
    const err = request.error;
    if (!check?.pending || !(err instanceof HttpError) || err.status >= 500 || err.status === 403) return;
    // 403 without a subscription (or the read's own failure); the refusal stands otherwise.
    await settleByRead(check).catch((failure: unknown) => {
      request.error = failure as Error;
    });
  },
});
