import { FORGOT_PASSWORD_SENT, changeEmailRequest, changePasswordRequest, verifyEmailRequest, forgotPasswordRequest, loginRequest, mfaVerifyRequest, resetPasswordRequest, signupRequest } from '../contract/auth';
import { parseBody } from '../lib/domain-handler';
import { unauthorized } from '../lib/http-error';
import { clearSessionCookies, endingSession, readSessionCookies } from '../lib/session';
import { changePassword, forgotPassword, resetPassword } from './password-service';
import { changeEmail, resendVerification, verifyEmail } from './email-service';
import { finishMfaSetup, login, logout, logoutEverywhere, signup, startMfaSetup } from './auth-service';
import { type RouteImpl } from '../lib/request';
import { type RouteKeyOf } from '../routes';

/**
 * Every auth route but GET /api/auth/me: sign-up, sign-in and out, MFA, passwords and email. The
 * handler loads this module on the first request of one of them (lib/domain-handler.ts
 * `lazyRoutes`): the Cognito client, the password rules and the input contracts stay off the
 * cold start of the route every app start calls.
 */
export const accountRoutes = {
  'POST /api/auth/signup': async (req) => {
    const { user, cookies } = await signup(parseBody(signupRequest, req.body), req.ip);
    req.setCookies.push(...cookies);
    return { status: 201, body: { user } };
  },
  'POST /api/auth/login': async (req) => {
    const { user, cookies } = await login(parseBody(loginRequest, req.body), req.ip);
    req.setCookies.push(...cookies);
    return { status: 200, body: { user } };
  },
  'POST /api/auth/logout': async (req) => {
    const cookies = await logout(readSessionCookies(req.event).refresh, await endingSession(req.event), req.ip);
    req.setCookies.push(...cookies);
    return { status: 204 };
  },
  'POST /api/auth/logout-all': async (req) => {
    if (!req.session) throw unauthorized();
    req.setCookies.push(...(await logoutEverywhere(req.session, req.ip)));
    return { status: 204 };
  },
  'POST /api/auth/mfa/setup': async (req) => {
    if (!req.session) throw unauthorized();
    return { status: 200, body: await startMfaSetup(req.session, readSessionCookies(req.event).access) };
  },
  'POST /api/auth/mfa/verify': async (req) => {
    if (!req.session) throw unauthorized();
    const { code } = parseBody(mfaVerifyRequest, req.body);
    await finishMfaSetup(req.session, readSessionCookies(req.event).access, code, req.ip);
    return { status: 204 };
  },
  'POST /api/auth/forgot-password': async (req) => {
    await forgotPassword(parseBody(forgotPasswordRequest, req.body));
    return { status: 202, body: { message: FORGOT_PASSWORD_SENT } };
  },
  'POST /api/auth/reset-password': async (req) => {
    await resetPassword(parseBody(resetPasswordRequest, req.body), req.ip);
    // whatever this browser held has ended with every other session
    req.setCookies.push(...clearSessionCookies());
    return { status: 200, body: { message: 'Your password has been changed. Sign in with the new password.' } };
  },
  'POST /api/auth/change-password': async (req) => {
    if (!req.session) throw unauthorized();
    const { cookies, signedOut } = await changePassword(req.session, parseBody(changePasswordRequest, req.body), req.ip);
    req.setCookies.push(...cookies);
    return {
      status: 200,
      body: {
        message: signedOut
          ? 'Your password has been changed and every session has ended. Sign in with the new password and your code.'
          : 'Your password has been changed. Every other device has been signed out.',
        signedOut,
      },
    };
  },
  'POST /api/auth/verify-email': async (req) => {
    if (!req.session) throw unauthorized();
    const { code } = parseBody(verifyEmailRequest, req.body);
    return { status: 200, body: { user: await verifyEmail(req.session, readSessionCookies(req.event).access, code, req.ip) } };
  },
  'POST /api/auth/resend-verification': async (req) => {
    if (!req.session) throw unauthorized();
    await resendVerification(req.session, readSessionCookies(req.event).access);
    return { status: 202, body: { message: 'A new code is on its way. Use the newest code you receive.' } };
  },
  'POST /api/auth/change-email': async (req) => {
    if (!req.session) throw unauthorized();
    const input = parseBody(changeEmailRequest, req.body);
    await changeEmail(req.session, readSessionCookies(req.event).access, input, req.ip);
    return { status: 200, body: { message: `We sent a code to ${input.email}. Enter the newest code to confirm the new address.`, email: input.email } };
  },
} satisfies Partial<Record<RouteKeyOf<'auth'>, RouteImpl>>;
