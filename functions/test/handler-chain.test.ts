import { createHmac } from 'node:crypto';
import { AdminInitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as authHandler } from '../src/auth/handler';
import { handler as webhookHandler } from '../src/billing/webhook-handler';
import { handler as billingHandler } from '../src/billing/handler';
import { handler as trackingHandler } from '../src/tracking/handler';
import { MAX_BODY_BYTES } from '../src/lib/middleware/json-body';
import { loadEvent } from './events';
import { setTestEnv } from './env';
import { accessCookie, refreshCookie, signedInCookies, awsError, cognitoMock, connectionRefused, ddbMock, principals, resetAwsMocks } from './fixtures';
import { stubJwksFetch } from './jwt';
import { expectJsonError, expectSecurityHeaders, invoke } from './lambda';

/**
 * The middleware chain (response → request state → CSRF → session + access → JSON body)
 * through real domain handler modules (auth, catalog, tracking, feedback).
 */
setTestEnv();
stubJwksFetch();
const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
beforeEach(() => {
  resetAwsMocks();
  // A login that reaches Cognito is refused: the tests below only care whether it got there.
  cognitoMock.on(AdminInitiateAuthCommand).rejects(awsError('NotAuthorizedException'));
});

const reachedCognito = () => cognitoMock.commandCalls(AdminInitiateAuthCommand).length > 0;

describe('unknown routes', () => {
  it.each(['GET /api/nope', 'DELETE /api/progress/today', '$default', ''])('answers 404 JSON for route key %j', async (key) => {
    const res = await invoke(trackingHandler, loadEvent('get-progress-today', { routeKey: key, cookies: signedInCookies('admin') }));
    expectJsonError(res, 404, 'Not found');
    expect(ddbMock.calls()).toHaveLength(0);
  });
});

describe('CSRF defence on state-changing requests', () => {
  it.each([
    ['a foreign origin', 'https://evil.example'],
    ['a look-alike origin', 'http://localhost:3000.evil.example'],
    ['another port', 'http://localhost:3001'],
    ['an opaque origin', 'null'],
    ['a malformed origin', 'not a url'],
  ])('refuses %s with 403 before anything else', async (_what, origin) => {
    const res = await invoke(authHandler, loadEvent('post-auth-login', { headers: { origin } }));
    expectJsonError(res, 403, 'Cross-site request refused');
    expect(reachedCognito()).toBe(false);
  });

  it('refuses a missing Origin with 403', async () => {
    const res = await invoke(authHandler, loadEvent('post-auth-login', { headers: { origin: undefined } }));
    expectJsonError(res, 403, 'Cross-site request refused');
    expect(reachedCognito()).toBe(false);
  });

  it('refuses a cross-site request even with a valid session (403, not 401/501)', async () => {
    const res = await invoke(trackingHandler, loadEvent('patch-progress-today', { headers: { origin: 'https://evil.example' }, cookies: signedInCookies('subscriber') }));
    expectJsonError(res, 403, 'Cross-site request refused');
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it.each(['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp', 'application/json-patch+json'])(
    'refuses a body sent as %s with 415',
    async (type) => {
      const res = await invoke(authHandler, loadEvent('post-auth-login', { headers: { 'content-type': type } }));
      expectJsonError(res, 415, 'Content-Type must be application/json');
      expect(reachedCognito()).toBe(false);
    },
  );

  it('refuses a body without a content type with 415', async () => {
    const res = await invoke(authHandler, loadEvent('post-auth-login', { headers: { 'content-type': undefined } }));
    expectJsonError(res, 415);
  });

  it('accepts JSON with parameters and in any case', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      cognitoMock.resetHistory();
      const res = await invoke(authHandler, loadEvent('post-auth-login', { headers: { 'content-type': type } }));
      expectJsonError(res, 401, 'Invalid credentials');
      expect(reachedCognito()).toBe(true);
    }
  });

  it('lets a bodyless POST without a content type through to the next check', async () => {
    const anonymous = await invoke(billingHandler, loadEvent('post-create-monthly-subscription'));
    expect(loadEvent('post-create-monthly-subscription').headers).not.toHaveProperty('content-type');
    expectJsonError(anonymous, 401, 'Authentication required');
    const logout = await invoke(authHandler, loadEvent('post-auth-logout'));
    expect(logout.statusCode).toBe(204);
  });

  it('accepts an origin that matches the Host even when it is not in ALLOWED_ORIGINS', async () => {
    const res = await invoke(authHandler, loadEvent('post-auth-login', { headers: { origin: 'https://fittrack.example', host: 'fittrack.example' } }));
    expectJsonError(res, 401, 'Invalid credentials');
    expect(reachedCognito()).toBe(true);
  });

  it('does not check reads (GET) from another origin', async () => {
    const res = await invoke(authHandler, loadEvent('get-auth-me', { headers: { origin: 'https://evil.example' }, cookies: signedInCookies('user') }));
    expect(res.statusCode).toBe(200);
  });

  it('leaves the Stripe webhook to its signature check (no Origin, Stripe content type)', async () => {
    const event = loadEvent('post-webhooks-stripe');
    expect(event.headers.origin).toBeUndefined();
    const res = await invoke(webhookHandler, event);
    expect([401, 403, 415]).not.toContain(res.statusCode);
    expectSecurityHeaders(res);
  });
});

describe('access levels', () => {
  it('answers 401 to an anonymous caller on a user route', async () => {
    expectJsonError(await invoke(authHandler, loadEvent('get-auth-me')), 401, 'Authentication required');
    expectJsonError(await invoke(billingHandler, loadEvent('get-paypal-setup')), 401, 'Authentication required');
  });

  it('answers 401 to an anonymous caller on subscriber and admin routes, before reading anything', async () => {
    expectJsonError(await invoke(trackingHandler, loadEvent('get-progress-today')), 401);
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('answers 403 to a signed-in non-subscriber on a subscriber route (profile read in the route\'s own BatchGet)', async () => {
    const res = await invoke(trackingHandler, loadEvent('get-progress-today', { cookies: signedInCookies('user') }));
    expectJsonError(res, 403, 'An active subscription is required');
    expect(ddbMock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems!['fittrack-test']!.Keys).toContainEqual({ pk: `USER#${principals.user.sub}`, sk: 'PROFILE' });
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('answers 403 when the subscription has expired, and 401 when the profile (and so the session) is gone', async () => {
    expectJsonError(await invoke(trackingHandler, loadEvent('post-pushups', { cookies: signedInCookies('lapsed') })), 403);
    const noProfile = accessCookie('user', { claims: { sub: 'sub-without-profile' } });
    expectJsonError(await invoke(trackingHandler, loadEvent('post-pushups', { cookies: [noProfile, refreshCookie('rt-user')] })), 401, 'Your session has ended. Please sign in again.');
  });

  it('answers 401 to a verified access token whose session has ended or without its refresh cookie, on every kind of route, and clears the cookies', async () => {
    const { handler: feedbackHandler } = await import('../src/feedback/handler');
    const ended = [accessCookie('subscriber'), refreshCookie('rt-logged-out')];
    for (const [h, name, cookies] of [
      [trackingHandler, 'post-pushups', ended],
      [trackingHandler, 'get-progress-today', ended],
      [authHandler, 'get-auth-me', ended],
      [authHandler, 'get-auth-me', [accessCookie('user')]],
      [feedbackHandler, 'get-feedback', [accessCookie('admin'), refreshCookie('rt-logged-out')]],
    ] as const) {
      const res = await invoke(h, loadEvent(name, { cookies: [...cookies] }));
      expectJsonError(res, 401, 'Your session has ended. Please sign in again.');
      expect(res.cookies).toEqual([expect.stringMatching(/^__Host-fittrack-access=; Max-Age=0;/), expect.stringMatching(/^__Host-fittrack-refresh=; Max-Age=0;/)]);
    }
    expect(ddbMock.commandCalls(TransactWriteCommand).length + ddbMock.commandCalls(PutCommand).length).toBe(1); // only the refused pushups transaction was attempted
  });

  it('lets a subscriber through to the route', async () => {
    const { handler: catalogHandler } = await import('../src/catalog/handler');
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    const res = await invoke(catalogHandler, loadEvent('get-meals', { cookies: signedInCookies('subscriber') }));
    expect(res.statusCode).toBe(200);
  });

  it('lets an admin through a subscriber route without a subscription (one profile read checks the session)', async () => {
    const { handler: catalogHandler } = await import('../src/catalog/handler');
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    const res = await invoke(catalogHandler, loadEvent('get-meals', { cookies: signedInCookies('admin') }));
    expect(res.statusCode).toBe(200);
    expect(ddbMock.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).toEqual([{ pk: `USER#${principals.admin.sub}`, sk: 'PROFILE' }]);
  });

  it('answers 403 to a signed-in user (even a subscriber) on an admin route', async () => {
    const { handler: feedbackHandler } = await import('../src/feedback/handler');
    for (const who of ['user', 'subscriber'] as const) {
      const res = await invoke(feedbackHandler, loadEvent('get-feedback', { cookies: signedInCookies(who) }));
      expectJsonError(res, 403, 'Administrator privileges required');
    }
  });

  it('ignores the userId of a body: identity comes from the token', async () => {
    const res = await invoke(trackingHandler, loadEvent('post-pushups', { cookies: signedInCookies('user'), body: { userId: principals.subscriber.sub, count: 10 } }));
    expectJsonError(res, 403);
  });
});

describe('request bodies', () => {
  it.each(['{"username":', '{username:"a"}', "{'a':1}", 'undefined', '{"a":1}}'])('answers 400 to invalid JSON %j', async (body) => {
    const res = await invoke(authHandler, loadEvent('post-auth-login', { body }));
    expectJsonError(res, 400, 'Request body must be valid JSON');
    expect(reachedCognito()).toBe(false);
  });

  it('answers 400 to JSON that is not an object', async () => {
    for (const body of ['null', '42', '"text"', '[]']) {
      expectJsonError(await invoke(authHandler, loadEvent('post-auth-login', { body })), 400, 'Request body must be a JSON object');
    }
  });

  it('answers 413 to a body over the limit, counted in bytes', async () => {
    const pad = (n: number, ch = 'x') => JSON.stringify({ username: 'alex', password: ch.repeat(n) });
    const overhead = pad(0).length;
    const atLimit = await invoke(authHandler, loadEvent('post-auth-login', { body: pad(MAX_BODY_BYTES - overhead) }));
    expect(atLimit.statusCode).toBe(400); // the password is too long, but the body size is fine
    expectJsonError(await invoke(authHandler, loadEvent('post-auth-login', { body: pad(MAX_BODY_BYTES - overhead + 1) })), 413, 'Request body is too large');
    // 'é' is two bytes in UTF-8: fewer characters than the limit, more bytes
    const multiByte = pad(Math.ceil((MAX_BODY_BYTES - overhead) / 2) + 1, 'é');
    expect(multiByte.length).toBeLessThan(MAX_BODY_BYTES);
    expectJsonError(await invoke(authHandler, loadEvent('post-auth-login', { body: multiByte })), 413);
    expect(reachedCognito()).toBe(false);
  });

  it('decodes a base64-encoded body', async () => {
    const event = loadEvent('post-auth-login');
    event.body = Buffer.from(event.body!, 'utf8').toString('base64');
    event.isBase64Encoded = true;
    expectJsonError(await invoke(authHandler, event), 401, 'Invalid credentials');
    expect(cognitoMock.commandCalls(AdminInitiateAuthCommand)[0]!.args[0].input.AuthParameters).toEqual({
      USERNAME: 'alex_runner',
      PASSWORD: 'orbit-lantern-quartz-42',
      SECRET_HASH: createHmac('sha256', 'test-client-secret').update('alex_runner' + 'test-client-id').digest('base64'),
    });
  });
});

describe('error answers', () => {
  it('maps a DynamoDB connection failure to 503 with no stack trace or internals', async () => {
    ddbMock.on(BatchGetCommand).rejects(connectionRefused());
    const res = await invoke(trackingHandler, loadEvent('get-progress-today', { cookies: signedInCookies('user') }));
    expectJsonError(res, 503, 'Service temporarily unavailable. Please try again shortly.');
    expect(res.headers['Retry-After']).toBe('2');
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|8000|\n\s+at |\.ts:\d+/);
  });

  it.each(['ThrottlingException', 'ProvisionedThroughputExceededException', 'TimeoutError'])('maps %s to 503', async (name) => {
    ddbMock.on(BatchGetCommand).rejects(awsError(name, 'internal detail'));
    const res = await invoke(trackingHandler, loadEvent('get-progress-today', { cookies: signedInCookies('user') }));
    expectJsonError(res, 503);
    expect(res.body).not.toContain('internal detail');
  });

  it('maps an unexpected error to 500 without its text and logs it with the request id', async () => {
    ddbMock.on(BatchGetCommand).rejects(new TypeError("Cannot read properties of undefined (reading 'secretField')"));
    const res = await invoke(trackingHandler, loadEvent('get-progress-today', { cookies: signedInCookies('user') }));
    const message = expectJsonError(res, 500);
    expect(message).toBe('Internal server error (request sample-get-progress-today)');
    expect(res.body).not.toMatch(/secretField|TypeError|\n\s+at /);
    const logged = consoleError.mock.calls.map((c) => String(c[0]));
    expect(logged.some((l) => l.includes('sample-get-progress-today') && l.includes('secretField'))).toBe(true);
  });

  it('does not log expected client errors as server errors', async () => {
    await invoke(trackingHandler, loadEvent('get-progress-today'));
    await invoke(trackingHandler, loadEvent('get-progress-today', { cookies: signedInCookies('lapsed') }));
    expect(consoleError).not.toHaveBeenCalled();
  });
});
