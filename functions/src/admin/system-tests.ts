import { randomBytes } from 'node:crypto';
import { AdminDeleteUserCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulidx';
import type { SystemTestResponse } from '../contract/admin';
import { systemTests, type SystemTest } from '../contract/admin-rules';
import { login, signup } from '../auth/auth-service';
import { deleteTestFeedback } from '../feedback/feedback-repository';
import { rateWindow, submitFeedback } from '../feedback/feedback-service';
import { cognito } from '../lib/cognito';
import { getEnv } from '../lib/env';
import { HttpError, notFound, unauthorized } from '../lib/http-error';
import { deleteProfile, releaseEmail } from '../lib/profile-repository';
import { type RouteImpl, type Session } from '../lib/request';
import { type RouteKeyOf } from '../routes';

/**
 * Admin system tests (DESIGN.md departure 7): each runs the real service code on the server with a
 * throwaway account made for the run (random name and password, never shown, never stored) and
 * removes it afterwards. No fixed or demo credentials exist anywhere.
 *
 * A refusal by the code under test (an HttpError) is a failed test; anything else (a dependency
 * outage) propagates and becomes a 5xx, which the admin page shows as 'Error'.
 */

function throwawayCredentials() {
  const username = `systest_${randomBytes(8).toString('hex')}`;
  // upper, lower and digit guaranteed, then 24 random base64url characters
  const password = `Sy7${randomBytes(18).toString('base64url')}`;
  return { username, email: `${username}@example.com`, password };
}

const errName = (err: unknown) => (err as { name?: string })?.name ?? '';

/** Deletes the throwaway account: the Cognito user and its profile item. Answers a problem, if any. */
async function removeThrowaway(username: string, email: string, knownSub: string | undefined): Promise<string | undefined> {
  const poolId = getEnv().userPoolId;
  let sub = knownSub;
  try {
    if (!sub) {
      const u = await cognito().send(new AdminGetUserCommand({ UserPoolId: poolId, Username: username }));
      sub = u.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
    }
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: poolId, Username: username }));
  } catch (err) {
    if (errName(err) !== 'UserNotFoundException') return `could not delete the Cognito user ${username} (${errName(err) || String(err)})`;
  }
  if (sub) {
    try {
      await deleteProfile(sub);
      await releaseEmail(email, sub);
    } catch (err) {
      return `could not delete the profile of ${username} (${errName(err) || String(err)})`;
    }
  }
  return undefined;
}

const refusal = (what: string, err: HttpError) => `${what} was refused: ${err.status} ${err.message}`;

async function withThrowaway(
  ip: string,
  run: (account: ReturnType<typeof throwawayCredentials>, sub: string) => Promise<SystemTestResponse>,
): Promise<SystemTestResponse> {
  const account = throwawayCredentials();
  let sub: string | undefined;
  let result: SystemTestResponse;
  try {
    // no verification mail to the throwaway's made-up address
    const { user } = await signup({ username: account.username, email: account.email, password: account.password }, ip, { mailCode: false });
    sub = user.id;
    result = await run(account, user.id);
  } catch (err) {
    if (!(err instanceof HttpError)) {
      await removeThrowaway(account.username, account.email, sub);
      throw err;
    }
    result = { passed: false, details: refusal(sub ? 'Sign-in of the throwaway account' : 'Sign-up of a throwaway account', err) };
  }
  const problem = await removeThrowaway(account.username, account.email, sub);
  if (problem) return { passed: false, details: `${result.details} — but cleanup failed: ${problem}` };
  return result;
}

async function signupTest(ip: string): Promise<SystemTestResponse> {
  return withThrowaway(ip, async (account, sub) => {
    const ok = sub.length > 0;
    return ok
      ? { passed: true, details: `Created the throwaway account ${account.username} (role user, no subscription), then deleted it.` }
      : { passed: false, details: 'Sign-up answered without a user id.' };
  });
}

async function loginTest(ip: string): Promise<SystemTestResponse> {
  return withThrowaway(ip, async (account, sub) => {
    const { user, cookies } = await login({ username: account.username, password: account.password }, ip);
    if (user.id !== sub) return { passed: false, details: `Sign-in answered another user (${user.id}) than the one created (${sub}).` };
    if (cookies.length < 2) return { passed: false, details: 'Sign-in set no session cookies.' };
    return { passed: true, details: `Signed in the throwaway account ${account.username} and received a session, then deleted the account.` };
  });
}

async function feedbackTest(admin: Session, ip: string): Promise<SystemTestResponse> {
  const now = new Date();
  const message = `System test ${ulid()}: feedback submission check. This item is deleted right away.`;
  const email = 'system-test@example.com';
  let id: string;
  try {
    const f = await submitFeedback({ email, message, category: 'general', name: 'System test' }, admin, ip, now, { logNote: '(system test, removed again)' });
    id = f.id;
  } catch (err) {
    if (err instanceof HttpError) return { passed: false, details: refusal('The feedback submission', err) };
    throw err;
  }
  const deleted = await deleteTestFeedback({ id, userId: admin.sub, message, email }, rateWindow(now).window);
  if (!deleted) return { passed: false, details: `Feedback ${id} was accepted but not found as submitted when removing it.` };
  return { passed: true, details: `Submitted feedback ${id}, found it stored as sent, then deleted it (totals unchanged).` };
}

async function runSystemTest(test: SystemTest, admin: Session, ip: string): Promise<SystemTestResponse> {
  switch (test) {
    case 'signup':
      return signupTest(ip);
    case 'login':
      return loginTest(ip);
    case 'feedback':
      return feedbackTest(admin, ip);
  }
}

/**
 * POST /api/admin/system-tests/{test}. The handler loads this module on the route's first request
 * (lib/domain-handler.ts `lazyRoutes`): the Cognito client and the services it drives stay off the
 * cold start of the log list.
 */
export const systemTestRoutes = {
  'POST /api/admin/system-tests/{test}': async (req) => {
    if (!req.session) throw unauthorized();
    const test = req.pathParameters.test ?? '';
    if (!(systemTests as readonly string[]).includes(test)) throw notFound(`Unknown system test: use ${systemTests.join(', ')}`);
    return { status: 200, body: await runSystemTest(test as SystemTest, req.session, req.ip) };
  },
} satisfies Partial<Record<RouteKeyOf<'admin'>, RouteImpl>>;
