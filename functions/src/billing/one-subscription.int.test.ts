import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { stripeEvent } from '../../../test-support/stripe-fixtures';
import { type ApiClient, signedUpClient } from '../../test/api-client';
import { loadEvent } from '../../test/events';
import { useLiveStripe } from '../../test/live-stripe';
import { invoke, jsonBody } from '../../test/lambda';
import { type CreateSubscriptionResponse, type MembershipResponse } from '../contract/billing';
import { ddb, dynamoCallCount, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';

/**
 * One paid subscription per user, whatever the clicks (issue 16 point 1, decision 0305), on the real
 * Stripe code path: the billing and webhook handlers in live mode against DynamoDB Local and the
 * Stripe stub (which, like Stripe, replays an idempotency key's answer and refuses a key whose first
 * request is still running).
 */

const WEBHOOK_SECRET = 'whsec_offline_fittrack_onesub';
const live = useLiveStripe(WEBHOOK_SECRET);
const { stub, stripe } = live;

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

type BillingRoute = 'post-create-monthly-subscription' | 'post-create-yearly-subscription' | 'post-subscription-change' | 'post-subscription-cancel' | 'get-subscription' | 'post-paypal-order';

async function call(client: ApiClient, name: BillingRoute, body?: unknown) {
  const calls = dynamoCallCount();
  const res = await invoke(live.billing, loadEvent(name, { cookies: client.cookies(), ...(body !== undefined ? { body } : {}) }));
  return { res, dynamoCalls: dynamoCallCount() - calls };
}

async function deliver(type: string, object: unknown) {
  const payload = JSON.stringify(stripeEvent(type, object));
  const res = await invoke(live.webhook, loadEvent('post-webhooks-stripe', { body: payload, headers: { 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) } }));
  expect(res.statusCode, res.body).toBe(200);
  return (jsonBody(res) as { outcome: string }).outcome;
}

const profile = async (id: string) => (await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.profile(id) }))).Item!;
const creates = (from: number) => stub.requests.slice(from).filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions');

/** A user whose monthly subscription Stripe reports paid and active, applied by invoice.paid. */
async function monthlySubscriber(prefix: string) {
  const user = await signedUpClient(prefix);
  const started = await call(user.client, 'post-create-monthly-subscription');
  expect(started.res.statusCode).toBe(200);
  const subId = stub.subscriptionsOf(user.id)[0]!.id;
  const periodEnd = now() + 30 * DAY;
  stub.update(subId, { status: 'active', invoicePaid: true, periodEnd });
  expect(await deliver('invoice.paid', stub.subscriptions.get(subId)!.invoice)).toBe('applied');
  return { ...user, subId, periodEnd };
}

describe('starting a subscription: never two', () => {
  it('ten concurrent "start monthly" clicks create one subscription, and every click gets its client secret', async () => {
    const { client, id } = await signedUpClient('ten');
    const before = stub.requests.length;
    const clicks = await Promise.all(Array.from({ length: 10 }, () => call(client, 'post-create-monthly-subscription')));
    // (each request's DynamoDB calls are counted apart and held to 2 by the suite's teardown)
    for (const c of clicks) expect(c.res.statusCode, c.res.body).toBe(200);
    expect(stub.subscriptionsOf(id)).toHaveLength(1);
    expect(stub.customers.size).toBeGreaterThan(0);
    expect([...stub.customers.values()].filter((c) => (c.metadata as { userId: string }).userId === id)).toHaveLength(1);
    const secrets = new Set(clicks.map((c) => (jsonBody(c.res) as CreateSubscriptionResponse).clientSecret));
    expect(secrets.size).toBe(1);
    // the concurrent creates all carried one idempotency key, with no random part
    const keysSent = new Set(creates(before).map((r) => r.idempotencyKey));
    expect(keysSent.size).toBe(1);
    expect([...keysSent][0]).toMatch(new RegExp(`^subscription-${id}-monthly-[\\w-]{16}$`));
  });

  it('ten concurrent clicks of a returning customer (an expired subscription behind them) also create one', async () => {
    const { client, id } = await signedUpClient('back');
    expect((await call(client, 'post-create-monthly-subscription')).res.statusCode).toBe(200);
    const old = stub.subscriptionsOf(id)[0]!.id;
    stub.update(old, { status: 'incomplete_expired' }); // unpaid for 23 hours: Stripe expired it
    const before = stub.requests.length;
    const clicks = await Promise.all(Array.from({ length: 10 }, () => call(client, 'post-create-monthly-subscription')));
    for (const c of clicks) expect(c.res.statusCode).toBe(200);
    expect(stub.subscriptionsOf(id).map((s) => s.status)).toEqual(['incomplete', 'incomplete_expired']);
    expect(new Set(clicks.map((c) => (jsonBody(c.res) as CreateSubscriptionResponse).clientSecret)).size).toBe(1);
    // here the clicks raced to Stripe's create itself: one key (a new one: the expired subscription is
    // part of it), the first request created, the others were told "in progress" and then replayed
    const raced = creates(before);
    expect(raced.length).toBeGreaterThan(1);
    expect(new Set(raced.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(raced[0]!.idempotencyKey).not.toBe(stub.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions' && r.params.get('customer') === stub.subscriptions.get(old)!.sub.customer)!.idempotencyKey);
  });

  it('an unpaid subscription of the plan is reused; switching plan cancels the stale one', async () => {
    const { client, id } = await signedUpClient('reuse');
    const first = jsonBody((await call(client, 'post-create-monthly-subscription')).res) as CreateSubscriptionResponse;
    const again = jsonBody((await call(client, 'post-create-monthly-subscription')).res) as CreateSubscriptionResponse;
    expect(again.clientSecret).toBe(first.clientSecret);
    expect(stub.subscriptionsOf(id)).toHaveLength(1);
    const monthlyId = stub.subscriptionsOf(id)[0]!.id;

    const before = stub.requests.length;
    const yearly = jsonBody((await call(client, 'post-create-yearly-subscription')).res) as CreateSubscriptionResponse;
    expect(yearly.amount).toBe(2999);
    expect(stub.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toContain(`DELETE /v1/subscriptions/${monthlyId}`);
    expect(stub.subscriptions.get(monthlyId)!.sub.status).toBe('canceled');
    expect(stub.subscriptionsOf(id).filter((s) => s.status === 'incomplete')).toHaveLength(1);
  });

  it('a paid subscription whose webhook has not arrived yet still counts: Stripe is asked, 409', async () => {
    const { client, id } = await signedUpClient('early');
    await call(client, 'post-create-monthly-subscription');
    const subId = stub.subscriptionsOf(id)[0]!.id;
    stub.update(subId, { status: 'active', invoicePaid: true, periodEnd: now() + 30 * DAY }); // paid; no webhook yet
    expect((await profile(id)).subscription).toEqual({ status: 'none' });
    for (const route of ['post-create-monthly-subscription', 'post-create-yearly-subscription'] as const) {
      const { res } = await call(client, route);
      expect(res.statusCode).toBe(409);
      expect((jsonBody(res) as { message: string }).message).toMatch(route.includes('monthly') ? /^You already have the Monthly plan\. It renews on / : /use Switch plan in Settings/);
    }
    expect(stub.subscriptionsOf(id)).toHaveLength(1);
  });

  it('a subscriber cannot buy their plan twice, nor the other one, by card or PayPal: 409 without asking Stripe', async () => {
    const u = await monthlySubscriber('twice');
    const before = stub.requests.length;
    for (const [route, body, message] of [
      ['post-create-monthly-subscription', undefined, /^You already have the Monthly plan\. It renews on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/],
      ['post-create-yearly-subscription', undefined, /^You have the Monthly plan, which renews on .+\. To switch to the Yearly plan, use Switch plan in Settings › Membership: it starts on .+\.$/],
      ['post-paypal-order', { plan: 'monthly' }, /^You already have the Monthly plan/],
    ] as const) {
      const { res, dynamoCalls } = await call(u.client, route, body);
      expect(res.statusCode, route).toBe(409);
      expect((jsonBody(res) as { message: string }).message).toMatch(message);
      expect(dynamoCalls).toBe(1);
    }
    expect(stub.requests.length, 'Stripe was not asked').toBe(before);
    const m = jsonBody((await call(u.client, 'get-subscription')).res) as MembershipResponse;
    expect(m).toMatchObject({ plan: 'monthly', hasActiveSubscription: true, autoRenew: true, nextPlan: null });
    expect(m.plans).toEqual({
      monthly: { current: true, startsAt: null, action: null, card: false, paypal: false, reason: expect.stringMatching(/^You already have the Monthly plan\. It renews on /) },
      yearly: { current: false, startsAt: null, action: 'switch', card: false, paypal: false, reason: expect.stringMatching(/To switch to the Yearly plan, use Switch plan/) },
    });
  });

  it('past due: the overdue invoice is paid through the same subscription; another plan waits', async () => {
    const u = await monthlySubscriber('due');
    stub.renew(u.subId, u.periodEnd + 30 * DAY);
    stub.update(u.subId, { status: 'past_due', invoicePaid: false });
    expect(await deliver('customer.subscription.updated', stub.subscriptions.get(u.subId)!.sub)).toBe('applied');
    expect((await profile(u.id)).subscription).toMatchObject({ status: 'past_due', plan: 'monthly' });
    const before = stub.requests.length;
    const pay = await call(u.client, 'post-create-monthly-subscription');
    expect(pay.res.statusCode).toBe(200);
    const overdue = stub.subscriptions.get(u.subId)!.invoice;
    expect((jsonBody(pay.res) as CreateSubscriptionResponse).clientSecret).toBe((overdue.confirmation_secret as { client_secret: string }).client_secret);
    expect(creates(before)).toHaveLength(0);
    const other = await call(u.client, 'post-create-yearly-subscription');
    expect(other.res.statusCode).toBe(409);
    expect((jsonBody(other.res) as { message: string }).message).toBe('Your Monthly plan has an overdue card payment. Pay it before you choose another plan.');
    const paypal = await call(u.client, 'post-paypal-order', { plan: 'monthly' });
    expect(paypal.res.statusCode).toBe(409);
    expect(stub.subscriptionsOf(u.id)).toHaveLength(1);
  });
});

describe('switching plans at the period end (Stripe subscription schedule)', () => {
  it('monthly → yearly: nothing is charged now; the yearly plan starts when the paid month ends', async () => {
    const u = await monthlySubscriber('sw');
    const before = stub.requests.length;
    const { res, dynamoCalls } = await call(u.client, 'post-subscription-change', { plan: 'yearly' });
    expect(res.statusCode, res.body).toBe(200);
    expect(dynamoCalls).toBeLessThanOrEqual(2);
    expect(jsonBody(res)).toMatchObject({ plan: 'monthly', nextPlan: 'yearly', expiresAt: iso(u.periodEnd), autoRenew: true, hasActiveSubscription: true });
    const sent = stub.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/subscriptions/${u.subId}`,
      'POST /v1/subscription_schedules',
      expect.stringMatching(/^POST \/v1\/subscription_schedules\/sub_sched_/),
    ]);
    expect(sent[1]!.params.get('from_subscription')).toBe(u.subId);
    const update = sent[2]!.params;
    expect(Object.fromEntries([...update.entries()].filter(([k]) => !k.startsWith('expand')))).toEqual({
      end_behavior: 'release',
      proration_behavior: 'none',
      'phases[0][items][0][price]': 'price_1QfitMonthly299',
      'phases[0][items][0][quantity]': '1',
      'phases[0][start_date]': String(u.periodEnd - 30 * DAY),
      'phases[0][end_date]': String(u.periodEnd),
      'phases[1][items][0][price]': 'price_1QfitYearly2999',
      'phases[1][items][0][quantity]': '1',
      'phases[1][duration][interval]': 'year',
      'phases[1][duration][interval_count]': '1',
      'phases[1][proration_behavior]': 'none',
      'phases[1][metadata][plan]': 'yearly',
    });
    expect(sent[2]!.idempotencyKey).toMatch(/^schedule-sub_sched_\w+-yearly-\d+$/);
    expect(creates(before), 'no new subscription').toHaveLength(0);

    // Stripe's events that follow re-fetch the subscription with its schedule: the switch stays
    expect(await deliver('customer.subscription.updated', stub.subscriptions.get(u.subId)!.sub)).toBe('applied');
    expect(await deliver('subscription_schedule.updated', stub.schedules.get(stub.subscriptions.get(u.subId)!.sub.schedule as string))).toBe('applied');
    expect((await profile(u.id)).subscription).toMatchObject({ plan: 'monthly', nextPlan: 'yearly', expiresAt: iso(u.periodEnd) });
    const m = jsonBody((await call(u.client, 'get-subscription')).res) as MembershipResponse;
    expect(m.plans.yearly).toEqual({ current: false, startsAt: iso(u.periodEnd), action: null, card: false, paypal: false, reason: expect.stringMatching(/^Your switch to the Yearly plan is already scheduled for /) });
    expect(m.plans.monthly).toMatchObject({ current: true, action: 'keep' });

    // at the period end Stripe moves to the next phase and charges the yearly price
    const yearEnd = u.periodEnd + 365 * DAY;
    stub.renew(u.subId, yearEnd);
    expect(await deliver('invoice.paid', stub.subscriptions.get(u.subId)!.invoice)).toBe('applied');
    const after = (await profile(u.id)).subscription as Record<string, unknown>;
    expect(after).toMatchObject({ status: 'active', plan: 'yearly', expiresAt: iso(yearEnd), subscriptionId: u.subId, autoRenew: true });
    expect(after).not.toHaveProperty('nextPlan');
    expect(stub.subscriptionsOf(u.id)).toHaveLength(1);
  });

  it('"keep monthly" releases the schedule; cancelling auto-renewal with a switch scheduled releases it first', async () => {
    const u = await monthlySubscriber('keep');
    expect((await call(u.client, 'post-subscription-change', { plan: 'yearly' })).res.statusCode).toBe(200);
    const scheduleId = stub.subscriptions.get(u.subId)!.sub.schedule as string;
    const kept = await call(u.client, 'post-subscription-change', { plan: 'monthly' });
    expect(kept.res.statusCode).toBe(200);
    expect(jsonBody(kept.res)).toMatchObject({ plan: 'monthly', nextPlan: null });
    expect(stub.schedules.get(scheduleId)).toMatchObject({ status: 'released' });
    expect(stub.subscriptions.get(u.subId)!.sub.schedule).toBeNull();
    // Stripe's subscription_schedule.released names the subscription it let go: re-synced from Stripe
    expect(await deliver('subscription_schedule.released', stub.schedules.get(scheduleId))).toBe('applied');
    expect((await profile(u.id)).subscription).not.toHaveProperty('nextPlan');

    expect((await call(u.client, 'post-subscription-change', { plan: 'yearly' })).res.statusCode).toBe(200);
    const cancel = await call(u.client, 'post-subscription-cancel');
    expect(cancel.res.statusCode, cancel.res.body).toBe(200);
    expect(jsonBody(cancel.res)).toMatchObject({ autoRenew: false, nextPlan: null, hasActiveSubscription: true });
    expect(stub.subscriptions.get(u.subId)!.sub).toMatchObject({ cancel_at_period_end: true, schedule: null });
    expect(await deliver('customer.subscription.updated', stub.subscriptions.get(u.subId)!.sub)).toBe('applied');
    expect((await profile(u.id)).subscription).toMatchObject({ autoRenew: false });
    expect((await profile(u.id)).subscription).not.toHaveProperty('nextPlan');
  });

  it('refuses what cannot be switched: no subscription, the current plan, a switch already scheduled (409)', async () => {
    const { client } = await signedUpClient('nosw');
    const none = await call(client, 'post-subscription-change', { plan: 'yearly' });
    expect(none.res.statusCode).toBe(409);
    const u = await monthlySubscriber('samesw');
    const same = await call(u.client, 'post-subscription-change', { plan: 'monthly' });
    expect(same.res.statusCode).toBe(409);
    expect(jsonBody(same.res)).toEqual({ message: 'You already have the Monthly plan.' });
    await call(u.client, 'post-subscription-change', { plan: 'yearly' });
    const twice = await call(u.client, 'post-subscription-change', { plan: 'yearly' });
    expect(twice.res.statusCode).toBe(409);
    expect((jsonBody(twice.res) as { message: string }).message).toMatch(/^Your switch to the Yearly plan is already scheduled for /);
  });
});
