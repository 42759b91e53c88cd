import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routes } from '../src/routes';
import { ApiClient, STRONG_PASSWORD, adminClient, loggedInClient, signedUpClient, subscriberClient, uniqueName } from './api-client';
import { CALLERS, type Caller, DENIALS, type ExistingRouteKey, expectedOutcomes } from './authorisation-matrix';
import { allowVerificationResend, grantSubscription } from '../../test-support/subscriptions';

/**
 * The authorisation matrix against the emulators: every route of the route table, called through
 * the local gateway (the handler modules Lambda runs, DynamoDB Local, cognito-local, real
 * Cognito tokens in real cookies) by every kind of caller, compared with the hand-written
 * expected-outcome table in authorisation-matrix.ts.
 */

interface Req {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

let feedbackId: string;
/** A well-formed payment id (user, provider, provider id) of a payment that does not exist. */
const UNKNOWN_PAYMENT = Buffer.from(`${randomUUID()}\nsandbox-card\n01JZ8Q6W3K5M7N9P0R2S4T6V8X`).toString('base64url');
let loginAccount: { username: string };

/** A well-formed request per route: what a legitimate caller of that route would send. */
const requests: Record<ExistingRouteKey, (caller: Caller) => Req> = {
  'POST /api/auth/signup': () => {
    const username = uniqueName('mx');
    return { path: '/api/auth/signup', body: { username, email: `${username}@example.com`, password: STRONG_PASSWORD } };
  },
  'POST /api/auth/login': () => ({ path: '/api/auth/login', body: { username: loginAccount.username, password: STRONG_PASSWORD } }),
  'POST /api/auth/logout': () => ({ path: '/api/auth/logout' }),
  'POST /api/auth/logout-all': () => ({ path: '/api/auth/logout-all' }),
  'POST /api/auth/forgot-password': () => ({ path: '/api/auth/forgot-password', body: { username: 'no-such-user-matrix' } }),
  'POST /api/auth/reset-password': () => ({ path: '/api/auth/reset-password', body: { username: 'no-such-user-matrix', code: '000000', password: 'Matrix-reset-Password-42' } }),
  'POST /api/auth/change-password': () => ({ path: '/api/auth/change-password', body: { currentPassword: 'not-the-password', newPassword: 'Matrix-changed-Password-42' } }),
  'GET /api/account/export': () => ({ path: '/api/account/export' }),
  'POST /api/account/delete': () => ({ path: '/api/account/delete', body: { password: 'not-the-password' } }),
  'GET /api/auth/me': () => ({ path: '/api/auth/me' }),
  'POST /api/auth/verify-email': () => ({ path: '/api/auth/verify-email', body: { code: '000000' } }),
  'POST /api/auth/resend-verification': () => ({ path: '/api/auth/resend-verification' }),
  'POST /api/auth/change-email': (caller) => ({ path: '/api/auth/change-email', body: { email: `${caller}-matrix-new@example.com`, password: 'not-the-password' } }),
  'POST /api/auth/mfa/setup': () => ({ path: '/api/auth/mfa/setup' }),
  'POST /api/auth/mfa/verify': () => ({ path: '/api/auth/mfa/verify', body: { code: '000000' } }),
  'GET /api/config': () => ({ path: '/api/config' }),
  'GET /api/meals': () => ({ path: '/api/meals' }),
  'GET /api/workouts': () => ({ path: '/api/workouts' }),
  'GET /api/stretches': () => ({ path: '/api/stretches' }),
  'GET /api/progress/today': () => ({ path: '/api/progress/today' }),
  'PATCH /api/progress/today': () => ({ path: '/api/progress/today', body: { steps: 1234 } }),
  'POST /api/progress/today/meals': () => ({ path: '/api/progress/today/meals', body: { mealId: 'meal-greek-yogurt-berries' } }),
  'GET /api/progress/history': () => ({ path: '/api/progress/history?days=7' }),
  'GET /api/pushups/today': () => ({ path: '/api/pushups/today' }),
  'POST /api/pushups': () => ({ path: '/api/pushups', body: { count: 5 }, headers: { 'idempotency-key': randomUUID() } }),
  'GET /api/progress/today/meals': () => ({ path: '/api/progress/today/meals' }),
  'DELETE /api/progress/today/meals/{id}': () => ({ path: '/api/progress/today/meals/01JZ8Q6W3K5M7N9P0R2S4T6V8X' }),
  'DELETE /api/pushups/{id}': () => ({ path: '/api/pushups/01JZ8Q6W3K5M7N9P0R2S4T6V8X' }),
  'POST /api/create-monthly-subscription': () => ({ path: '/api/create-monthly-subscription' }),
  'POST /api/create-yearly-subscription': () => ({ path: '/api/create-yearly-subscription' }),
  'POST /api/auth/activate-subscription': () => ({
    path: '/api/auth/activate-subscription',
    body: { subscriptionType: 'monthly', paymentMethod: 'paypal', transactionId: 'SANDBOXUNKNOWN00000' },
  }),
  'POST /paypal/order': () => ({ path: '/paypal/order', body: { plan: 'monthly' } }),
  'POST /paypal/order/{orderId}/capture': () => ({ path: '/paypal/order/SANDBOXUNKNOWN00000/capture' }),
  'GET /paypal/setup': () => ({ path: '/paypal/setup' }),
  'POST /api/sandbox/card/confirm': () => ({
    path: '/api/sandbox/card/confirm',
    body: { clientSecret: 'sandbox_01JD5Y2QK8V7N3M4P6R9S0T1W2_secret_c2FuZGJveC1zZWNyZXQtMQ', cardNumber: '4242 4242 4242 4242' },
  }),
  'POST /api/sandbox/paypal/{orderId}/approve': () => ({ path: '/api/sandbox/paypal/SANDBOXUNKNOWN00000/approve' }),
  'POST /api/sandbox/paypal/{orderId}/complete': () => ({ path: '/api/sandbox/paypal/SANDBOX-01JZ8Q6W3K5M7N9P0R2S4T6V8X/complete' }),
  'GET /api/billing/payments': () => ({ path: '/api/billing/payments' }),
  'GET /api/admin/payments': () => ({ path: '/api/admin/payments' }),
  'POST /api/admin/payments/{id}/refund': () => ({ path: `/api/admin/payments/${UNKNOWN_PAYMENT}/refund` }),
  'POST /api/admin/sandbox/payments/{id}/events': () => ({ path: `/api/admin/sandbox/payments/${UNKNOWN_PAYMENT}/events`, body: { event: 'dispute' } }),
  'GET /api/subscription': () => ({ path: '/api/subscription' }),
  'POST /api/subscription/cancel': () => ({ path: '/api/subscription/cancel' }),
  'POST /api/subscription/change': () => ({ path: '/api/subscription/change', body: { plan: 'yearly' } }),
  'POST /webhooks/stripe': () => ({ path: '/webhooks/stripe', body: { id: 'evt_matrix', type: 'invoice.paid' }, headers: { 'stripe-signature': 't=1,v1=00' } }),
  'POST /webhooks/paypal': () => ({
    path: '/webhooks/paypal',
    body: { id: 'WH-MATRIX', event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: {} },
    headers: { 'paypal-transmission-id': 'matrix', 'paypal-transmission-sig': 'matrix', 'paypal-transmission-time': '2026-11-25T00:00:00Z', 'paypal-cert-url': 'https://api.paypal.com/cert', 'paypal-auth-algo': 'SHA256withRSA' },
  }),
  'POST /api/feedback': () => ({ path: '/api/feedback', body: { email: 'matrix@example.com', message: 'Matrix check', category: 'general' } }),
  'GET /api/feedback': () => ({ path: '/api/feedback' }),
  'PATCH /api/feedback/{id}/status': () => ({ path: `/api/feedback/${feedbackId}/status`, body: { status: 'in_progress' } }),
  'GET /api/admin/logs': () => ({ path: '/api/admin/logs' }),
  'POST /api/admin/system-tests/{test}': () => ({ path: '/api/admin/system-tests/login' }),
};

const sessions = new Map<Caller, ApiClient>();
const usernames = new Map<Caller, string>();
const passwordOf = (username: string) => (username === 'admin' ? process.env.TEST_ADMIN_PASSWORD : STRONG_PASSWORD);
/** A new session of the caller's account (the admin answers with its authenticator's code). */
const newSession = (username: string) => loggedInClient(username, passwordOf(username), username === 'admin' ? process.env.TEST_ADMIN_TOTP_SECRET : undefined);
/** Routes that end the caller's session: they get a session of their own, so the other cases keep theirs. */
const SESSION_ENDING: readonly ExistingRouteKey[] = ['POST /api/auth/logout', 'POST /api/auth/logout-all'];

beforeAll(async () => {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  const [user, lapsed, subscriber, admin, login] = await Promise.all([
    signedUpClient('mxuser'),
    signedUpClient('mxlapsed'),
    subscriberClient('mxsub'),
    adminClient(),
    signedUpClient('mxlogin'),
  ]);
  await grantSubscription(lapsed.id, { status: 'active', expiresAt: yesterday });
  // the sign-up's code was sent a moment ago: each account may ask for a new one at once (202, not "wait a minute")
  await Promise.all([user.id, lapsed.id, subscriber.id].map((id) => allowVerificationResend(id)));
  loginAccount = login;
  sessions.set('anonymous', new ApiClient());
  sessions.set('user', user.client);
  sessions.set('lapsed', lapsed.client);
  sessions.set('subscriber', subscriber.client);
  sessions.set('admin', admin);
  usernames.set('user', user.username).set('lapsed', lapsed.username).set('subscriber', subscriber.username).set('admin', 'admin');
  const fb = await subscriber.client.post<{ id: string }>('/api/feedback', { email: 'mx@example.com', message: 'Feedback for the matrix', category: 'general' });
  expect(fb.status).toBe(201);
  feedbackId = fb.body.id;
});

/**
 * A copy of a caller's cookie jar, so that a sign-up or sign-in in one case leaves the caller's
 * cookies as they were; a case that ends its session signs in afresh instead (ending a session
 * ends it for every copy of its cookies).
 */
async function asCaller(caller: Caller, key: ExistingRouteKey): Promise<ApiClient> {
  const username = usernames.get(caller);
  if (SESSION_ENDING.includes(key) && username) return newSession(username);
  const copy = new ApiClient();
  for (const [k, v] of sessions.get(caller)!.jar) copy.jar.set(k, v);
  return copy;
}

const allDenials: readonly string[] = [...DENIALS[401], ...DENIALS[403]];
const cases = routes.flatMap((r) => CALLERS.map((c) => [routeKey(r) as ExistingRouteKey, c] as const));

describe('authorisation matrix against the emulators', () => {
  it('has a row for every route of the route table, and no row for a route that does not exist', () => {
    const tableKeys = Object.keys(expectedOutcomes).sort();
    expect(tableKeys).toEqual(routes.map(routeKey).sort());
    expect(Object.keys(requests).sort()).toEqual(tableKeys);
  });

  it.each(cases)('%s as %s', async (key, caller) => {
    const route = routes.find((r) => routeKey(r) === key)!;
    const req = requests[key](caller);
    const res = await (await asCaller(caller, key)).request(route.method, req.path, { body: req.body ?? (route.method === 'GET' ? undefined : {}), headers: req.headers });
    const expected = expectedOutcomes[key][caller];
    const message = (res.body as { message?: string } | undefined)?.message;
    const where = `${key} as ${caller}: ${res.status} ${res.text.slice(0, 200)}`;
    expect(res.status, where).toBe(expected);
    if (expected === 401 || expected === 403) expect(DENIALS[expected] as readonly string[], where).toContain(message);
    else expect(allDenials, where).not.toContain(message);
    // Sign out everywhere ended the caller's own session too: the next cases get a new one.
    const username = usernames.get(caller);
    if (SESSION_ENDING.includes(key) && username) sessions.set(caller, await newSession(username));
  });

  it('leaves each caller in its category (the matrix changed no one\'s access)', async () => {
    expect((await sessions.get('user')!.get('/api/progress/today')).status).toBe(403);
    expect((await sessions.get('lapsed')!.get('/api/progress/today')).status).toBe(403);
    expect((await sessions.get('subscriber')!.get('/api/progress/today')).status).toBe(200);
    expect((await sessions.get('admin')!.get('/api/admin/logs')).status).toBe(200);
  });
});
