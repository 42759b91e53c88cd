import { describe, expect, it } from 'vitest';
import { ApiClient, STRONG_PASSWORD, adminClient, signedUpClient, uniqueName } from '../../test/api-client';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../lib/cookies';
import { PASSWORD_POLICY_TEXT, type UserResponse } from '../contract/auth';
import { activityLogsOf } from '../../test/activity-logs';

const cookieFlags = (c: string) => c.split(';').slice(1).map((a) => a.trim().toLowerCase());

const logsFor = activityLogsOf;

describe('sign up', () => {
  it('creates a confirmed user, starts a session with secure cookies and logs the signup', async () => {
    const c = new ApiClient();
    const username = uniqueName('signup');
    const res = await c.post<UserResponse>('/api/auth/signup', { username, email: `${username}@example.com`, password: STRONG_PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      username,
      email: `${username}@example.com`,
      role: 'user',
      subscriptionStatus: 'none',
      subscriptionExpiresAt: null,
      hasActiveSubscription: false,
    });
    expect(res.text).not.toMatch(/eyJ/); // no token in the body
    const names = res.setCookies.map((c) => c.split('=')[0]);
    expect(names).toEqual([ACCESS_COOKIE, REFRESH_COOKIE]);
    for (const cookie of res.setCookies) {
      expect(cookieFlags(cookie)).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=strict', 'path=/']));
    }
    const me = await c.get<UserResponse>('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(res.body.user.id);
    const logs = await logsFor('signup', res.body.user.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ action: 'signup', ipAddress: c.address }); // the connection's own address
  });

  it('refuses a duplicate username with 409', async () => {
    const { username } = await signedUpClient('dup');
    const res = await new ApiClient().post('/api/auth/signup', { username, email: 'other@example.com', password: STRONG_PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'That username is already taken. Please choose another.' });
  });

  it.each([
    ['short', 'Ab1'],
    ['no digit', 'Passwordxx'],
    ['no upper', 'passw0rdxx'],
    ['no lower', 'PASSW0RDXX'],
  ])('refuses a weak password (%s) with the policy in words', async (_label, password) => {
    const res = await new ApiClient().post('/api/auth/signup', { username: uniqueName('weak'), email: 'w@example.com', password });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: PASSWORD_POLICY_TEXT });
  });

  it.each([
    [{ email: 'a@example.com', password: STRONG_PASSWORD }, /username/i],
    [{ username: 'validname', email: 'not-an-email', password: STRONG_PASSWORD }, /email/i],
    [{ username: 'validname', email: 'a@example.com', password: STRONG_PASSWORD, role: 'admin' }, /unknown field: role/i],
    [{ username: 42, email: 'a@example.com', password: STRONG_PASSWORD }, /username/i],
  ])('answers 400 naming the field for %j', async (body, message) => {
    const res = await new ApiClient().post<{ message: string }>('/api/auth/signup', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });
});

describe('log in', () => {
  it('signs in, sets the cookies, logs the login with the caller IP', async () => {
    const { username, id } = await signedUpClient('login');
    const c = new ApiClient();
    const res = await c.post<UserResponse>('/api/auth/login', { username, password: STRONG_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(id);
    expect(res.text).not.toMatch(/eyJ/);
    expect(c.jar.has(ACCESS_COOKIE)).toBe(true);
    expect(c.jar.has(REFRESH_COOKIE)).toBe(true);
    const logs = await logsFor('login', id);
    expect(logs.length).toBeGreaterThanOrEqual(1);
    expect(logs[0]).toMatchObject({ userId: id, ipAddress: c.address });
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const { username } = await signedUpClient('wrongpw');
    const wrong = await new ApiClient().post('/api/auth/login', { username, password: 'Wr0ngPassword' });
    const unknown = await new ApiClient().post('/api/auth/login', { username: uniqueName('nobody'), password: 'Wr0ngPassword' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.text).toBe('{"message":"Invalid credentials"}');
    expect(unknown.text).toBe(wrong.text);
    expect(wrong.setCookies).toEqual([]);
  });

  it('returns the admin role from the Cognito group', async () => {
    const admin = await adminClient();
    const me = await admin.get<UserResponse>('/api/auth/me');
    expect(me.body.user.role).toBe('admin');
  });
});

describe('session', () => {
  it('answers 401 to /me without a session', async () => {
    const res = await new ApiClient().get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Authentication required' });
  });

  it('rejects a forged access token', async () => {
    const { client } = await signedUpClient('forge');
    const token = client.jar.get(ACCESS_COOKIE)!;
    const [h, p] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    payload['cognito:groups'] = ['admin'];
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${token.split('.')[2]}`;
    const c = new ApiClient();
    c.jar.set(ACCESS_COOKIE, forged);
    expect((await c.get('/api/admin/logs')).status).toBe(401);
  });

  it('does not refresh from a refresh cookie whose access cookie is missing or not a token (a confidential client must name the user): 401, both cleared', async () => {
    // The refresh of an expired token (AdminInitiateAuth REFRESH_TOKEN_AUTH with USERNAME and SECRET_HASH)
    // is covered in auth/handler.test.ts: cognito-local's tokens live 60 minutes.
    const { client } = await signedUpClient('refresh');
    client.jar.set(ACCESS_COOKIE, 'expired.or.garbage');
    const res = await client.get<UserResponse>('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.setCookies.map((c) => c.split('=')[0]).sort()).toEqual([ACCESS_COOKIE, REFRESH_COOKIE].sort());
    expect(client.jar.size).toBe(0);
  });

  it('logs out: clears the cookies and revokes the refresh token', async () => {
    const { client } = await signedUpClient('logout');
    const refresh = client.jar.get(REFRESH_COOKIE)!;
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(204);
    expect(res.setCookies.map((c) => c.split('=')[0]).sort()).toEqual([ACCESS_COOKIE, REFRESH_COOKIE].sort());
    expect(res.setCookies.every((c) => /Max-Age=0/.test(c))).toBe(true);
    expect(client.jar.size).toBe(0);
    const replay = new ApiClient();
    replay.jar.set(REFRESH_COOKIE, refresh);
    expect((await replay.get('/api/auth/me')).status).toBe(401);
  });
});

describe('request guards', () => {
  it('refuses a foreign Origin with 403 and a missing Origin with 403', async () => {
    const c = new ApiClient();
    const body = { username: 'x', password: 'y' };
    expect((await c.request('POST', '/api/auth/login', { body, origin: 'https://evil.example' })).status).toBe(403);
    expect((await c.request('POST', '/api/auth/login', { body, origin: null })).status).toBe(403);
  });

  it('refuses a non-JSON body with 415', async () => {
    const res = await new ApiClient().request('POST', '/api/auth/login', {
      rawBody: 'username=a&password=b',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: 'Content-Type must be application/json' });
  });

  it('answers 400 to invalid JSON', async () => {
    const res = await new ApiClient().request('POST', '/api/auth/login', { rawBody: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Request body must be valid JSON' });
  });

  it('enforces access levels from the route table', async () => {
    const anon = new ApiClient();
    const { client: user } = await signedUpClient('levels');
    const admin = await adminClient();
    expect((await anon.get('/api/progress/today')).status).toBe(401);
    expect((await anon.get('/api/admin/logs')).status).toBe(401);
    const sub = await user.get('/api/progress/today');
    expect(sub.status).toBe(403);
    expect(sub.body).toEqual({ message: 'An active subscription is required' });
    expect((await user.get('/api/admin/logs')).status).toBe(403);
    expect((await user.get('/api/feedback')).status).toBe(403);
    // admins pass subscriber routes (DESIGN departure 3)
    expect((await admin.get('/api/meals')).status).toBe(200);
    expect((await admin.get('/api/admin/logs')).status).toBe(200);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await new ApiClient().get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not Found' });
  });

  it('sends the security headers on API responses', async () => {
    const res = await new ApiClient().get('/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ productName: 'FitTrack', paymentMode: 'sandbox', stripePublishableKey: null, paypalClientId: null });
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(res.headers.get('strict-transport-security')!)![1])).toBeGreaterThanOrEqual(31536000);
    const csp = res.headers.get('content-security-policy')!;
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(d);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('catalogue', () => {
  it('serves the seeded catalogue with an ETag and answers 304 when unchanged', async () => {
    const admin = await adminClient();
    const meals = await admin.get<unknown[]>('/api/meals');
    expect(meals.status).toBe(200);
    expect(meals.body.length).toBeGreaterThan(0);
    const etag = meals.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await admin.get('/api/meals', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    for (const path of ['/api/workouts', '/api/stretches']) {
      const r = await admin.get<unknown[]>(path);
      expect(r.status).toBe(200);
      expect(r.body.length).toBeGreaterThan(0);
    }
  });
});
