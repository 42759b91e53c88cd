import { loginRequest, mfaVerifyRequest, signupRequest } from '../contract/auth';
import { createDomainHandler, parseBody } from '../lib/domain-handler';
import { unauthorized } from '../lib/http-error';
import { endingSession, readSessionCookies } from '../lib/session';
import { finishMfaSetup, login, logout, logoutEverywhere, me, signup, startMfaSetup } from './auth-service';

export const handler = createDomainHandler('auth', {
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
  'GET /api/auth/me': async (req) => {
    if (!req.session) throw unauthorized();
    return { status: 200, body: { user: await me(req.session) } };
  },
});
