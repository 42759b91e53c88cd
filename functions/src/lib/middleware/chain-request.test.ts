import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEvent } from '../../../test/events';
import { setTestEnv } from '../../../test/env';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { accessCookie, signedInCookies, ddbMock, principals, resetAwsMocks } from '../../../test/fixtures';
import { stubJwksFetch } from '../../../test/jwt';
import { expectJsonError, expectSecurityHeaders, invoke } from '../../../test/lambda';
import { createDomainHandler } from '../domain-handler';
import { HttpError } from '../http-error';
import { type AppRequest, type AppResult } from '../request';

/**
 * The request state the chain hands to a route implementation, and how it shapes the
 * result, seen through a tracking-domain handler whose implementations record the request.
 */
setTestEnv();
stubJwksFetch();
vi.spyOn(console, 'error').mockImplementation(() => undefined);
beforeEach(() => resetAwsMocks());

let seen: AppRequest | undefined;
let answer: () => Promise<AppResult> = async () => ({ status: 200, body: { ok: true } });
const record = async (req: AppRequest) => {
  seen = req;
  return answer();
};
const handler = createDomainHandler('tracking', {
  'GET /api/progress/today': record,
  'PATCH /api/progress/today': record,
  'POST /api/progress/today/meals': record,
  'GET /api/progress/today/meals': record,
  'DELETE /api/progress/today/meals/{id}': record,
  'GET /api/progress/history': record,
  'GET /api/pushups/today': record,
  'POST /api/pushups': record,
  'DELETE /api/pushups/{id}': record,
});
beforeEach(() => {
  seen = undefined;
  answer = async () => ({ status: 200, body: { ok: true } });
});

describe('request state', () => {
  it('hands the route, ids, IP, time zone, session, profile check, parameters and parsed body to the route', async () => {
    const res = await invoke(handler, loadEvent('post-pushups', { cookies: signedInCookies('subscriber') }));
    expect(res.statusCode).toBe(200);
    expect(seen).toMatchObject({
      route: { name: 'post-pushups', access: 'subscriber' },
      requestId: 'sample-post-pushups',
      ip: '203.0.113.10',
      timeZone: 'Europe/Berlin',
      session: { sub: principals.subscriber.sub, username: 'alex_runner', role: 'user', groups: [] },
      // no DynamoDB call made it, so the chain checked the subscription when the route finished
      profileCheck: { sub: principals.subscriber.sub, requireSubscription: true, pending: false },
      body: { userId: 1, count: 10 },
      rawBody: '{"userId":1,"count":10}',
      pathParameters: {},
      query: {},
    });
  });

  it('checks the subscription with one profile read when the route made no DynamoDB call: 403 instead of the answer', async () => {
    for (const caller of ['user', 'lapsed'] as const) {
      ddbMock.resetHistory();
      const res = await invoke(handler, loadEvent('patch-progress-today', { cookies: signedInCookies(caller) }));
      expectJsonError(res, 403, 'An active subscription is required');
      expect(res.body).not.toContain('"ok"');
      expect(ddbMock.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).toEqual([{ pk: `USER#${principals[caller].sub}`, sk: 'PROFILE' }]);
    }
    expect(seen).toMatchObject({ profileCheck: { pending: false, refusal: { status: 403 } } });
  });

  it('answers 403, not the refusal, to a caller without a subscription whose request is refused before any DynamoDB call', async () => {
    answer = async () => {
      throw new HttpError(404, 'Meal not found');
    };
    const refused = await invoke(handler, loadEvent('post-progress-today-meals', { cookies: signedInCookies('user') }));
    expectJsonError(refused, 403, 'An active subscription is required');
    // a body the chain itself refuses (invalid JSON) before the route runs
    const invalid = await invoke(handler, loadEvent('post-pushups', { cookies: signedInCookies('lapsed'), body: '{"count":' }));
    expectJsonError(invalid, 403, 'An active subscription is required');
    // a subscriber gets the refusal itself
    expectJsonError(await invoke(handler, loadEvent('post-progress-today-meals', { cookies: signedInCookies('subscriber') })), 404, 'Meal not found');
    expectJsonError(await invoke(handler, loadEvent('post-pushups', { cookies: signedInCookies('subscriber'), body: '{"count":' })), 400);
  });

  it('passes the query string and falls back to UTC for an invalid time zone', async () => {
    await invoke(handler, loadEvent('get-progress-history', { cookies: signedInCookies('admin'), headers: { 'x-time-zone': 'Mars/Base' } }));
    expect(seen?.query).toEqual({ days: '7' });
    expect(seen?.timeZone).toBe('UTC');
    expect(seen?.session?.role).toBe('admin');
    expect(seen?.profileCheck).toMatchObject({ requireSubscription: false }); // admins pass subscriber routes: only the session is checked
    await invoke(handler, loadEvent('get-progress-history', { cookies: signedInCookies('admin'), headers: { 'x-time-zone': undefined } }));
    expect(seen?.timeZone).toBe('UTC');
  });

  it('leaves the body undefined when there is none', async () => {
    await invoke(handler, loadEvent('get-progress-today', { cookies: signedInCookies('admin') }));
    expect(seen?.body).toBeUndefined();
    expect(seen?.rawBody).toBe('');
  });
});

describe('response shaping', () => {
  it('serialises a body as JSON with the security headers and no-store', async () => {
    const res = await invoke(handler, loadEvent('get-progress-today', { cookies: signedInCookies('admin') }));
    expect(res.body).toBe('{"ok":true}');
    expect(res.headers['Content-Type']).toBe('application/json');
    expect(res.headers['Cache-Control']).toBe('no-store');
    expectSecurityHeaders(res);
  });

  it('sends no body and no content type for a bodyless answer', async () => {
    answer = async () => ({ status: 204 });
    const res = await invoke(handler, loadEvent('get-progress-today', { cookies: signedInCookies('admin') }));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBeUndefined();
    expect(res.headers).not.toHaveProperty('Content-Type');
    expect(res.headers['Cache-Control']).toBe('no-store');
  });

  it('keeps headers the route chose, including its own Cache-Control', async () => {
    answer = async () => ({ status: 200, body: [], headers: { 'Cache-Control': 'private, max-age=60', ETag: '"x"' } });
    const res = await invoke(handler, loadEvent('get-progress-today', { cookies: signedInCookies('admin') }));
    expect(res.headers['Cache-Control']).toBe('private, max-age=60');
    expect(res.headers.ETag).toBe('"x"');
    expectSecurityHeaders(res);
  });

  it('keeps the status, message and headers of an HttpError', async () => {
    answer = async () => {
      throw new HttpError(429, 'Slow down', { 'Retry-After': '30' });
    };
    const res = await invoke(handler, loadEvent('get-progress-today', { cookies: signedInCookies('admin') }));
    expectJsonError(res, 429, 'Slow down');
    expect(res.headers['Retry-After']).toBe('30');
  });

  it('adds the cookies queued by the session check (a cleared stale cookie) to an error answer', async () => {
    answer = async () => {
      throw new Error('boom with internals');
    };
    const res = await invoke(handler, loadEvent('get-progress-today', { cookies: [accessCookie('admin', { expiresIn: -5 })] }));
    // no refresh cookie: the stale cookies are cleared even though the answer is an error
    expectJsonError(res, 401);
    expect(res.cookies).toEqual([expect.stringMatching(/^__Host-fittrack-access=; Max-Age=0;/), expect.stringMatching(/^__Host-fittrack-refresh=; Max-Age=0;/)]);
    expect(seen).toBeUndefined();
  });

  it('hides the text of an unexpected error', async () => {
    answer = async () => {
      throw new Error('boom with internals');
    };
    const res = await invoke(handler, loadEvent('get-progress-today', { cookies: signedInCookies('admin') }));
    expectJsonError(res, 500, 'Internal server error (request sample-get-progress-today)');
    expect(res.body).not.toContain('boom');
  });
});
