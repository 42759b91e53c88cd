import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ApiClient, adminClient, signedUpClient, subscriberClient } from '../../test/api-client';
import { grantSubscription } from '../../../test-support/subscriptions';
import { type UserResponse } from '../contract/auth';
import { type CreateSubscriptionResponse, type MembershipResponse } from '../contract/billing';
import { ddb, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { activityLogsOf } from '../../test/activity-logs';

/**
 * Sandbox mode (the local default: no provider keys), end to end through the local gateway
 * against DynamoDB Local and cognito-local: the same routes and the same activation code as the
 * real providers.
 */

const DAY = 86_400_000;

const logsFor = activityLogsOf;

async function profileItem(userId: string) {
  return (await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.profile(userId) }))).Item!;
}

async function paymentRecord(provider: string, id: string) {
  return (await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.payment(provider, id) }))).Item;
}

const secretId = (secret: string) => /^sandbox_([0-9A-Z]{26})_secret_/.exec(secret)![1]!;

async function startCard(c: ApiClient, plan: 'monthly' | 'yearly' = 'yearly') {
  const res = await c.post<CreateSubscriptionResponse>(`/api/create-${plan}-subscription`);
  expect(res.status).toBe(200);
  return res.body;
}

const years = (iso: string | null | undefined, from: number) => (new Date(iso!).getTime() - from) / (365 * DAY);

describe('sandbox card', () => {
  it('create-*-subscription answers a sandbox client secret and the amount from the price table', async () => {
    const { client } = await signedUpClient('bill');
    const yearly = await startCard(client, 'yearly');
    expect(yearly).toEqual({ clientSecret: expect.stringMatching(/^sandbox_[0-9A-Z]{26}_secret_[\w-]+$/), amount: 2999 });
    const monthly = await startCard(client, 'monthly');
    expect(monthly.amount).toBe(299);
    expect(monthly.clientSecret).not.toBe(yearly.clientSecret);
  });

  it('pays with 4242 4242 4242 4242 and activates exactly once, even when confirmed again and concurrently', async () => {
    const { client, id } = await signedUpClient('pay');
    const t0 = Date.now();
    const { clientSecret } = await startCard(client, 'yearly');
    const confirms = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        client.post('/api/sandbox/card/confirm', { clientSecret, cardNumber: i % 2 ? '4242424242424242' : '4242 4242 4242 4242' }),
      ),
    );
    for (const r of confirms) expect(r.status, r.text).toBe(200);
    for (const r of confirms) expect(r.body).toEqual({ status: 'succeeded' });
    const again = await client.post('/api/sandbox/card/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242' });
    expect(again.body).toEqual({ status: 'succeeded' });

    const me = await client.get<UserResponse>('/api/auth/me');
    expect(me.body.user).toMatchObject({ subscriptionStatus: 'active', hasActiveSubscription: true });
    expect(years(me.body.user.subscriptionExpiresAt, t0)).toBeGreaterThan(0.99);
    expect(years(me.body.user.subscriptionExpiresAt, t0)).toBeLessThan(1.01);
    // the spec's client then calls activate-subscription: idempotent, extends nothing
    const activated = await client.post<UserResponse>('/api/auth/activate-subscription', { userId: 'someone-else', subscriptionType: 'yearly', paymentMethod: 'stripe' });
    expect(activated.status).toBe(200);
    expect(activated.body.user).toEqual(me.body.user);

    expect(await paymentRecord('sandbox-card', secretId(clientSecret))).toMatchObject({ userId: id, plan: 'yearly', amount: 2999, currency: 'USD' });
    expect(await logsFor('subscription_activated', id)).toHaveLength(1);
    expect((await profileItem(id)).subscriptionVersion).toBe(1);
    expect((await client.get('/api/meals')).status).toBe(200);
  });

  it('ten users paying at the same moment are all activated once (the shared counters item does not fail them)', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => signedUpClient('crowd')));
    const secrets = await Promise.all(users.map((u) => startCard(u.client, 'monthly')));
    const results = await Promise.all(
      users.map((u, i) => u.client.post('/api/sandbox/card/confirm', { clientSecret: secrets[i]!.clientSecret, cardNumber: '4242 4242 4242 4242' })),
    );
    for (const r of results) expect(r.status, r.text).toBe(200);
    for (const u of users) {
      expect((await profileItem(u.id)).subscription).toMatchObject({ status: 'active', plan: 'monthly' });
      expect(await logsFor('subscription_activated', u.id)).toHaveLength(1);
    }
  });

  it('a declined card (4000 0000 0000 0002) activates nothing and logs payment_failed', async () => {
    const { client, id } = await signedUpClient('decl');
    const { clientSecret } = await startCard(client, 'monthly');
    const res = await client.post('/api/sandbox/card/confirm', { clientSecret, cardNumber: '4000 0000 0000 0002' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'declined', message: 'Your card was declined.' });
    const me = await client.get<UserResponse>('/api/auth/me');
    expect(me.body.user).toMatchObject({ subscriptionStatus: 'none', hasActiveSubscription: false });
    expect(await paymentRecord('sandbox-card', secretId(clientSecret))).toBeUndefined();
    expect(await logsFor('subscription_activated', id)).toHaveLength(0);
    expect(await logsFor('payment_failed', id)).toHaveLength(1);
    const activate = await client.post('/api/auth/activate-subscription', { subscriptionType: 'monthly', paymentMethod: 'stripe' });
    expect(activate.status).toBe(402);
    expect((await client.get('/api/meals')).status).toBe(403);
  });

  it.each([
    ['an unknown card', { cardNumber: '4111 1111 1111 1111' }, /cardNumber/],
    ['letters', { cardNumber: 'abcd' }, /cardNumber/],
    ['a missing card number', { cardNumber: undefined }, /cardNumber/],
    ['a non-sandbox secret', { clientSecret: 'pi_123_secret_456' }, /clientSecret/],
  ])('refuses %s with 400 naming the field', async (_name, patch, message) => {
    const { client, id } = await signedUpClient('bad');
    const { clientSecret } = await startCard(client);
    const res = await client.post('/api/sandbox/card/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242', ...patch });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(message);
    expect((await profileItem(id)).subscription).toEqual({ status: 'none' });
  });

  it("cannot confirm another user's payment (404) nor without a session (401)", async () => {
    const owner = await signedUpClient('own');
    const thief = await signedUpClient('thief');
    const { clientSecret } = await startCard(owner.client);
    const res = await thief.client.post('/api/sandbox/card/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242' });
    expect(res.status).toBe(404);
    expect((await new ApiClient().post('/api/sandbox/card/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242' })).status).toBe(401);
    expect((await profileItem(thief.id)).subscription).toEqual({ status: 'none' });
    expect((await profileItem(owner.id)).subscription).toEqual({ status: 'none' });
  });

  it('a renewal extends from the current expiry; a lapsed plan restarts from now', async () => {
    const { client, id } = await signedUpClient('renew');
    const t0 = Date.now();
    const { clientSecret } = await startCard(client, 'yearly');
    await client.post('/api/sandbox/card/confirm', { clientSecret, cardNumber: '4242424242424242' });
    // the card plan renews by itself: starting it again is refused; with auto-renewal off, PayPal adds a period
    expect((await client.post('/api/create-yearly-subscription')).status).toBe(409);
    expect((await client.post('/api/subscription/cancel')).status).toBe(200);
    const order = await client.post<{ id: string }>('/paypal/order', { plan: 'yearly' });
    expect(order.status, order.text).toBe(201);
    await client.post(`/api/sandbox/paypal/${order.body.id}/approve`);
    expect((await client.post(`/paypal/order/${order.body.id}/capture`)).body).toEqual({ status: 'COMPLETED' });
    const me = await client.get<UserResponse>('/api/auth/me');
    expect(years(me.body.user.subscriptionExpiresAt, t0)).toBeGreaterThan(1.99);
    expect(years(me.body.user.subscriptionExpiresAt, t0)).toBeLessThan(2.01);
    expect(await logsFor('subscription_activated', id)).toHaveLength(2);

    const lapsed = await signedUpClient('lapsed');
    await grantSubscription(lapsed.id, { expiresAt: new Date(Date.now() - 10 * DAY).toISOString() });
    const restart = await startCard(lapsed.client, 'monthly');
    await lapsed.client.post('/api/sandbox/card/confirm', { clientSecret: restart.clientSecret, cardNumber: '4242424242424242' });
    const after = await lapsed.client.get<UserResponse>('/api/auth/me');
    const days = (new Date(after.body.user.subscriptionExpiresAt!).getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
  });
});

describe('one paid subscription per user (sandbox: the same rules as Stripe and PayPal)', () => {
  const sandboxCards = async (userId: string) =>
    (
      await ddb().send(
        new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :card)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':card': 'SANDBOX#CARD#' } }),
      )
    ).Items ?? [];

  it('ten concurrent "start monthly" clicks make one sandbox subscription; it is reused until paid', async () => {
    const { client, id } = await signedUpClient('ten');
    const starts = await Promise.all(Array.from({ length: 10 }, () => client.post<CreateSubscriptionResponse>('/api/create-monthly-subscription')));
    for (const r of starts) expect(r.status, r.text).toBe(200);
    expect(new Set(starts.map((r) => secretId(r.body.clientSecret))).size).toBe(1);
    const cards = await sandboxCards(id);
    expect(cards.filter((c) => c.plan === 'monthly')).toHaveLength(1);
    expect(cards.filter((c) => c.status !== 'canceled')).toHaveLength(1);
    // the checkout that asked last holds the live secret; paying it activates once
    const again = await startCard(client, 'monthly');
    expect(secretId(again.clientSecret)).toBe(secretId(starts[0]!.body.clientSecret));
    expect((await client.post('/api/sandbox/card/confirm', { clientSecret: again.clientSecret, cardNumber: '4242424242424242' })).body).toEqual({ status: 'succeeded' });
    expect(await logsFor('subscription_activated', id)).toHaveLength(1);
  });

  it('switching plans before paying cancels the stale checkout: its secret can no longer pay', async () => {
    const { client, id } = await signedUpClient('stale');
    const yearly = await startCard(client, 'yearly');
    const monthly = await startCard(client, 'monthly');
    const stale = await client.post<{ message: string }>('/api/sandbox/card/confirm', { clientSecret: yearly.clientSecret, cardNumber: '4242424242424242' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/replaced by one for the other plan/);
    expect((await profileItem(id)).subscription).toEqual({ status: 'none' });
    expect((await client.post('/api/sandbox/card/confirm', { clientSecret: monthly.clientSecret, cardNumber: '4242424242424242' })).body).toEqual({ status: 'succeeded' });
    expect((await profileItem(id)).subscription).toMatchObject({ status: 'active', plan: 'monthly' });
  });

  it('a subscriber sees their plan as current and cannot buy it twice (card, PayPal, or a checkout left open)', async () => {
    const { client, id } = await signedUpClient('twice');
    const openTab = await startCard(client, 'yearly');
    const { clientSecret } = await startCard(client, 'monthly');
    await client.post('/api/sandbox/card/confirm', { clientSecret, cardNumber: '4242424242424242' });
    const m = (await client.get<MembershipResponse>('/api/subscription')).body;
    expect(m.plans.monthly).toEqual({ current: true, startsAt: null, action: null, card: false, paypal: false, reason: expect.stringMatching(/^You already have the Monthly plan\. It renews on /) });
    expect(m.plans.yearly).toEqual({ current: false, startsAt: null, action: 'switch', card: false, paypal: false, reason: expect.stringMatching(/To switch to the Yearly plan, use Switch plan/) });
    for (const path of ['/api/create-monthly-subscription', '/api/create-yearly-subscription']) {
      const res = await client.post<{ message: string }>(path);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(path.includes('monthly') ? /^You already have the Monthly plan\. It renews on / : /To switch to the Yearly plan, use Switch plan/);
    }
    const paypalOrder = await client.post<{ message: string }>('/paypal/order', { plan: 'monthly' });
    expect(paypalOrder.status).toBe(409);
    expect(paypalOrder.body.message).toMatch(/You already have the Monthly plan/);
    // the yearly checkout was cancelled when monthly started
    expect((await client.post('/api/sandbox/card/confirm', { clientSecret: openTab.clientSecret, cardNumber: '4242424242424242' })).status).toBe(409);
    expect(await logsFor('subscription_activated', id)).toHaveLength(1);
  });

  it('switches plan at the period end, keeps the current plan on request, and a cancellation drops the switch', async () => {
    const { client } = await signedUpClient('switch');
    const { clientSecret } = await startCard(client, 'monthly');
    await client.post('/api/sandbox/card/confirm', { clientSecret, cardNumber: '4242424242424242' });
    const before = (await client.get<MembershipResponse>('/api/subscription')).body;
    const switched = await client.post<MembershipResponse>('/api/subscription/change', { plan: 'yearly' });
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body).toMatchObject({ plan: 'monthly', nextPlan: 'yearly', expiresAt: before.expiresAt, autoRenew: true });
    expect(switched.body.plans.yearly).toMatchObject({ startsAt: before.expiresAt, action: null });
    expect(switched.body.plans.monthly).toMatchObject({ current: true, action: 'keep' });
    expect((await client.get<MembershipResponse>('/api/subscription')).body).toEqual(switched.body);
    const twice = await client.post<{ message: string }>('/api/subscription/change', { plan: 'yearly' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/already scheduled/);
    const kept = await client.post<MembershipResponse>('/api/subscription/change', { plan: 'monthly' });
    expect(kept.body).toMatchObject({ plan: 'monthly', nextPlan: null });
    expect((await client.post('/api/subscription/change', { plan: 'monthly' })).status).toBe(409);
    await client.post('/api/subscription/change', { plan: 'yearly' });
    const cancelled = await client.post<MembershipResponse>('/api/subscription/cancel');
    expect(cancelled.body).toMatchObject({ autoRenew: false, nextPlan: null });
    expect((await client.get<MembershipResponse>('/api/subscription')).body).toMatchObject({ nextPlan: null });
    // a plan that no longer renews has nothing to switch: it is renewed (PayPal) or bought again when it ends
    expect((await client.post('/api/subscription/change', { plan: 'yearly' })).status).toBe(409);
    expect((await client.post('/api/create-yearly-subscription')).status).toBe(409);
    expect((await client.get<MembershipResponse>('/api/subscription')).body.plans.yearly).toMatchObject({ action: 'renew', card: false, paypal: true });
  });

  it('a bad plan change is a 400 naming the field', async () => {
    const { client } = await signedUpClient('badchg');
    const res = await client.post<{ message: string }>('/api/subscription/change', { plan: 'lifetime' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/plan/);
  });
});

describe('activate-subscription without a payment', () => {
  it.each(['user', 'subscriber', 'admin'] as const)('answers 402 and grants nothing for a %s (card and PayPal)', async (role) => {
    const client = role === 'admin' ? await adminClient() : role === 'subscriber' ? (await subscriberClient('act')).client : (await signedUpClient('act')).client;
    const before = await client.get<UserResponse>('/api/auth/me');
    for (const body of [
      { subscriptionType: 'yearly', paymentMethod: 'stripe' },
      { subscriptionType: 'monthly', paymentMethod: 'paypal', transactionId: 'SANDBOX-01JD5Y2QK8V7N3M4P6R9S0T1W2' },
      { subscriptionType: 'yearly', paymentMethod: 'paypal', transactionId: '5O190127TN364715T' },
      { userId: before.body.user.id, subscriptionType: 'yearly', paymentMethod: 'stripe', transactionId: 'pi_fake' },
    ]) {
      const res = await client.post('/api/auth/activate-subscription', body);
      expect(res.status, JSON.stringify(body)).toBe(402);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
    expect((await client.get<UserResponse>('/api/auth/me')).body.user).toEqual(before.body.user);
  });

  it('validates the body (400 naming the field) and needs a session (401)', async () => {
    const { client } = await signedUpClient('val');
    const res = await client.post('/api/auth/activate-subscription', { subscriptionType: 'weekly', paymentMethod: 'stripe' });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(/subscriptionType/);
    const pp = await client.post('/api/auth/activate-subscription', { subscriptionType: 'yearly', paymentMethod: 'paypal' });
    expect(pp.status).toBe(400);
    expect((pp.body as { message: string }).message).toMatch(/transactionId/);
    expect((await new ApiClient().post('/api/auth/activate-subscription', { subscriptionType: 'yearly', paymentMethod: 'stripe' })).status).toBe(401);
  });

  it('an expiry in the past means no access', async () => {
    const { client, id } = await signedUpClient('past');
    await grantSubscription(id, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    const me = await client.get<UserResponse>('/api/auth/me');
    expect(me.body.user).toMatchObject({ subscriptionStatus: 'active', hasActiveSubscription: false });
    expect((await client.get('/api/meals')).status).toBe(403);
    expect((await client.get<MembershipResponse>('/api/subscription')).body).toMatchObject({ hasActiveSubscription: false, canCancel: false });
  });
});

describe('sandbox PayPal', () => {
  async function approvedOrder(c: ApiClient, body: unknown) {
    const order = await c.post<{ id: string }>('/paypal/order', body);
    expect(order.status, order.text).toBe(201);
    const approve = await c.post(`/api/sandbox/paypal/${order.body.id}/approve`);
    expect(approve.status).toBe(200);
    return order.body.id;
  }

  it('order → approve → capture activates the plan of the exact amount, once', async () => {
    const { client, id } = await signedUpClient('pp');
    const orderId = await approvedOrder(client, { amount: '29.99', currency: 'USD', intent: 'CAPTURE' });
    expect(orderId).toMatch(/^SANDBOX-/);
    const captures = await Promise.all([1, 2, 3].map(() => client.post<{ status: string }>(`/paypal/order/${orderId}/capture`)));
    for (const c of captures) expect(c.body).toEqual({ status: 'COMPLETED' });
    const activated = await client.post<UserResponse>('/api/auth/activate-subscription', { subscriptionType: 'yearly', paymentMethod: 'paypal', transactionId: orderId });
    expect(activated.status).toBe(200);
    expect(activated.body.user.hasActiveSubscription).toBe(true);
    expect(years(activated.body.user.subscriptionExpiresAt, Date.now())).toBeGreaterThan(0.99);
    expect(await logsFor('subscription_activated', id)).toHaveLength(1);
    expect(await paymentRecord('sandbox-paypal', orderId)).toMatchObject({ amount: 2999, plan: 'yearly', currency: 'USD' });
    expect((await client.get<MembershipResponse>('/api/subscription')).body).toMatchObject({ plan: 'yearly', provider: 'paypal', autoRenew: false, canCancel: false });
  });

  it.each([
    [{ amount: '0.01', currency: 'USD', intent: 'CAPTURE' }, /amount/],
    [{ amount: 29.98 }, /amount/],
    [{ amount: '29.999' }, /amount/],
    [{ amount: '-29.99' }, /amount/],
    [{ amount: '29.99', currency: 'EUR' }, /currency/],
    [{ amount: '2.99', intent: 'AUTHORIZE' }, /intent/],
    [{ plan: 'lifetime' }, /plan/],
    [{ plan: 'yearly', amount: '0.01' }, /Unknown field|amount|plan/],
  ])('a tampered amount never changes the price: %j → 400', async (body, message) => {
    const { client } = await signedUpClient('tamper');
    const res = await client.post('/paypal/order', body);
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(message);
  });

  it('the plan, not the client, sets the amount: {plan: monthly} captures 2.99', async () => {
    const { client } = await signedUpClient('ppm');
    const orderId = await approvedOrder(client, { plan: 'monthly' });
    await client.post(`/paypal/order/${orderId}/capture`);
    expect((await client.get<MembershipResponse>('/api/subscription')).body.plan).toBe('monthly');
    expect(await paymentRecord('sandbox-paypal', orderId)).toMatchObject({ amount: 299 });
  });

  it("capturing another user's order or an unapproved order grants nothing", async () => {
    const owner = await signedUpClient('ppo');
    const other = await signedUpClient('ppx');
    const orderId = await approvedOrder(owner.client, { plan: 'yearly' });
    expect((await other.client.post(`/paypal/order/${orderId}/capture`)).status).toBe(404);
    expect((await other.client.post(`/api/sandbox/paypal/${orderId}/approve`)).status).toBe(404);
    const stolen = await other.client.post('/api/auth/activate-subscription', { subscriptionType: 'yearly', paymentMethod: 'paypal', transactionId: orderId });
    expect(stolen.status).toBe(402);
    const unapproved = await owner.client.post<{ id: string }>('/paypal/order', { plan: 'yearly' });
    expect((await owner.client.post(`/paypal/order/${unapproved.body.id}/capture`)).status).toBe(422);
    expect((await profileItem(other.id)).subscription).toEqual({ status: 'none' });
    expect((await profileItem(owner.id)).subscription).toEqual({ status: 'none' });
    expect(await logsFor('subscription_activated', owner.id)).toHaveLength(0);
  });

  it('GET /paypal/setup answers a client token', async () => {
    const { client } = await signedUpClient('setup');
    const res = await client.get<{ clientToken: string }>('/paypal/setup');
    expect(res.status).toBe(200);
    expect(res.body.clientToken).toMatch(/^sandbox_client_token_/);
  });
});

describe('membership (Settings)', () => {
  it('shows the plan and renewal date and cancels auto-renewal, keeping access to the period end', async () => {
    const { client } = await signedUpClient('mem');
    expect((await client.get<MembershipResponse>('/api/subscription')).body).toEqual({
      status: 'none',
      hasActiveSubscription: false,
      plan: null,
      provider: null,
      expiresAt: null,
      autoRenew: false,
      canCancel: false,
      nextPlan: null,
      plans: {
        monthly: { current: false, startsAt: null, action: 'checkout', card: true, paypal: true, reason: null },
        yearly: { current: false, startsAt: null, action: 'checkout', card: true, paypal: true, reason: null },
      },
    });
    expect((await client.post('/api/subscription/cancel')).status).toBe(409);
    const { clientSecret } = await startCard(client, 'monthly');
    await client.post('/api/sandbox/card/confirm', { clientSecret, cardNumber: '4242424242424242' });
    const m = await client.get<MembershipResponse>('/api/subscription');
    expect(m.body).toMatchObject({ status: 'active', plan: 'monthly', provider: 'stripe', autoRenew: true, canCancel: true });
    const cancel = await client.post<MembershipResponse>('/api/subscription/cancel');
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'active', hasActiveSubscription: true, autoRenew: false, canCancel: false, expiresAt: m.body.expiresAt });
    expect((await client.get<MembershipResponse>('/api/subscription')).body).toEqual(cancel.body);
    expect((await client.get('/api/meals')).status).toBe(200);
  });
});
