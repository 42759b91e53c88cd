import * as crypto from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEvent } from '../../../test/events';
import { setTestEnv } from '../../../test/env';
import { ddbMock, resetAwsMocks } from '../../../test/fixtures';
import { expectJsonError, invoke } from '../../../test/lambda';
import { createDomainHandler } from '../domain-handler';
import { ORIGIN_VERIFY_HEADER, originSecretMatcher } from '../origin-secret';
import { type AppRequest } from '../request';
import { DIRECT_ACCESS_REFUSED } from './origin-check';

// The real timingSafeEqual, wrapped so the tests can see that the comparison goes through it.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

/**
 * The origin check, first in the chain: with ORIGIN_VERIFY_SECRET set (AWS), only requests that
 * carry CloudFront's x-origin-verify header with the right value get any further; without the
 * variable (locally) there is no check. Seen through domain handlers whose routes record the call.
 */
const SECRET = 'Zk3q9XvT2mLr8WbN4yHc7JdP1sGa6EoU5iKfR0tYwQzMnBxV';
const seen: AppRequest[] = [];
const record = async (req: AppRequest) => {
  seen.push(req);
  return { status: 200, body: { ok: true } };
};
const catalog = createDomainHandler('catalog', {
  'GET /api/config': record,
  'GET /api/meals': record,
  'GET /api/workouts': record,
  'GET /api/stretches': record,
});
const webhook = createDomainHandler('stripe-webhook', { 'POST /webhooks/stripe': record });

const config = (headers: Record<string, string | undefined> = {}) => invoke(catalog, loadEvent('get-config', { headers }));

beforeEach(() => {
  seen.length = 0;
  resetAwsMocks();
  vi.mocked(crypto.timingSafeEqual).mockClear();
});
afterAll(() => setTestEnv({ ORIGIN_VERIFY_SECRET: undefined }));

describe('origin secret configured (AWS)', () => {
  beforeEach(() => setTestEnv({ ORIGIN_VERIFY_SECRET: SECRET }));

  it('refuses a request without the header: 403 JSON { message } with the security headers, nothing runs', async () => {
    const res = await config();
    expectJsonError(res, 403, DIRECT_ACCESS_REFUSED);
    expect(seen).toEqual([]);
  });

  it.each([
    ['a wrong value', 'not-the-secret'],
    ['an empty value', ''],
    ['the secret with a suffix', `${SECRET}x`],
    ['a prefix of the secret', SECRET.slice(0, -1)],
    ['the secret in another case', SECRET.toUpperCase()],
    ['the secret twice (a repeated header, joined by API Gateway)', `${SECRET},${SECRET}`],
    ['the secret with spaces around it', ` ${SECRET} `],
  ])('refuses %s with 403', async (_what, value) => {
    const res = await config({ [ORIGIN_VERIFY_HEADER]: value });
    expectJsonError(res, 403, DIRECT_ACCESS_REFUSED);
    expect(seen).toEqual([]);
  });

  it('lets the right value through (header names are case-insensitive)', async () => {
    expect((await config({ [ORIGIN_VERIFY_HEADER]: SECRET })).statusCode).toBe(200);
    const event = loadEvent('get-config');
    event.headers['X-Origin-Verify'] = SECRET;
    expect((await invoke(catalog, event)).statusCode).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it('compares in constant time (timingSafeEqual over fixed-length digests)', async () => {
    await config({ [ORIGIN_VERIFY_HEADER]: 'short' });
    await config({ [ORIGIN_VERIFY_HEADER]: SECRET });
    const calls = vi.mocked(crypto.timingSafeEqual).mock.calls;
    expect(calls).toHaveLength(2);
    for (const [a, b] of calls) {
      expect((a as Buffer).length).toBe(32);
      expect((b as Buffer).length).toBe(32);
    }
  });

  it('refuses before anything else looks at the request: unknown route, foreign Origin, no session', async () => {
    expectJsonError(await invoke(catalog, loadEvent('get-config', { routeKey: 'GET /api/nope' })), 403, DIRECT_ACCESS_REFUSED);
    const forged = loadEvent('post-auth-login', { headers: { origin: 'https://evil.example', 'x-viewer-ip': '10.0.0.1' } });
    expectJsonError(await invoke(catalog, forged), 403, DIRECT_ACCESS_REFUSED);
    expectJsonError(await invoke(catalog, loadEvent('get-meals')), 403, DIRECT_ACCESS_REFUSED);
    expect(ddbMock.calls()).toHaveLength(0);
    expect(seen).toEqual([]);
  });

  it('the Stripe webhook (through CloudFront) passes with the header and is refused without it', async () => {
    const withHeader = await invoke(webhook, loadEvent('post-webhooks-stripe', { headers: { [ORIGIN_VERIFY_HEADER]: SECRET } }));
    expect(withHeader.statusCode).toBe(200);
    expect(seen.map((r) => r.route.name)).toEqual(['post-webhooks-stripe']);
    expectJsonError(await invoke(webhook, loadEvent('post-webhooks-stripe')), 403, DIRECT_ACCESS_REFUSED);
    expect(seen).toHaveLength(1);
  });

  it('never echoes the secret or the presented value', async () => {
    for (const value of [undefined, 'guess-1234']) {
      const res = await config({ [ORIGIN_VERIFY_HEADER]: value });
      const text = JSON.stringify(res);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('guess-1234');
    }
  });

  it('reads the expected value once per cold start', async () => {
    expect((await config({ [ORIGIN_VERIFY_HEADER]: SECRET })).statusCode).toBe(200);
    process.env.ORIGIN_VERIFY_SECRET = 'changed-after-the-cold-start';
    expect((await config({ [ORIGIN_VERIFY_HEADER]: SECRET })).statusCode).toBe(200);
    expectJsonError(await config({ [ORIGIN_VERIFY_HEADER]: 'changed-after-the-cold-start' }), 403);
  });
});

describe('origin secret not configured (local stack)', () => {
  it.each([
    ['unset', undefined],
    ['empty', ''],
  ])('ORIGIN_VERIFY_SECRET %s: no check, with or without the header', async (_what, value) => {
    setTestEnv({ ORIGIN_VERIFY_SECRET: value });
    expect((await config()).statusCode).toBe(200);
    expect((await config({ [ORIGIN_VERIFY_HEADER]: 'anything' })).statusCode).toBe(200);
    expect(seen).toHaveLength(2);
  });
});

describe('originSecretMatcher', () => {
  const matches = originSecretMatcher(SECRET);

  it('accepts exactly the secret', () => {
    expect(matches(SECRET)).toBe(true);
    for (const v of [undefined, '', SECRET.slice(1), `${SECRET}\n`, SECRET.toLowerCase()]) expect(matches(v), JSON.stringify(v)).toBe(false);
  });

  it('refuses to build a matcher for an empty secret (that would be no check at all)', () => {
    expect(() => originSecretMatcher('')).toThrow();
  });
});
