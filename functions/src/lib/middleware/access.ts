import type middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { SessionEndedError, profileCheck, settleByRead } from '../profile-check';
import { HttpError, forbidden, unauthorized } from '../http-error';
import { type AppContext, type AppEvent, type Session } from '../request';
import { clearSessionCookies, resolveSession } from '../session';
import { getProfile } from '../profile-repository';
import { logUser } from '../log';

/**
 * Enforces the route's access level from the route table (default deny):
 * 401 without a live session, 403 for the wrong role or without an active subscription.
 * Admins pass subscriber routes (DESIGN.md departure 3). An admin token is checked against Cognito's
 * current group membership (lib/admin-gate.ts), and admin routes also need two-step sign-in.
 *
 * A verified access token is not enough: the session must still be one the account has (ended by
 * logout, sign out everywhere, a password change or reset, deletion). Neither that nor the
 * subscription is read here: the request's first DynamoDB call checks both (lib/profile-check.ts).
 * A request that made none (a refusal of its body, a route that needed no data) is checked when it
 * finishes, with one profile read, so a caller whose session ended gets 401 whatever the body.
 */
export const accessMiddleware = (): middy.MiddlewareObj<AppEvent, APIGatewayProxyStructuredResultV2, Error, AppContext> => ({
  before: async (request) => {
    const app = request.context.app;
    const access = app.route.access;
    if (access === 'stripe') return;
    // Public routes only read a session that is already valid; they never call Cognito to refresh one.
    app.session = await resolveSession(request.event, app.setCookies, { refresh: access !== 'public' });
    if (app.session) logUser(app.session.sub);
    switch (access) {
      case 'public':
        return;
      case 'user':
        openCheck(app, signedIn(app.session), false);
        return;
      case 'admin': {
        const session = signedIn(app.session);
        if (session.role !== 'admin') throw forbidden('Administrator privileges required');
        // the token's group may be an hour old: Cognito says whether it still holds, and whether
        // two-step sign-in is set up (decision 0018)
        await (await import('../admin-gate')).assertAdminWithMfa(session);
        openCheck(app, session, false);
        return;
      }
      case 'subscriber': {
        const session = signedIn(app.session);
        // Admins pass subscriber routes; one removed from the group since the token was issued does not.
        const admin = session.role === 'admin' && (await (await import('../admin-gate')).isStillAdmin(session));
        openCheck(app, session, !admin);
        return;
      }
      default: {
        const never: never = access;
        throw forbidden(`Unknown access level ${String(never)}`);
      }
    }
  },
  after: async (request) => {
    const check = request.context.app.profileCheck;
    if (check?.pending) await settleByRead(check);
  },
  onError: async (request) => {
    const app = request.context.app;
    const check = app?.profileCheck;
    const err = request.error;
    // A refusal (400, 404, 409, 413...) before any DynamoDB call checked the profile: 401 or 403
    // when the check fails (or the read's own failure); the refusal stands otherwise.
    if (check?.pending && err instanceof HttpError && err.status < 500 && err.status !== 403 && !(err instanceof SessionEndedError)) {
      await settleByRead(check).catch((failure: unknown) => {
        request.error = failure as Error;
      });
    }
    if (request.error instanceof SessionEndedError) app.setCookies.push(...clearSessionCookies());
  },
});

const signedIn = (session: Session | undefined): Session => {
  if (!session) throw unauthorized();
  return session;
};

function openCheck(app: AppContext['app'], session: Session, requireSubscription: boolean): void {
  // Without the refresh cookie there is no session to find in the profile: ended.
  if (!session.key) throw new SessionEndedError();
  const { sub } = session;
  app.profileCheck = profileCheck({ sub, sessionKey: session.key, requireSubscription }, () => getProfile(sub));
}
