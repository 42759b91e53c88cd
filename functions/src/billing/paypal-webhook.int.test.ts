import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogsOf } from '../../test/activity-logs';
import { type ApiClient, signedUpClient } from '../../test/api-client';
import { overrideEnv } from '../../test/env';
import { loadEvent } from '../../test/events';
import { invoke, jsonBody } from '../../test/lambda';
import { PaypalStub, type PaypalWebhookType } from '../../test/paypal-stub';
import { ddb, dynamoCallCount, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { resetEnvCache } from '../lib/env';
import type { handler as BillingHandler } from './handler';
import { resetProviderSecrets } from './secrets';

/**
 * PayPal webhooks (POST /webhooks/paypal), offline: the billing handler in live mode against
 * DynamoDB Local, the PayPal SDK sent to the local stub, which also answers PayPal's
 * verify-webhook-signature call for the deliveries it "signed".
 */

const stub = new PaypalStub();
let restoreEnv: () => void;
let billing: typeof BillingHandler;

beforeAll(async () => {
  await stub.start();
  restoreEnv = overrideEnv({
    PAYMENT_MODE: 'live',
    PAYPAL_CLIENT_ID: 'fittrack-offline-client',
    PAYPAL_CLIENT_SECRET: 'fittrack-offline-secret',
    PAYPAL_API_BASE: stub.url,
    PAYPAL_WEBHOOK_ID: stub.webhookId,
  });
  resetProviderSecrets();
  billing = (await import('./handler')).handler;
});

afterAll(async () => {
  restoreEnv();
  resetProviderSecrets();
  await stub.stop();
});

const profile = async (id: string) => (await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.profile(id) }))).Item!;
const record = async (key: { pk: string; sk: string }) => (await ddb().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
const paypalEventKey = (id: string) => ({ pk: `PAYPAL_EVENT#${id}`, sk: 'EVENT' });

const logged = activityLogsOf;

/** Delivers an event with PayPal's transmission headers (signed by the stub unless `headers` says otherwise). */
async function deliver(event: Record<string, unknown>, headers: Record<string, string | undefined> = stub.transmission(event)) {
  return invoke(billing, loadEvent('post-webhooks-paypal', { body: JSON.stringify(event), headers }));
}

async function delivered(event: Record<string, unknown>): Promise<string> {
  const res = await deliver(event);
  expect(res.statusCode, res.body).toBe(200);
  return (jsonBody(res) as { outcome: string }).outcome;
}

/** A user who ordered the yearly plan and whose capture ended as `status`. */
async function captured(prefix: string, status: 'COMPLETED' | 'PENDING') {
  const { client, id } = await signedUpClient(prefix);
  const created = await invoke(billing, loadEvent('post-paypal-order', { cookies: client.cookies(), body: { plan: 'yearly' } }));
  const orderId = (jsonBody(created) as { id: string }).id;
  stub.approve(orderId, { status });
  const capture = loadEvent('post-paypal-order-capture', { cookies: client.cookies() });
  capture.pathParameters = { orderId };
  capture.rawPath = `/paypal/order/${orderId}/capture`;
  const res = await invoke(billing, capture);
  expect(jsonBody(res)).toEqual({ status });
  return { client, id, orderId };
}

const active = async (client: ApiClient) =>
  (jsonBody(await invoke(billing, loadEvent('get-subscription', { cookies: client.cookies() }))) as { hasActiveSubscription: boolean }).hasActiveSubscription;

describe('PayPal webhook: signature', () => {
  it('asks PayPal to verify each delivery (transmission headers, our webhook id, the event) with the SDK’s OAuth token', async () => {
    const u = await captured('pvs', 'COMPLETED');
    const event = stub.webhookEvent('PAYMENT.CAPTURE.REFUNDED', u.orderId);
    const headers = stub.transmission(event);
    stub.setCapture(u.orderId, 'REFUNDED');
    expect((await deliver(event, headers)).statusCode).toBe(200);
    const verify = stub.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature').at(-1)!;
    expect(verify.authorization).toBe('Bearer A21AAFfitTrackOfflineAccessToken');
    expect(verify.body).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: headers['paypal-cert-url'],
      transmission_id: headers['paypal-transmission-id'],
      transmission_sig: headers['paypal-transmission-sig'],
      transmission_time: headers['paypal-transmission-time'],
      webhook_id: stub.webhookId,
      webhook_event: event,
    });
  });

  it.each([
    ['a signature PayPal does not confirm', (e: Record<string, unknown>) => ({ ...stub.transmission(e), 'paypal-transmission-sig': 'bm90IGEgc2lnbmF0dXJl' })],
    ['a delivery signed for another webhook', (e: Record<string, unknown>) => stub.transmission(e, 'WH0SOMEONE0ELSE')],
    ['a tampered event', (e: Record<string, unknown>) => stub.transmission({ ...e, event_type: 'PAYMENT.CAPTURE.DENIED' })],
    ['missing transmission headers', (e: Record<string, unknown>) => ({ ...stub.transmission(e), 'paypal-transmission-sig': undefined })],
  ])('refuses %s with 400 and changes nothing', async (_name, headersOf) => {
    const u = await captured('pvb', 'COMPLETED');
    stub.setCapture(u.orderId, 'REFUNDED');
    const event = stub.webhookEvent('PAYMENT.CAPTURE.REFUNDED', u.orderId);
    const before = await profile(u.id);
    const calls = dynamoCallCount();
    const res = await deliver(event, headersOf(event) as Record<string, string | undefined>);
    expect(res.statusCode).toBe(400);
    expect(jsonBody(res)).toEqual({ message: expect.stringMatching(/PayPal (signature|transmission)/) });
    expect(dynamoCallCount() - calls, 'no DynamoDB call').toBe(0);
    expect(await profile(u.id)).toEqual(before);
    expect(await record(paypalEventKey(event.id as string))).toBeUndefined();
    expect(stub.requests.some((r) => r.path === `/v2/payments/captures/${stub.captureIdOf(u.orderId)}`)).toBe(false);
  });

  it('answers 503 without a configured webhook id (nothing can be verified, nothing changes)', async () => {
    const u = await captured('pvn', 'COMPLETED');
    const event = stub.webhookEvent('PAYMENT.CAPTURE.REFUNDED', u.orderId);
    delete process.env.PAYPAL_WEBHOOK_ID;
    resetEnvCache();
    try {
      expect((await deliver(event)).statusCode).toBe(503);
    } finally {
      process.env.PAYPAL_WEBHOOK_ID = stub.webhookId;
      resetEnvCache();
    }
    expect((await profile(u.id)).subscription).toMatchObject({ status: 'active' });
  });

  it('answers 503 while PayPal cannot verify, so PayPal redelivers', async () => {
    const u = await captured('pvd', 'COMPLETED');
    const event = stub.webhookEvent('PAYMENT.CAPTURE.REFUNDED', u.orderId);
    stub.failWith = 503;
    try {
      expect((await deliver(event)).statusCode).toBe(503);
    } finally {
      stub.failWith = null;
    }
    expect(await record(paypalEventKey(event.id as string))).toBeUndefined();
  });
});

describe('PayPal webhook: captures', () => {
  it('a capture that was PENDING at capture time is granted once when PayPal says COMPLETED', async () => {
    const u = await captured('ppp', 'PENDING');
    expect((await profile(u.id)).subscription).toEqual({ status: 'none' });
    stub.setCapture(u.orderId, 'COMPLETED');
    const event = stub.webhookEvent('PAYMENT.CAPTURE.COMPLETED', u.orderId);
    expect(await delivered(event)).toBe('applied');
    const p = await profile(u.id);
    expect(p.subscription).toMatchObject({ status: 'active', plan: 'yearly', provider: 'paypal', lastPaymentId: `paypal#${u.orderId}` });
    expect(await record(paypalEventKey(event.id as string))).toBeDefined();
    // redelivered, or delivered again under another event id: nothing is extended twice
    expect(await delivered(event)).not.toBe('applied');
    expect(await delivered(stub.webhookEvent('PAYMENT.CAPTURE.COMPLETED', u.orderId))).not.toBe('applied');
    expect((await profile(u.id)).subscriptionVersion).toBe(1);
    expect(await logged('subscription_activated', u.id)).toHaveLength(1);
    expect(await active(u.client)).toBe(true);
  });

  it('a COMPLETED event for a capture PayPal now reports otherwise (still pending) grants nothing', async () => {
    const u = await captured('ppx', 'PENDING');
    expect(await delivered(stub.webhookEvent('PAYMENT.CAPTURE.COMPLETED', u.orderId))).toBe('recorded');
    expect((await profile(u.id)).subscription).toEqual({ status: 'none' });
  });
});

describe('PayPal webhook: money going back', () => {
  it.each<[string, PaypalWebhookType, 'REFUNDED' | 'COMPLETED']>([
    ['PAYMENT.CAPTURE.REFUNDED in full', 'PAYMENT.CAPTURE.REFUNDED', 'REFUNDED'],
    ['PAYMENT.CAPTURE.REVERSED', 'PAYMENT.CAPTURE.REVERSED', 'COMPLETED'],
  ])('%s ends the period the payment bought, once', async (_name, type, captureStatus) => {
    const u = await captured('ppr', 'COMPLETED');
    expect(await active(u.client)).toBe(true);
    stub.setCapture(u.orderId, captureStatus);
    const event = stub.webhookEvent(type, u.orderId);
    expect(await delivered(event)).toBe('reversed');
    expect((await profile(u.id)).subscription).toMatchObject({ status: 'canceled', provider: 'paypal' });
    expect(await active(u.client)).toBe(false);
    expect(await record(keys.payment('paypal', u.orderId))).toMatchObject({ reversal: { kind: type.endsWith('REVERSED') ? 'dispute' : 'refund' } });
    expect(await delivered(event)).toBe('duplicate-event');
    expect(await logged('subscription_refunded', u.id)).toHaveLength(1);
    expect((await profile(u.id)).subscriptionVersion).toBe(2);
  });

  it('a partial refund changes nothing and is recorded', async () => {
    const u = await captured('ppq', 'COMPLETED');
    const before = (await profile(u.id)).subscription;
    stub.setCapture(u.orderId, 'PARTIALLY_REFUNDED');
    expect(await delivered(stub.webhookEvent('PAYMENT.CAPTURE.REFUNDED', u.orderId, { value: '10.00' }))).toBe('recorded');
    expect((await profile(u.id)).subscription).toEqual(before);
    expect(await logged('subscription_refunded', u.id)).toHaveLength(1);
  });

  it('a refund that arrives before the completion it refers to leaves nothing active afterwards', async () => {
    const u = await captured('ppo', 'PENDING');
    stub.setCapture(u.orderId, 'REFUNDED');
    expect(await delivered(stub.webhookEvent('PAYMENT.CAPTURE.REFUNDED', u.orderId))).toBe('reversed');
    // even if PayPal's answer to the late COMPLETED event still said COMPLETED
    stub.setCapture(u.orderId, 'COMPLETED');
    expect(await delivered(stub.webhookEvent('PAYMENT.CAPTURE.COMPLETED', u.orderId))).not.toBe('applied');
    expect((await profile(u.id)).subscription).toEqual({ status: 'none' });
    // and neither does activate-subscription with the order id
    const activate = await invoke(billing, loadEvent('post-auth-activate-subscription', { cookies: u.client.cookies(), body: { subscriptionType: 'yearly', paymentMethod: 'paypal', transactionId: u.orderId } }));
    expect(activate.statusCode).toBe(200);
    expect(await active(u.client)).toBe(false);
  });
});
