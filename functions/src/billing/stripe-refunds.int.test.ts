import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { activityLogsOf } from '../../test/activity-logs';
import { type ApiClient, signedUpClient } from '../../test/api-client';
import { overrideEnv } from '../../test/env';
import { loadEvent } from '../../test/events';
import { useLiveStripe } from '../../test/live-stripe';
import { invoke, jsonBody } from '../../test/lambda';
import { stripeEvent as stripeEventObject } from '../../../test-support/stripe-fixtures';
import { type UserResponse } from '../contract/auth';
import { ddb, dynamoCallCount, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { setStripeCustomerId } from './billing-repository';

/**
 * Money going back ends what it bought (issue 16): Stripe's charge.refunded and charge.dispute.*
 * events, signed locally, built from Stripe's own example objects (test-support/stripe-fixtures.ts),
 * against DynamoDB Local and the Stripe stub (the charge → invoice link is an invoice payment).
 */

const WEBHOOK_SECRET = 'whsec_offline_fittrack_refunds';
const live = useLiveStripe(WEBHOOK_SECRET);
const { stub, stripe } = live;

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A signed-ready event: Stripe's example envelope (test-support/stripe-fixtures.ts) with a fresh id, the type and the object. */
const stripeEvent = (type: string, object: unknown): string => JSON.stringify(stripeEventObject(type, object), null, 2);

/** The invoice.paid / customer.subscription.updated event about a stub subscription. */
function subscriptionEvent(type: 'invoice.paid' | 'customer.subscription.updated', subscriptionId: string): string {
  const s = stub.subscriptions.get(subscriptionId)!;
  return stripeEvent(type, type === 'invoice.paid' ? s.invoice : s.sub);
}

const deliver = (payload: string) =>
  invoke(live.webhook, loadEvent('post-webhooks-stripe', { body: payload, headers: { 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) } }));

async function delivered(payload: string): Promise<string> {
  const res = await deliver(payload);
  expect(res.statusCode, res.body).toBe(200);
  return (jsonBody(res) as { outcome: string }).outcome;
}

const profile = async (id: string) => (await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.profile(id) }))).Item!;
const record = async (key: { pk: string; sk: string }) => (await ddb().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;

const logged = activityLogsOf;

const membership = async (client: ApiClient) => jsonBody(await invoke(live.billing, loadEvent('get-subscription', { cookies: client.cookies() }))) as { hasActiveSubscription: boolean; status: string };

/** A user whose yearly subscription Stripe reports paid and active, applied by invoice.paid. */
async function paidSubscriber(prefix: string) {
  const user = await signedUpClient(prefix);
  const periodEnd = now() + 365 * DAY;
  const subId = stub.addSubscription({ userId: user.id, plan: 'yearly', status: 'active', invoicePaid: true, periodEnd });
  const invoiceId = stub.subscriptions.get(subId)!.invoice.id;
  return { ...user, subId, invoiceId, periodEnd };
}

describe('Stripe charge.refunded', () => {
  it('a full refund ends the period the invoice bought, and Stripe still saying "active" does not grant it again', async () => {
    const u = await paidSubscriber('rf');
    expect(await delivered(subscriptionEvent('invoice.paid', u.subId))).toBe('applied');
    expect((await profile(u.id)).subscription).toMatchObject({ status: 'active', expiresAt: iso(u.periodEnd) });

    const charge = stub.chargeOf(u.invoiceId, { amountRefunded: 2999 });
    const calls = dynamoCallCount();
    expect(await delivered(stripeEvent('charge.refunded', charge))).toBe('reversed');
    expect(dynamoCallCount() - calls, 'DynamoDB calls of the refund (DESIGN section 10)').toBeLessThanOrEqual(2);
    const sub = (await profile(u.id)).subscription as Record<string, unknown>;
    expect(sub).toMatchObject({ status: 'canceled', expiresAt: iso(u.periodEnd - 365 * DAY), subscriptionId: u.subId });
    expect(await membership(u.client)).toMatchObject({ hasActiveSubscription: false });
    expect(await record(keys.payment('stripe', u.invoiceId))).toMatchObject({ reversal: { kind: 'refund' } });
    expect(await logged('subscription_refunded', u.id)).toHaveLength(1);

    // Stripe's subscription is still active with that invoice paid: later events and activate-subscription grant nothing
    expect(await delivered(subscriptionEvent('customer.subscription.updated', u.subId))).toBe('reversed');
    expect(await delivered(subscriptionEvent('invoice.paid', u.subId))).toBe('reversed');
    expect((await profile(u.id)).subscription).toMatchObject({ status: 'canceled' });

    // the next period Stripe charges for is a new payment: it grants
    const next = u.periodEnd + 365 * DAY;
    stub.renew(u.subId, next);
    expect(await delivered(subscriptionEvent('invoice.paid', u.subId))).toBe('applied');
    expect((await profile(u.id)).subscription).toMatchObject({ status: 'active', expiresAt: iso(next) });
  });

  it('counts the business metrics: one Payment for the paid invoice (not for its redelivery), one Refund for the money gone back (issue 17 point 6)', async () => {
    const u = await paidSubscriber('rfm');
    const restoreMetrics = overrideEnv({ POWERTOOLS_METRICS_DISABLED: 'false', POWERTOOLS_DEV: 'true' });
    const lines = vi.spyOn(console, 'log');
    const metric = (name: string) =>
      lines.mock.calls
        .map((c) => String(c[0]))
        .filter((l) => l.includes(`"${name}"`))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    try {
      expect(await delivered(subscriptionEvent('invoice.paid', u.subId))).toBe('applied');
      expect(await delivered(subscriptionEvent('invoice.paid', u.subId))).not.toBe('failed');
      expect(metric('Payment')).toEqual([expect.objectContaining({ Payment: 1, provider: 'stripe', plan: 'yearly' })]);
      expect(await delivered(stripeEvent('charge.refunded', stub.chargeOf(u.invoiceId, { amountRefunded: 2999 })))).toBe('reversed');
      expect(metric('Refund')).toEqual([expect.objectContaining({ Refund: 1, provider: 'stripe', kind: 'refund' })]);
    } finally {
      lines.mockRestore();
      restoreMetrics();
    }
  });

  it('a partial refund changes nothing and is recorded', async () => {
    const u = await paidSubscriber('rp');
    await delivered(subscriptionEvent('invoice.paid', u.subId));
    const before = (await profile(u.id)).subscription;
    const charge = stub.chargeOf(u.invoiceId, { amountRefunded: 1000 });
    expect(await delivered(stripeEvent('charge.refunded', charge))).toBe('recorded');
    expect((await profile(u.id)).subscription).toEqual(before);
    expect(await record(keys.payment('stripe', u.invoiceId))).not.toHaveProperty('reversal');
    const [entry] = await logged('subscription_refunded', u.id);
    expect(entry?.details).toMatch(/Partial card refund of 10\.00 USD of 29\.99 USD/);
  });

  it('the same refund event delivered 6 times (3 concurrently) applies once', async () => {
    const u = await paidSubscriber('rd');
    await delivered(subscriptionEvent('invoice.paid', u.subId));
    const payload = stripeEvent('charge.refunded', stub.chargeOf(u.invoiceId, { amountRefunded: 2999 }));
    const outcomes = [...(await Promise.all([1, 2, 3].map(() => delivered(payload))))];
    for (let i = 0; i < 3; i++) outcomes.push(await delivered(payload));
    expect(outcomes.filter((o) => o === 'reversed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate-event')).toHaveLength(5);
    expect(await logged('subscription_refunded', u.id)).toHaveLength(1);
    expect((await profile(u.id)).subscriptionVersion).toBe(2); // activation + one reversal
    expect(await record(keys.stripeEvent((JSON.parse(payload) as { id: string }).id))).toBeDefined();
  });

  it('a refund that arrives before the activation it refers to leaves nothing active afterwards', async () => {
    const u = await paidSubscriber('ro');
    const charge = stub.chargeOf(u.invoiceId, { amountRefunded: 2999 });
    expect(await delivered(stripeEvent('charge.refunded', charge))).toBe('reversed');
    expect(await record(keys.payment('stripe', u.invoiceId))).toMatchObject({ userId: u.id, reversal: { kind: 'refund' } });
    expect(await delivered(subscriptionEvent('invoice.paid', u.subId))).toBe('reversed');
    expect(await delivered(subscriptionEvent('customer.subscription.updated', u.subId))).toBe('reversed');
    expect((await profile(u.id)).subscription).toEqual({ status: 'none' });
    // nor does activate-subscription, which asks Stripe (and Stripe says paid)
    await setStripeCustomerId(u.id, stub.subscriptions.get(u.subId)!.sub.customer as string);
    const activate = await invoke(live.billing, loadEvent('post-auth-activate-subscription', { cookies: u.client.cookies(), body: { subscriptionType: 'yearly', paymentMethod: 'stripe' } }));
    expect(activate.statusCode).toBe(200);
    expect((jsonBody(activate) as UserResponse).user).toMatchObject({ hasActiveSubscription: false, subscriptionStatus: 'none' });
    expect(await membership(u.client)).toMatchObject({ hasActiveSubscription: false });
  });
});

describe('Stripe disputes', () => {
  it('charge.dispute.created ends the period; closed as won restores it', async () => {
    const u = await paidSubscriber('dw');
    await delivered(subscriptionEvent('invoice.paid', u.subId));
    const charge = stub.chargeOf(u.invoiceId);
    expect(await delivered(stripeEvent('charge.dispute.created', stub.disputeOf(charge, 'needs_response')))).toBe('reversed');
    expect((await profile(u.id)).subscription).toMatchObject({ status: 'canceled' });
    expect(await membership(u.client)).toMatchObject({ hasActiveSubscription: false });
    expect(stub.requests.some((r) => r.path === `/v1/charges/${charge.id}`), 'the dispute names the charge: its payment intent is asked of Stripe').toBe(true);

    expect(await delivered(stripeEvent('charge.dispute.closed', stub.disputeOf(charge, 'won')))).toBe('applied');
    expect((await profile(u.id)).subscription).toMatchObject({ status: 'active', expiresAt: iso(u.periodEnd) });
    expect(await record(keys.payment('stripe', u.invoiceId))).not.toHaveProperty('reversal');
    expect(await membership(u.client)).toMatchObject({ hasActiveSubscription: true });
  });

  it('a dispute opened before the activation, then won: the activation grants after all', async () => {
    const u = await paidSubscriber('dt');
    const charge = stub.chargeOf(u.invoiceId);
    expect(await delivered(stripeEvent('charge.dispute.created', stub.disputeOf(charge, 'needs_response')))).toBe('reversed');
    expect(await delivered(subscriptionEvent('invoice.paid', u.subId))).toBe('reversed');
    expect((await profile(u.id)).subscription).toEqual({ status: 'none' });
    expect(await delivered(stripeEvent('charge.dispute.closed', stub.disputeOf(charge, 'won')))).toBe('applied');
    expect((await profile(u.id)).subscription).toMatchObject({ status: 'active', expiresAt: iso(u.periodEnd) });
    expect(await record(keys.payment('stripe', u.invoiceId))).toMatchObject({ plan: 'yearly', amount: 2999 });
  });

  it('closed as lost keeps it ended (and ends it if the created event was missed)', async () => {
    const u = await paidSubscriber('dl');
    await delivered(subscriptionEvent('invoice.paid', u.subId));
    const charge = stub.chargeOf(u.invoiceId);
    expect(await delivered(stripeEvent('charge.dispute.closed', stub.disputeOf(charge, 'lost')))).toBe('reversed');
    expect(await delivered(stripeEvent('charge.dispute.created', stub.disputeOf(charge, 'needs_response')))).toBe('recorded');
    expect(await membership(u.client)).toMatchObject({ hasActiveSubscription: false });
    expect(await logged('subscription_refunded', u.id)).toHaveLength(1);
  });
});

describe('Stripe: missing period data fails closed', () => {
  it('an active, paid subscription item without current_period_end grants nothing (never "never expires") and logs an error', async () => {
    const { id, client } = await signedUpClient('np');
    const subId = stub.addSubscription({ userId: id, plan: 'monthly', status: 'active', invoicePaid: true, noPeriodEnd: true });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await delivered(subscriptionEvent('invoice.paid', subId))).toBe('ignored');
      expect(errors.mock.calls.map((c) => String(c[0])).some((line) => line.includes('without current_period_end'))).toBe(true);
    } finally {
      errors.mockRestore();
    }
    const p = await profile(id);
    expect(p.subscription).toEqual({ status: 'none' });
    expect(await membership(client)).toMatchObject({ hasActiveSubscription: false });
    expect(await record(keys.payment('stripe', stub.subscriptions.get(subId)!.invoice.id))).toBeUndefined();
    const user = (jsonBody(await invoke(live.billing, loadEvent('post-auth-activate-subscription', { cookies: client.cookies(), body: { subscriptionType: 'monthly', paymentMethod: 'stripe' } }))) as Partial<UserResponse>).user;
    expect(user?.hasActiveSubscription ?? false).toBe(false);
  });
});
