import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEvent } from '../../test/events';
import { setTestEnv } from '../../test/env';
import { signedInCookies, connectionRefused, ddbMock, principals, resetAwsMocks } from '../../test/fixtures';
import { stubJwksFetch } from '../../test/jwt';
import { expectJsonError, expectSecurityHeaders, invoke, jsonBody } from '../../test/lambda';
import { resetEnvCache } from '../lib/env';
import { CATALOG_COPIES, type CatalogKind, keys } from '../lib/db/keys';
import { configResponse } from '../contract/auth';
import { mealSchema, stretchSchema, workoutSchema } from '../contract/catalog';
import { meals, stretches, workouts } from './catalog-data';
import { handler } from './handler';

setTestEnv();
stubJwksFetch();
const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
beforeAll(() => setTestEnv());
beforeEach(() => {
  resetAwsMocks();
  const items = { MEAL: meals, WORKOUT: workouts, STRETCH: stretches } as const;
  // every copy of the catalogue holds the same items (decision 0020)
  for (const [kind, list] of Object.entries(items)) {
    for (let copy = 0; copy < CATALOG_COPIES; copy += 1) {
      const pk = keys.catalogPartition(kind as CatalogKind, copy);
      ddbMock.on(QueryCommand, { ExpressionAttributeValues: { ':pk': pk } }).resolves({ Items: list.map((it) => ({ pk, sk: it.id, entity: kind, ...it })) });
    }
  }
});

describe('GET /api/config (public)', () => {
  it('answers the public runtime config to anyone, without touching DynamoDB', async () => {
    const res = await invoke(handler, loadEvent('get-config'));
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
    expect(res.headers['Cache-Control']).toBe('no-store');
    expect(configResponse.parse(jsonBody(res))).toEqual({ productName: 'FitTrack', paymentMode: 'sandbox', stripePublishableKey: null, paypalClientId: null });
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('reports live mode and the publishable keys, and then allows the providers in the CSP', async () => {
    setTestEnv({ PAYMENT_MODE: 'live', STRIPE_PUBLISHABLE_KEY: 'pk_live_123', PAYPAL_CLIENT_ID: 'paypal-client' });
    try {
      const res = await invoke(handler, loadEvent('get-config'));
      expect(jsonBody(res)).toEqual({ productName: 'FitTrack', paymentMode: 'live', stripePublishableKey: 'pk_live_123', paypalClientId: 'paypal-client' });
      expect(res.headers['Content-Security-Policy']).toContain('https://js.stripe.com');
    } finally {
      setTestEnv();
    }
    const sandbox = await invoke(handler, loadEvent('get-config'));
    expect(sandbox.headers['Content-Security-Policy']).not.toMatch(/stripe|paypal/);
  });

  it('never exposes a secret key even if one is in the environment', async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_live_must_not_leak';
    resetEnvCache();
    try {
      const res = await invoke(handler, loadEvent('get-config'));
      expect(res.body).not.toContain('sk_live_must_not_leak');
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      setTestEnv();
    }
  });
});

describe.each([
  ['get-meals', 'MEAL', meals, mealSchema],
  ['get-workouts', 'WORKOUT', workouts, workoutSchema],
  ['get-stretches', 'STRETCH', stretches, stretchSchema],
] as const)('%s (subscriber)', (name, kind, data, schema) => {
  it('answers the catalogue without table keys, with one Query', async () => {
    const res = await invoke(handler, loadEvent(name, { cookies: signedInCookies('subscriber') }));
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
    const body = jsonBody(res) as unknown[];
    expect(body).toEqual(data);
    for (const item of body) {
      expect(() => schema.parse(item)).not.toThrow();
      expect(item).not.toHaveProperty('pk');
      expect(item).not.toHaveProperty('sk');
      expect(item).not.toHaveProperty('entity');
    }
    const queries = ddbMock.commandCalls(QueryCommand);
    expect(queries).toHaveLength(1);
    expect(queries[0]!.args[0].input).toMatchObject({ TableName: 'fittrack-test', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': expect.stringMatching(new RegExp(`^CATALOG#${kind}#[0-${CATALOG_COPIES - 1}]$`)) } });
    expect(ddbMock.calls().length).toBeLessThanOrEqual(2);
  });

  it('is privately cacheable with an ETag, and answers 304 to a matching If-None-Match', async () => {
    const first = await invoke(handler, loadEvent(name, { cookies: signedInCookies('subscriber') }));
    const etag = first.headers.ETag!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['Cache-Control']).toMatch(/^private\b/);
    const again = await invoke(handler, loadEvent(name, { cookies: signedInCookies('subscriber'), headers: { 'if-none-match': etag } }));
    expect(again.statusCode).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers.ETag).toBe(etag);
    expectSecurityHeaders(again);
    const stale = await invoke(handler, loadEvent(name, { cookies: signedInCookies('subscriber'), headers: { 'if-none-match': '"stale"' } }));
    expect(stale.statusCode).toBe(200);
  });

  it('refuses anonymous callers (401) and signed-in users without a subscription (403)', async () => {
    expectJsonError(await invoke(handler, loadEvent(name)), 401, 'Authentication required');
    expectJsonError(await invoke(handler, loadEvent(name, { cookies: signedInCookies('user') })), 403, 'An active subscription is required');
    expectJsonError(await invoke(handler, loadEvent(name, { cookies: signedInCookies('lapsed') })), 403, 'An active subscription is required');
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('lets an admin in without a subscription (one read of the profile checks the session)', async () => {
    const res = await invoke(handler, loadEvent(name, { cookies: signedInCookies('admin') }));
    expect(res.statusCode).toBe(200);
    expect(ddbMock.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).toEqual([{ pk: `USER#${principals.admin.sub}`, sk: 'PROFILE' }]);
  });
});

describe('catalogue failures', () => {
  it('follows LastEvaluatedKey when the partition is paged', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.99); // the last copy
    const pk = keys.catalogPartition('MEAL', CATALOG_COPIES - 1);
    ddbMock
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': pk } })
      .resolvesOnce({ Items: [{ pk, sk: meals[0]!.id, ...meals[0] }], LastEvaluatedKey: { pk, sk: meals[0]!.id } })
      .resolvesOnce({ Items: meals.slice(1).map((m) => ({ pk, sk: m.id, ...m })) });
    const res = await invoke(handler, loadEvent('get-meals', { cookies: signedInCookies('admin') }));
    random.mockRestore();
    expect(jsonBody(res)).toEqual(meals);
    expect(ddbMock.commandCalls(QueryCommand)[1]!.args[0].input.ExclusiveStartKey).toEqual({ pk, sk: meals[0]!.id });
  });

  it('answers 503 without details when DynamoDB refuses the connection', async () => {
    ddbMock.on(QueryCommand).rejects(connectionRefused());
    const res = await invoke(handler, loadEvent('get-meals', { cookies: signedInCookies('admin') }));
    expectJsonError(res, 503, 'Service temporarily unavailable. Please try again shortly.');
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|\n\s+at /);
    expect(consoleError).toHaveBeenCalled();
  });

  it('answers 500 with the request id and without the error text for an unexpected error', async () => {
    ddbMock.on(QueryCommand).rejects(new Error('ValidationException: secret table detail arn:aws:dynamodb:eu-central-1:123456789012:table/x'));
    const res = await invoke(handler, loadEvent('get-meals', { cookies: signedInCookies('admin') }));
    expectJsonError(res, 500, 'Internal server error (request sample-get-meals)');
    expect(res.body).not.toMatch(/secret|arn:aws|ValidationException|\n\s+at /);
    const logged = consoleError.mock.calls.map((c) => String(c[0])).join('\n');
    expect(logged).toContain('sample-get-meals');
    expect(logged).toContain('secret table detail');
  });

  it('keeps the subscriber check when the profile read fails (503, not a pass)', async () => {
    ddbMock.on(GetCommand).rejects(connectionRefused());
    const res = await invoke(handler, loadEvent('get-meals', { cookies: signedInCookies('subscriber') }));
    expectJsonError(res, 503);
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(0);
  });
});

describe('domain routing', () => {
  it('answers 404 for a route of another domain and for unknown keys', async () => {
    expectJsonError(await invoke(handler, loadEvent('post-auth-logout')), 404, 'Not found');
    expectJsonError(await invoke(handler, loadEvent('get-config', { routeKey: 'GET /api/config/secret' })), 404, 'Not found');
  });
});
