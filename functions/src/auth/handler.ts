import { loginRequest, signupRequest } from '../contract/auth';
import { createDomainHandler, parseBody } from '../lib/domain-handler';
import { unauthorized } from '../lib/http-error';
import { endingSession, readSessionCookies } from '../lib/session';
import { login, logout, logoutEverywhere, me, signup } from './auth-service';

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
  'GET /api/auth/me': async (req) => {
    if (!req.session) throw unauthorized();
    return { status: 200, body: { user: await me(req.session) } };
  },
});
