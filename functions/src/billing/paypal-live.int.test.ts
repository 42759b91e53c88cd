import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { grantSubscription } from '../../../test-support/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogsOf } from '../../test/activity-logs';
import { type ApiClient, signedUpClient } from '../../test/api-client';
import { overrideEnv } from '../../test/env';
import { type EventOverrides, loadEvent } from '../../test/events';
import { invoke, jsonBody } from '../../test/lambda';
import { type UserResponse } from '../contract/auth';
import { ddb, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import type { handler as BillingHandler } from './handler';
import { resetProviderSecrets } from './secrets';
import { PaypalStub } from '../../test/paypal-stub';

/**
 * The real PayPal code path, offline: the billing handler runs in this process in live mode
 * against DynamoDB Local, with @paypal/paypal-server-sdk sent to a local stub that answers the
 * recorded Orders v2 responses of events/paypal/.
 */

const stub = new PaypalStub();
let restoreEnv: () => void;
let billing: typeof BillingHandler;

beforeAll(async () => {
  await stub.start();
  restoreEnv = overrideEnv({ PAYMENT_MODE: 'live', PAYPAL_CLIENT_ID: 'fittrack-offline-client', PAYPAL_CLIENT_SECRET: 'fittrack-offline-secret', PAYPAL_API_BASE: stub.url });
  resetProviderSecrets();
  billing = (await import('./handler')).handler;
});

afterAll(async () => {
  restoreEnv();
  resetProviderSecrets();
  await stub.stop();
});

type Name = 'post-paypal-order' | 'post-paypal-order-capture' | 'post-auth-activate-subscription' | 'get-paypal-setup';

async function call(client: ApiClient, name: Name, o: { body?: unknown; orderId?: string } = {}) {
  const overrides: EventOverrides = { cookies: client.cookies() };
  if (o.body !== undefined) overrides.body = o.body;
  const event = loadEvent(name, overrides);
  if (o.orderId) {
    event.pathParameters = { orderId: o.orderId };
    event.rawPath = `/paypal/order/${o.orderId}/capture`;
  }
  return invoke(billing, event);
}

async function order(client: ApiClient, body: unknown = { amount: '29.99', currency: 'USD', intent: 'CAPTURE' }) {
  const res = await call(client, 'post-paypal-order', { body });
  expect(res.statusCode, res.body).toBe(201);
  return (jsonBody(res) as { id: string }).id;
}

const profile = async (id: string) => (await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.profile(id) }))).Item!;

async function activations(userId: string) {
  return activityLogsOf('subscription_activated', userId);
}

describe('PayPal (live mode, recorded Orders v2 responses)', () => {
  it('creates the order with the amount of the price table, the user as custom_id and a PayPal-Request-Id', async () => {
    const { client, id } = await signedUpClient('ppl');
    const orderId = await order(client, { amount: 29.99 });
    const create = stub.requests.find((r) => r.path === '/v2/checkout/orders' && (r.body as { purchase_units: { custom_id: string }[] }).purchase_units[0]!.custom_id === id)!;
    expect(create.requestId).toMatch(/^order-/);
    expect(create.authorization).toBe('Bearer A21AAFfitTrackOfflineAccessToken');
    expect(create.body).toMatchObject({ intent: 'CAPTURE', purchase_units: [{ reference_id: 'yearly', custom_id: id, amount: { currency_code: 'USD', value: '29.99' } }] });
    expect(stub.orders.get(orderId)).toBeDefined();
    await order(client, { plan: 'monthly' });
    expect(stub.requests.filter((r) => r.path === '/v2/checkout/orders').at(-1)!.body).toMatchObject({ purchase_units: [{ amount: { value: '2.99' } }] });
    const tampered = await call(client, 'post-paypal-order', { body: { amount: '0.01', currency: 'USD', intent: 'CAPTURE' } });
    expect(tampered.statusCode).toBe(400);
  });

  it('a COMPLETED capture of the exact amount activates once; activate-subscription afterwards extends nothing', async () => {
    const { client, id } = await signedUpClient('ppc');
    const orderId = await order(client);
    stub.approve(orderId);
    const captured = await call(client, 'post-paypal-order-capture', { orderId });
    expect(captured.statusCode).toBe(200);
    expect(jsonBody(captured)).toEqual({ status: 'COMPLETED' });
    const capture = stub.requests.find((r) => r.path === `/v2/checkout/orders/${orderId}/capture`)!;
    expect(capture.requestId).toBe(`capture-${orderId}`);
    const p = await profile(id);
    expect(p.subscription).toMatchObject({ status: 'active', plan: 'yearly', provider: 'paypal', autoRenew: false });
    const again = await call(client, 'post-paypal-order-capture', { orderId });
    expect(jsonBody(again)).toEqual({ status: 'COMPLETED' });
    const activated = await call(client, 'post-auth-activate-subscription', { body: { subscriptionType: 'yearly', paymentMethod: 'paypal', transactionId: orderId } });
    expect(activated.statusCode).toBe(200);
    expect((jsonBody(activated) as UserResponse).user).toMatchObject({ hasActiveSubscription: true, subscriptionExpiresAt: p.subscription.expiresAt });
    expect(await activations(id)).toHaveLength(1);
    expect((await profile(id)).subscriptionVersion).toBe(1);
  });

  it('one paid subscription per user: no PayPal order, and no capture, while a card subscription renews (409, PayPal never charged)', async () => {
    const { client, id } = await signedUpClient('ppcard');
    const orderId = await order(client, { plan: 'yearly' });
    stub.approve(orderId);
    // meanwhile a monthly card subscription started and renews
    await grantSubscription(id, { plan: 'monthly' });
    await ddb().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.profile(id), UpdateExpression: 'SET subscription.subscriptionId = :s, subscription.autoRenew = :t', ExpressionAttributeValues: { ':s': 'sub_TfitCard', ':t': true } }),
    );
    const before = stub.requests.length;
    const another = await call(client, 'post-paypal-order', { body: { plan: 'monthly' } });
    expect(another.statusCode).toBe(409);
    expect(jsonBody(another)).toEqual({ message: expect.stringMatching(/^You already have the Monthly plan\. It renews on /) });
    const capture = await call(client, 'post-paypal-order-capture', { orderId });
    expect(capture.statusCode).toBe(409);
    expect(jsonBody(capture)).toEqual({ message: expect.stringMatching(/To switch to the Yearly plan, use Switch plan/) });
    expect(stub.requests.slice(before).some((r) => r.path.endsWith('/capture')), 'PayPal was not asked to capture').toBe(false);
    expect(stub.requests.slice(before).some((r) => r.method === 'POST' && r.path === '/v2/checkout/orders')).toBe(false);
    expect(await activations(id)).toHaveLength(0);
  });

  it.each([
    ['PENDING', { status: 'PENDING' as const }, 200, { status: 'PENDING' }],
    ['DECLINED', { status: 'DECLINED' as const }, 200, { status: 'DECLINED' }],
    ['COMPLETED with a tampered amount (0.01)', { status: 'COMPLETED' as const, value: '0.01' }, 402, { message: expect.any(String) }],
    ['COMPLETED in another currency', { status: 'COMPLETED' as const, currency: 'EUR' }, 402, { message: expect.any(String) }],
  ])('a capture that is %s grants nothing', async (_name, outcome, status, body) => {
    const { client, id } = await signedUpClient('ppn');
    const orderId = await order(client);
    stub.approve(orderId, outcome);
    const res = await call(client, 'post-paypal-order-capture', { orderId });
    expect(res.statusCode).toBe(status);
    expect(jsonBody(res)).toEqual(body);
    expect((await profile(id)).subscription).toEqual({ status: 'none' });
    const activate = await call(client, 'post-auth-activate-subscription', { body: { subscriptionType: 'yearly', paymentMethod: 'paypal', transactionId: orderId } });
    expect(activate.statusCode).toBe(402);
    expect(await activations(id)).toHaveLength(0);
  });

  it('reuses the OAuth access token until it expires: three orders, at most one token request', async () => {
    const { client } = await signedUpClient();
    const tokenRequests = () => stub.requests.filter((r) => r.path === '/v1/oauth2/token' && (r.body as { grant_type?: string })?.grant_type === 'client_credentials').length;
    const before = tokenRequests();
    for (let i = 0; i < 3; i++) await order(client);
    expect(tokenRequests() - before).toBeLessThanOrEqual(1);
    expect(tokenRequests()).toBe(1); // the whole file so far has used one token (expires_in 32400 s)
  });

  it("another user's order is not found and is never captured", async () => {
    const owner = await signedUpClient('ppo');
    const other = await signedUpClient('ppx');
    const orderId = await order(owner.client);
    stub.approve(orderId);
    const res = await call(other.client, 'post-paypal-order-capture', { orderId });
    expect(res.statusCode).toBe(404);
    expect(stub.requests.some((r) => r.path === `/v2/checkout/orders/${orderId}/capture`)).toBe(false);
    const activate = await call(other.client, 'post-auth-activate-subscription', { body: { subscriptionType: 'yearly', paymentMethod: 'paypal', transactionId: orderId } });
    expect(activate.statusCode).toBe(402);
    expect((await profile(other.id)).subscription).toEqual({ status: 'none' });
  });

  it('an unapproved order answers 422 with PayPal’s reason', async () => {
    const { client } = await signedUpClient('ppu');
    const orderId = await order(client);
    const res = await call(client, 'post-paypal-order-capture', { orderId });
    expect(res.statusCode).toBe(422);
    expect(jsonBody(res)).toEqual({ message: 'Payer has not yet approved the Order for payment.' });
  });

  it('GET /paypal/setup answers a client token from PayPal', async () => {
    const { client } = await signedUpClient('pps');
    const res = await call(client, 'get-paypal-setup');
    expect(jsonBody(res)).toEqual({ clientToken: 'eyJfitTrackClientToken' });
  });
});

describe('admin refund of a PayPal payment (live mode, decision 0306)', () => {
  it('refunds the capture at PayPal once, ends the period, and a second refund is a 409', async () => {
    const { adminClient } = await import('../../test/api-client');
    const admin = await adminClient();
    const { client, id } = await signedUpClient('pprf');
    const orderId = await order(client);
    stub.approve(orderId);
    expect(jsonBody(await call(client, 'post-paypal-order-capture', { orderId }))).toEqual({ status: 'COMPLETED' });

    const history = jsonBody(await invoke(billing, loadEvent('get-billing-payments', { cookies: client.cookies() }))) as { items: { id: string; provider: string; status: string }[] };
    expect(history.items).toMatchObject([{ provider: 'paypal', status: 'paid' }]);
    const paymentId = history.items[0]!.id;
    const refund = () => {
      const event = loadEvent('post-admin-payment-refund', { cookies: admin.cookies() });
      const path = `/api/admin/payments/${paymentId}/refund`;
      return invoke(billing, { ...event, rawPath: path, pathParameters: { id: paymentId }, requestContext: { ...event.requestContext, http: { ...event.requestContext.http, path } } });
    };
    const res = await refund();
    expect(res.statusCode, res.body).toBe(200);
    const refunds = stub.requests.filter((r) => r.path === `/v2/payments/captures/${stub.captureIdOf(orderId)}/refund`);
    expect(refunds.map((r) => r.requestId)).toEqual([`refund-${orderId}`]);
    expect((await profile(id)).subscription).toMatchObject({ status: 'canceled' });
    expect(await activityLogsOf('subscription_refunded', id)).toHaveLength(1);

    expect((await refund()).statusCode).toBe(409);
    expect(stub.requests.filter((r) => r.path.endsWith('/refund'))).toHaveLength(1);
  });
});
