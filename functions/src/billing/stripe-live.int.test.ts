import { GetCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { activityLogsOf } from '../../test/activity-logs';
import { type ApiClient, signedUpClient } from '../../test/api-client';
import { overrideEnv } from '../../test/env';
import { loadEvent } from '../../test/events';
import { useLiveStripe } from '../../test/live-stripe';
import { invoke, jsonBody } from '../../test/lambda';
import { type UserResponse } from '../contract/auth';
import { type MembershipResponse } from '../contract/billing';
import { ddb, dynamoCallCount, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { resetEnvCache } from '../lib/env';
import { resetPriceCache } from './providers/stripe-provider';
import { planPrice } from '../../test/stripe-stub';
import { stripeEvent, stripeFixture } from '../../../test-support/stripe-fixtures';

/**
 * The real Stripe code path, offline: the billing and webhook handlers run in this process in
 * live mode against DynamoDB Local, with the `stripe` SDK pointed at a local stub that answers
 * recorded objects (events/stripe/). Webhooks are signed locally with generateTestHeaderString.
 */

const WEBHOOK_SECRET = 'whsec_offline_fittrack_test_secret';
const live = useLiveStripe(WEBHOOK_SECRET, { STRIPE_PUBLISHABLE_KEY: 'pk_test_offline' });
const { stub, sign } = live;

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

type EventType = 'invoice.paid' | 'invoice.payment_failed' | 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted';

/** A Stripe event (Stripe's example envelope, test-support/stripe-fixtures.ts) about the stub's subscription, with a fresh id. */
function eventPayload(type: EventType, subscriptionId: string): string {
  const s = stub.subscriptions.get(subscriptionId)!;
  return JSON.stringify(stripeEvent(type, type.startsWith('invoice.') ? s.invoice : s.sub), null, 2);
}


/** Delivers a webhook (signed correctly unless `header` says otherwise; null sends none). */
async function deliver(payload: string, header: string | null = sign(payload), base64 = false) {
  const event = loadEvent('post-webhooks-stripe', { body: base64 ? Buffer.from(payload).toString('base64') : payload, headers: { 'stripe-signature': header ?? undefined } });
  if (base64) event.isBase64Encoded = true;
  return invoke(live.webhook, event);
}

async function callBilling(client: ApiClient, name: 'post-auth-activate-subscription' | 'post-create-yearly-subscription' | 'post-subscription-cancel' | 'get-subscription', body?: unknown) {
  const event = loadEvent(name, { cookies: client.cookies(), ...(body !== undefined ? { body } : {}) });
  return invoke(live.billing, event);
}

async function profile(userId: string) {
  return (await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.profile(userId) }))).Item!;
}

async function activations(userId: string) {
  return activityLogsOf('subscription_activated', userId);
}

const record = async (key: { pk: string; sk: string }) => (await ddb().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;

describe('Stripe webhook: signature', () => {
  it.each([
    ['a tampered body', (p: string) => ({ body: p.replace('"amount_paid": 2999', '"amount_paid": 1'), header: sign(p) })],
    ['a wrong secret', (p: string) => ({ body: p, header: sign(p, { secret: 'whsec_someone_else' }) })],
    ['a stale timestamp (10 minutes old)', (p: string) => ({ body: p, header: sign(p, { timestamp: now() - 600 }) })],
    ['a missing header', (p: string) => ({ body: p, header: null })],
    ['a malformed header', (p: string) => ({ body: p, header: 't=abc,v1=zzz' })],
  ])('refuses %s with 400 and changes nothing', async (_name, make) => {
    const { id } = await signedUpClient('sig');
    const subId = stub.addSubscription({ userId: id, plan: 'yearly', status: 'active', invoicePaid: true, periodEnd: now() + 365 * DAY });
    const payload = eventPayload('invoice.paid', subId);
    const before = await profile(id);
    const calls = stub.requests.length;
    const { body, header } = make(payload);
    const res = await deliver(body, header);
    expect(res.statusCode).toBe(400);
    expect(jsonBody(res)).toEqual({ message: expect.stringMatching(/signature/i) });
    expect(stub.requests.length, 'Stripe was not even asked').toBe(calls);
    expect(await profile(id)).toEqual(before);
    expect(await record(keys.stripeEvent((JSON.parse(payload) as { id: string }).id))).toBeUndefined();
  });

  it('accepts the exact bytes when API Gateway base64-encodes the body', async () => {
    const { id } = await signedUpClient('b64');
    const subId = stub.addSubscription({ userId: id, plan: 'monthly', status: 'active', invoicePaid: true, periodEnd: now() + 30 * DAY });
    const payload = eventPayload('invoice.paid', subId);
    const res = await deliver(payload, sign(payload), true);
    expect(res.statusCode).toBe(200);
    expect((await profile(id)).subscription).toMatchObject({ status: 'active', plan: 'monthly' });
  });
});

describe('Stripe webhook: idempotency', () => {
  it('the same signed event delivered 10 times (5 concurrently) changes the entitlement exactly once', async () => {
    const { id } = await signedUpClient('dup');
    const periodEnd = now() + 365 * DAY;
    const subId = stub.addSubscription({ userId: id, plan: 'yearly', status: 'active', invoicePaid: true, periodEnd });
    const payload = eventPayload('invoice.paid', subId);
    const header = sign(payload);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => deliver(payload, header)));
    const sequential = [];
    for (let i = 0; i < 5; i++) {
      const calls = dynamoCallCount();
      sequential.push(await deliver(payload, header));
      expect(dynamoCallCount() - calls, 'a redelivery costs one conditional write').toBe(1);
    }
    const outcomes = [...concurrent, ...sequential].map((r) => {
      expect(r.statusCode).toBe(200);
      return (jsonBody(r) as { outcome: string }).outcome;
    });
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate-event')).toHaveLength(9);
    const p = await profile(id);
    expect(p.subscriptionVersion).toBe(1);
    expect(p.subscription).toMatchObject({ status: 'active', plan: 'yearly', provider: 'stripe', subscriptionId: subId, expiresAt: new Date(periodEnd * 1000).toISOString() });
    const invoiceId = stub.subscriptions.get(subId)!.invoice.id;
    expect(await record(keys.payment('stripe', invoiceId))).toMatchObject({ userId: id, amount: 2999, currency: 'USD' });
    expect(await activations(id)).toHaveLength(1);
  });
});

describe('Stripe webhook: failed payments', () => {
  it("logs payment_failed once per event, with the reason Stripe documents (the payment intent's last_payment_error), and grants nothing", async () => {
    const { id } = await signedUpClient('fail');
    const subId = stub.addSubscription({ userId: id, plan: 'monthly', status: 'incomplete', invoicePaid: false, periodEnd: now() + 30 * DAY, paymentError: 'Your card has insufficient funds.' });
    const payload = eventPayload('invoice.payment_failed', subId);
    for (let i = 0; i < 3; i++) expect((await deliver(payload)).statusCode).toBe(200);
    const logged = await activityLogsOf('payment_failed', id);
    expect(logged).toHaveLength(1);
    const invoiceId = stub.subscriptions.get(subId)!.invoice.id;
    expect(logged[0]!.details).toBe(`Card payment failed for invoice ${invoiceId}: Your card has insufficient funds. (insufficient_funds)`);
    const asked = stub.requests.find((r) => r.path === '/v1/invoice_payments' && r.params.get('invoice') === invoiceId)!;
    expect(asked.params.getAll('expand[0]')).toEqual(['data.payment.payment_intent']);
    expect((await profile(id)).subscription).toEqual({ status: 'none' });
  });
});

describe('Stripe webhook: API version', () => {
  it("an event of another API version is logged as an error, counted, and still handled from its object fetched in the pinned version's shape", async () => {
    const { id } = await signedUpClient('ver');
    const periodEnd = now() + 365 * DAY;
    const subId = stub.addSubscription({ userId: id, plan: 'yearly', status: 'active', invoicePaid: true, periodEnd });
    // an endpoint created with API 2024-06-20: the invoice names its subscription at the top, there is no `parent`
    const { parent: _parent, ...oldShape } = { ...structuredClone(stub.subscriptions.get(subId)!.invoice), subscription: subId } as Record<string, unknown> & { id: string };
    const payload = JSON.stringify(stripeEvent('invoice.paid', oldShape, { api_version: '2024-06-20' }));
    const restoreMetrics = overrideEnv({ POWERTOOLS_METRICS_DISABLED: 'false', POWERTOOLS_DEV: 'true' });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const lines = vi.spyOn(console, 'log');
    try {
      const res = await deliver(payload);
      expect(res.statusCode).toBe(200);
      expect(jsonBody(res)).toMatchObject({ outcome: 'applied' });
      const error = errors.mock.calls.map((c) => JSON.parse(String(c[0])) as Record<string, unknown>).find((l) => String(l.message).includes('another API version'));
      expect(error).toMatchObject({ level: 'ERROR', eventApiVersion: '2024-06-20', pinnedApiVersion: Stripe.API_VERSION, type: 'invoice.paid' });
      expect(lines.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('"StripeApiVersionMismatch"'))).toHaveLength(1);
    } finally {
      errors.mockRestore();
      lines.mockRestore();
      restoreMetrics();
    }
    expect(stub.requests.some((r) => r.method === 'GET' && r.path === `/v1/invoices/${oldShape.id}`)).toBe(true);
    expect((await profile(id)).subscription).toMatchObject({ status: 'active', plan: 'yearly', subscriptionId: subId, expiresAt: new Date(periodEnd * 1000).toISOString() });
  });

  it('an event of the pinned version is handled as it came: no error, no extra call', async () => {
    const { id } = await signedUpClient('pin');
    const subId = stub.addSubscription({ userId: id, plan: 'monthly', status: 'active', invoicePaid: true, periodEnd: now() + 30 * DAY });
    const errors = vi.spyOn(console, 'error');
    const before = stub.requests.length;
    try {
      expect((await deliver(eventPayload('invoice.paid', subId))).statusCode).toBe(200);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
    expect(stub.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/subscriptions/${subId}`]);
  });
});

describe('Stripe webhook: ordering', () => {
  const permutations = <T>(xs: T[]): T[][] => (xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p])));

  it('created / paid / deleted delivered in all 6 orders converge on the state Stripe reports', async () => {
    const finals: unknown[] = [];
    const ended = now() - 60;
    const periodEnd = now() + 300 * DAY;
    for (const order of permutations<EventType>(['customer.subscription.created', 'invoice.paid', 'customer.subscription.deleted'])) {
      const { id } = await signedUpClient('ord');
      const subId = stub.addSubscription({ userId: id, plan: 'yearly', status: 'canceled', invoicePaid: true, periodEnd, endedAt: ended });
      for (const type of order) expect((await deliver(eventPayload(type, subId))).statusCode).toBe(200);
      const p = await profile(id);
      const { subscriptionId, ...rest } = p.subscription as Record<string, unknown>;
      expect(subscriptionId).toBe(subId);
      finals.push(rest);
      expect(rest).toMatchObject({ status: 'canceled', expiresAt: new Date(ended * 1000).toISOString() });
    }
    expect(new Set(finals.map((f) => JSON.stringify(f))).size).toBe(1);
  });

  it('whatever order the re-fetched states arrive in (stale reads included), the newest state wins', async () => {
    const p1 = now() + 30 * DAY;
    const p2 = p1 + 30 * DAY;
    type Step = (subId: string) => void;
    const states: Record<string, Step> = {
      incomplete: (s) => stub.update(s, { status: 'incomplete', invoicePaid: false, periodEnd: p1 }),
      paid: (s) => stub.update(s, { status: 'active', invoicePaid: true, periodEnd: p1 }),
      renewed: (s) => stub.renew(s, p2),
      pastDue: (s) => stub.update(s, { status: 'past_due', periodEnd: p1 }),
    };
    const finals: string[] = [];
    expect(permutations(Object.keys(states))).toHaveLength(24);
    for (const order of permutations(Object.keys(states))) {
      const { id } = await signedUpClient('conv');
      const subId = stub.addSubscription({ userId: id, plan: 'monthly' });
      for (const name of order) {
        states[name]!(subId); // what Stripe answers when this delivery re-fetches
        const calls = dynamoCallCount();
        expect((await deliver(eventPayload('customer.subscription.updated', subId))).statusCode).toBe(200);
        expect(dynamoCallCount() - calls, 'DynamoDB calls of one delivery').toBeLessThanOrEqual(2);
      }
      const sub = (await profile(id)).subscription as Record<string, unknown>;
      expect(sub, order.join(' → ')).toMatchObject({ status: 'active', plan: 'monthly', expiresAt: new Date(p2 * 1000).toISOString(), autoRenew: true });
      finals.push(JSON.stringify({ ...sub, subscriptionId: undefined, lastPaymentId: undefined }));
      const renewalInvoice = stub.subscriptions.get(subId)!.invoice.id;
      expect(await record(keys.payment('stripe', renewalInvoice))).toBeDefined();
    }
    expect(new Set(finals).size).toBe(1);
  });

  it('a cancelled old subscription never ends a newer paid one', async () => {
    const { id } = await signedUpClient('two');
    const oldSub = stub.addSubscription({ userId: id, plan: 'monthly', status: 'active', invoicePaid: true, periodEnd: now() + 10 * DAY });
    const newSub = stub.addSubscription({ userId: id, plan: 'yearly', status: 'active', invoicePaid: true, periodEnd: now() + 365 * DAY });
    await deliver(eventPayload('invoice.paid', oldSub));
    await deliver(eventPayload('invoice.paid', newSub));
    stub.update(oldSub, { status: 'canceled', endedAt: now() });
    await deliver(eventPayload('customer.subscription.deleted', oldSub));
    expect((await profile(id)).subscription).toMatchObject({ status: 'active', plan: 'yearly', subscriptionId: newSub });
  });

  it('a price that is not the plan price grants nothing', async () => {
    const { id } = await signedUpClient('price');
    const cheap = planPrice('yearly', { unit_amount: 100, unit_amount_decimal: '100' });
    const subId = stub.addSubscription({ userId: id, plan: 'yearly', status: 'active', invoicePaid: true, periodEnd: now() + 365 * DAY, price: cheap });
    const res = await deliver(eventPayload('invoice.paid', subId));
    expect(jsonBody(res)).toMatchObject({ outcome: 'ignored' });
    expect((await profile(id)).subscription).toEqual({ status: 'none' });
  });

  it('answers 503 when Stripe cannot be reached, so Stripe redelivers (and nothing is recorded)', async () => {
    const { id } = await signedUpClient('down');
    const subId = stub.addSubscription({ userId: id, plan: 'yearly', status: 'active', invoicePaid: true, periodEnd: now() + 365 * DAY });
    const payload = eventPayload('invoice.paid', subId);
    stub.failWith = 500;
    try {
      const res = await deliver(payload);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      stub.failWith = null;
    }
    expect(await record(keys.stripeEvent((JSON.parse(payload) as { id: string }).id))).toBeUndefined();
    expect((await deliver(payload)).statusCode).toBe(200);
    expect((await profile(id)).subscription).toMatchObject({ status: 'active' });
  });
});

describe('Stripe checkout and activate-subscription (live mode)', () => {
  it('creates the customer and a default_incomplete subscription with idempotency keys, then activates only when Stripe says paid', async () => {
    const { client, id } = await signedUpClient('live');
    const first = stub.requests.length;
    const created = await callBilling(client, 'post-create-yearly-subscription');
    expect(created.statusCode).toBe(200);
    const [subId] = stub.subscriptionsOf(id).map((x) => x.id);
    const confirmation = (stub.subscriptions.get(subId!)!.invoice.confirmation_secret as { client_secret: string }).client_secret;
    expect(jsonBody(created)).toEqual({ clientSecret: confirmation, amount: 2999 });
    const calls = stub.requests.slice(first);
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/customers/search', 'POST /v1/customers', 'GET /v1/subscriptions', 'POST /v1/subscriptions']);
    expect(calls[0]!.params.get('query')).toBe(`metadata['userId']:'${id}'`);
    for (const c of calls.filter((r) => r.method === 'POST')) expect(c.idempotencyKey).toBeTruthy();
    const subCall = calls[3]!.params;
    expect(subCall.get('payment_behavior')).toBe('default_incomplete');
    expect(subCall.get('items[0][price]')).toBe('price_1QfitYearly2999');
    expect(subCall.get('metadata[userId]')).toBe(id);
    expect(calls[1]!.params.get('metadata[userId]')).toBe(id);
    const customerId = (await profile(id)).stripeCustomerId as string;
    expect(customerId).toMatch(/^cus_/);

    // not paid yet: nothing is granted on the client's word
    const early = await callBilling(client, 'post-auth-activate-subscription', { subscriptionType: 'yearly', paymentMethod: 'stripe', userId: 'x' });
    expect(early.statusCode).toBe(402);

    expect(stub.subscriptions.get(subId!)!.sub.customer).toBe(customerId);
    const periodEnd = now() + 365 * DAY;
    stub.update(subId!, { status: 'active', invoicePaid: true, periodEnd });
    const ok = await callBilling(client, 'post-auth-activate-subscription', { subscriptionType: 'yearly', paymentMethod: 'stripe' });
    expect(ok.statusCode).toBe(200);
    expect((jsonBody(ok) as UserResponse).user).toMatchObject({ id, subscriptionStatus: 'active', hasActiveSubscription: true, subscriptionExpiresAt: new Date(periodEnd * 1000).toISOString() });

    // then the webhook, and activate again: nothing is extended or logged twice
    expect((await deliver(eventPayload('invoice.paid', subId!))).statusCode).toBe(200);
    const again = await callBilling(client, 'post-auth-activate-subscription', { subscriptionType: 'yearly', paymentMethod: 'stripe' });
    expect((jsonBody(again) as UserResponse).user.subscriptionExpiresAt).toBe(new Date(periodEnd * 1000).toISOString());
    expect(await activations(id)).toHaveLength(1);

    // a second checkout of the plan that renews is refused, without asking Stripe (one paid subscription per user)
    const asked = stub.requests.length;
    const second = await callBilling(client, 'post-create-yearly-subscription');
    expect(second.statusCode).toBe(409);
    expect(jsonBody(second)).toEqual({ message: expect.stringMatching(/^You already have the Yearly plan\. It renews on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/) });
    expect(stub.requests.length).toBe(asked);
    expect(stub.subscriptionsOf(id)).toHaveLength(1);
  });

  it('cancel auto-renewal sets cancel_at_period_end at Stripe and keeps access to the period end', async () => {
    const { client, id } = await signedUpClient('cancel');
    await callBilling(client, 'post-create-yearly-subscription');
    const customerId = (await profile(id)).stripeCustomerId as string;
    const subId = [...stub.subscriptions.entries()].find(([, s]) => s.sub.customer === customerId)![0];
    const periodEnd = now() + 365 * DAY;
    stub.update(subId, { status: 'active', invoicePaid: true, periodEnd });
    await deliver(eventPayload('invoice.paid', subId));
    expect(jsonBody(await callBilling(client, 'get-subscription'))).toMatchObject({ autoRenew: true, canCancel: true });
    const res = await callBilling(client, 'post-subscription-cancel');
    expect(res.statusCode).toBe(200);
    const last = stub.requests.slice(-1)[0]!;
    expect(`${last.method} ${last.path}`).toBe(`POST /v1/subscriptions/${subId}`);
    expect(last.params.get('cancel_at_period_end')).toBe('true');
    expect(jsonBody(res) as MembershipResponse).toMatchObject({ status: 'active', hasActiveSubscription: true, autoRenew: false, expiresAt: new Date(periodEnd * 1000).toISOString() });
    // Stripe's customer.subscription.updated that follows keeps it that way
    await deliver(eventPayload('customer.subscription.updated', subId));
    expect(jsonBody(await callBilling(client, 'get-subscription'))).toMatchObject({ autoRenew: false, hasActiveSubscription: true });
    // at the period end Stripe deletes it: access ends
    stub.update(subId, { status: 'canceled', endedAt: now() - 1 });
    await deliver(eventPayload('customer.subscription.deleted', subId));
    expect(jsonBody(await callBilling(client, 'get-subscription'))).toMatchObject({ status: 'canceled', hasActiveSubscription: false });
  });

  it('finds the Stripe customer by our user id instead of creating a second one', async () => {
    const { client, id } = await signedUpClient('known');
    stub.customers.set('cus_TfitKnown1', stripeFixture('customer', { id: 'cus_TfitKnown1', metadata: { userId: id } }));
    const before = stub.requests.length;
    expect((await callBilling(client, 'post-create-yearly-subscription')).statusCode).toBe(200);
    const calls = stub.requests.slice(before);
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/customers/search', 'GET /v1/subscriptions', 'POST /v1/subscriptions']);
    expect(calls[2]!.params.get('customer')).toBe('cus_TfitKnown1');
    expect((await profile(id)).stripeCustomerId).toBe('cus_TfitKnown1');
  });

  it('without configured price ids it finds the prices by lookup key (once per cold start)', async () => {
    const saved = [process.env.STRIPE_PRICE_MONTHLY, process.env.STRIPE_PRICE_YEARLY];
    delete process.env.STRIPE_PRICE_MONTHLY;
    delete process.env.STRIPE_PRICE_YEARLY;
    resetEnvCache();
    resetPriceCache();
    try {
      const { client } = await signedUpClient('lookup');
      const before = stub.requests.length;
      for (let i = 0; i < 2; i++) expect((await callBilling(client, 'post-create-yearly-subscription')).statusCode).toBe(200);
      const calls = stub.requests.slice(before);
      expect(calls.filter((r) => r.path === '/v1/prices')).toHaveLength(1);
      expect(calls.find((r) => r.path === '/v1/prices')!.params.get('lookup_keys[0]')).toBe('fittrack_yearly');
      // the second start reuses the first one's unpaid subscription: one create
      expect(calls.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions').map((r) => r.params.get('items[0][price]'))).toEqual(['price_1QfitYearly2999']);
    } finally {
      process.env.STRIPE_PRICE_MONTHLY = saved[0];
      process.env.STRIPE_PRICE_YEARLY = saved[1];
      resetEnvCache();
    }
  });

  it('the sandbox routes do not exist in live mode (404)', async () => {
    const { client } = await signedUpClient('nosb');
    const res = await invoke(live.billing, loadEvent('post-sandbox-card-confirm', { cookies: client.cookies() }));
    expect(res.statusCode).toBe(404);
  });
});
