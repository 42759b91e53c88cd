import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, adminClient, signedUpClient } from '../../test/api-client';
import { activityLogsOf } from '../../test/activity-logs';
import { type AdminPaymentListResponse, type AdminRefundResponse, type CreateSubscriptionResponse, type PaymentListResponse } from '../contract/billing';
import { ddb, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';

/**
 * Payment history, admin refunds and the sandbox's simulated provider events (issue 16 points 4
 * and 5, decision 0306), end to end through the local gateway against DynamoDB Local in sandbox
 * mode: the same reversal and activation code as the real providers' webhooks.
 */

const DAY = 86_400_000;
let admin: ApiClient;

beforeAll(async () => {
  admin = await adminClient();
});

const secretId = (secret: string) => /^sandbox_([0-9A-Z]{26})_secret_/.exec(secret)![1]!;

async function payByCard(c: ApiClient, plan: 'monthly' | 'yearly' = 'monthly'): Promise<string> {
  const start = await c.post<CreateSubscriptionResponse>(`/api/create-${plan}-subscription`);
  expect(start.status, start.text).toBe(200);
  const paid = await c.post('/api/sandbox/card/confirm', { clientSecret: start.body.clientSecret, cardNumber: '4242 4242 4242 4242' });
  expect(paid.body).toEqual({ status: 'succeeded' });
  return secretId(start.body.clientSecret);
}

async function payByPaypal(c: ApiClient, plan: 'monthly' | 'yearly' = 'monthly', captureStatus?: 'PENDING'): Promise<{ orderId: string; status: string }> {
  const order = await c.post<{ id: string }>('/paypal/order', { plan });
  expect(order.status, order.text).toBe(201);
  const approved = await c.post(`/api/sandbox/paypal/${order.body.id}/approve`, captureStatus ? { captureStatus } : undefined);
  expect(approved.status, approved.text).toBe(200);
  const captured = await c.post<{ status: string }>(`/paypal/order/${order.body.id}/capture`);
  expect(captured.status, captured.text).toBe(200);
  return { orderId: order.body.id, status: captured.body.status };
}

const paymentIdOf = (userId: string, provider: string, id: string) => Buffer.from(`${userId}\n${provider}\n${id}`).toString('base64url');

async function myPayments(c: ApiClient, query = '') {
  const res = await c.get<PaymentListResponse>(`/api/billing/payments${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('payment history (GET /api/billing/payments)', () => {
  it('lists only the caller’s own payments, newest first, page by page with an opaque cursor', async () => {
    const { client, id } = await signedUpClient('hist');
    const other = await signedUpClient('hist');
    await payByCard(other.client);
    expect((await myPayments(client)).items).toEqual([]);

    const orders: string[] = [];
    for (let i = 0; i < 3; i++) orders.push((await payByPaypal(client)).orderId);
    const first = await myPayments(client, '?limit=2');
    expect(first.items.map((p) => p.id)).toEqual([paymentIdOf(id, 'sandbox-paypal', orders[2]!), paymentIdOf(id, 'sandbox-paypal', orders[1]!)]);
    expect(first.items[0]).toEqual({
      id: expect.any(String),
      paidAt: expect.any(String),
      plan: 'monthly',
      amount: 299,
      currency: 'USD',
      provider: 'sandbox-paypal',
      status: 'paid',
      receiptUrl: null,
    });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await myPayments(client, `?limit=2&cursor=${first.nextCursor!}`);
    expect(second.items.map((p) => p.id)).toEqual([paymentIdOf(id, 'sandbox-paypal', orders[0]!)]);
    expect(second.nextCursor).toBeNull();

    // another user's cursor, or a made-up one, is refused
    const foreign = await other.client.get<{ message: string }>(`/api/billing/payments?cursor=${first.nextCursor!}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/cursor/);
    expect((await client.get('/api/billing/payments?limit=0')).status).toBe(400);
  });
});

describe('admin refunds (POST /api/admin/payments/{id}/refund)', () => {
  it('refunds a sandbox card payment once: access ends at the next request, the list says refunded, the log says why', async () => {
    const { client, id } = await signedUpClient('refund');
    const paymentId = await payByCard(client, 'yearly');
    expect((await client.get('/api/meals')).status).toBe(200);

    const listed = await admin.get<AdminPaymentListResponse>('/api/admin/payments?limit=50');
    expect(listed.status).toBe(200);
    const entry = listed.body.items.find((p) => p.id === paymentIdOf(id, 'sandbox-card', paymentId));
    expect(entry).toMatchObject({ userId: id, plan: 'yearly', amount: 2999, status: 'paid', refundable: true, provider: 'sandbox-card' });

    const refunded = await admin.post<AdminRefundResponse>(`/api/admin/payments/${entry!.id}/refund`);
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.payment).toMatchObject({ id: entry!.id, status: 'refunded', refundable: false });

    expect((await client.get('/api/meals')).status).toBe(403);
    expect((await myPayments(client)).items[0]).toMatchObject({ status: 'refunded' });
    const logs = await activityLogsOf('subscription_refunded', id);
    expect(logs).toHaveLength(1);
    expect(String(logs[0]!.details)).toMatch(/refunded in full by an admin/);
    const card = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.sandboxPayment(id, 'CARD', paymentId) }));
    expect(card.Item?.status).toBe('refunded');

    const twice = await admin.post<{ message: string }>(`/api/admin/payments/${entry!.id}/refund`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This payment has already been refunded.');
    expect(await activityLogsOf('subscription_refunded', id)).toHaveLength(1);
  });

  it('two refunds at the same moment: one refunds, the other is a 409', async () => {
    const { client, id } = await signedUpClient('refund');
    const { orderId } = await payByPaypal(client);
    const both = await Promise.all([0, 1].map(() => admin.post(`/api/admin/payments/${paymentIdOf(id, 'sandbox-paypal', orderId)}/refund`)));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await activityLogsOf('subscription_refunded', id)).toHaveLength(1);
    expect((await client.get('/api/meals')).status).toBe(403);
  });

  it('an unknown, foreign or malformed payment is a 404 and changes nothing', async () => {
    const { client, id } = await signedUpClient('refund');
    const other = await signedUpClient('refund');
    const paymentId = await payByCard(client);
    for (const bad of [paymentIdOf(other.id, 'sandbox-card', paymentId), paymentIdOf(id, 'sandbox-card', '01JZ8Q6W3K5M7N9P0R2S4T6V8X'), paymentIdOf(id, 'bitcoin', paymentId), 'not*an*id']) {
      const res = await admin.post<{ message: string }>(`/api/admin/payments/${bad}/refund`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Payment not found' });
    }
    expect((await client.get('/api/meals')).status).toBe(200);
    expect(await activityLogsOf('subscription_refunded', id)).toHaveLength(0);
  });

  it('a payment outside the 30-day refund window is a 409 and is not offered', async () => {
    const { client, id } = await signedUpClient('refund');
    const paymentId = await payByCard(client);
    const paidAt = new Date(Date.now() - 31 * DAY).toISOString();
    await ddb().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.payment('sandbox-card', paymentId), UpdateExpression: 'SET createdAt = :t', ExpressionAttributeValues: { ':t': paidAt } }),
    );
    const res = await admin.post<{ message: string }>(`/api/admin/payments/${paymentIdOf(id, 'sandbox-card', paymentId)}/refund`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^This payment is outside the 30-day refund window \(it closed on \d{4}-\d\d-\d\d\)\.$/);
    expect((await client.get('/api/meals')).status).toBe(200);
  });

  it('only a first purchase is refundable (decision 0200): a later payment is a 409 and changes nothing', async () => {
    const { client, id } = await signedUpClient('refund');
    const first = await payByPaypal(client);
    const later = await payByPaypal(client); // a second month, bought while the first runs
    const res = await admin.post<{ message: string }>(`/api/admin/payments/${paymentIdOf(id, 'sandbox-paypal', later.orderId)}/refund`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Only a first purchase can be refunded/);
    expect((await client.get('/api/meals')).status).toBe(200);
    expect(await activityLogsOf('subscription_refunded', id)).toHaveLength(0);
    expect((await myPayments(client)).items.map((p) => p.status)).toEqual(['paid', 'paid']);
    // the first purchase is refundable
    const refunded = await admin.post(`/api/admin/payments/${paymentIdOf(id, 'sandbox-paypal', first.orderId)}/refund`);
    expect(refunded.status, refunded.text).toBe(200);
  });

  it('the admin list is newest first across users, page by page', async () => {
    const a = await signedUpClient('adm');
    const b = await signedUpClient('adm');
    const first = await payByCard(a.client);
    const second = await payByCard(b.client);
    const page = await admin.get<AdminPaymentListResponse>('/api/admin/payments?limit=50');
    const ids = page.body.items.map((p) => p.id);
    const at = (x: string) => ids.indexOf(x);
    expect(at(paymentIdOf(b.id, 'sandbox-card', second))).toBeGreaterThanOrEqual(0);
    expect(at(paymentIdOf(b.id, 'sandbox-card', second))).toBeLessThan(at(paymentIdOf(a.id, 'sandbox-card', first)));
    const dates = page.body.items.map((p) => p.paidAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const one = await admin.get<AdminPaymentListResponse>('/api/admin/payments?limit=1');
    expect(one.body.items).toHaveLength(1);
    const next = await admin.get<AdminPaymentListResponse>(`/api/admin/payments?limit=1&cursor=${one.body.nextCursor!}`);
    expect(next.status).toBe(200);
    expect(next.body.items[0]!.paidAt <= one.body.items[0]!.paidAt).toBe(true);
    expect((await admin.get('/api/admin/payments?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
  });
});

describe('sandbox parity: disputes and a PENDING PayPal capture through the webhook code', () => {
  it('a dispute ends the period, a dispute won gives it back', async () => {
    const { client, id } = await signedUpClient('disp');
    const paymentId = await payByCard(client, 'yearly');
    const pid = paymentIdOf(id, 'sandbox-card', paymentId);
    const disputed = await admin.post<{ outcome: string }>(`/api/admin/sandbox/payments/${pid}/events`, { event: 'dispute' });
    expect(disputed.status, disputed.text).toBe(200);
    expect(disputed.body).toEqual({ outcome: 'reversed' });
    expect((await client.get('/api/meals')).status).toBe(403);
    expect((await myPayments(client)).items[0]).toMatchObject({ status: 'disputed' });
    // a refund of a disputed payment: its money is already going back
    expect((await admin.post(`/api/admin/payments/${pid}/refund`)).status).toBe(409);

    const won = await admin.post<{ outcome: string }>(`/api/admin/sandbox/payments/${pid}/events`, { event: 'dispute-won' });
    expect(won.status, won.text).toBe(200);
    expect((await client.get('/api/meals')).status).toBe(200);
    expect((await myPayments(client)).items[0]).toMatchObject({ status: 'paid' });
    expect((await admin.post(`/api/admin/sandbox/payments/${pid}/events`, { event: 'dispute-won' })).status).toBe(409);
    expect((await admin.post(`/api/admin/sandbox/payments/${pid}/events`, { event: 'chargeback' })).status).toBe(400);
  });

  it('a sandbox PayPal refund and reversal go through the PayPal webhook code', async () => {
    const { client, id } = await signedUpClient('disp');
    const { orderId } = await payByPaypal(client);
    const res = await admin.post<{ outcome: string }>(`/api/admin/sandbox/payments/${paymentIdOf(id, 'sandbox-paypal', orderId)}/events`, { event: 'refund' });
    expect(res.body).toEqual({ outcome: 'reversed' });
    expect((await client.get('/api/meals')).status).toBe(403);
    expect((await myPayments(client)).items[0]).toMatchObject({ status: 'refunded' });
  });

  it('a PENDING capture grants nothing until PayPal completes it, then once', async () => {
    const { client } = await signedUpClient('pend');
    const { orderId, status } = await payByPaypal(client, 'monthly', 'PENDING');
    expect(status).toBe('PENDING');
    expect((await client.get('/api/meals')).status).toBe(403);
    expect((await myPayments(client)).items).toEqual([]);

    const completes = await Promise.all([0, 1].map(() => client.post<{ status: string }>(`/api/sandbox/paypal/${orderId}/complete`)));
    for (const r of completes) expect(r.status, r.text).toBe(200);
    expect(completes.map((r) => r.body.status)).toContain('COMPLETED');
    expect((await client.get('/api/meals')).status).toBe(200);
    expect((await myPayments(client)).items).toHaveLength(1);
    expect((await client.post<{ status: string }>(`/api/sandbox/paypal/${orderId}/complete`)).body).toEqual({ status: 'COMPLETED' });
    // another user cannot complete it
    const other = await signedUpClient('pend');
    expect((await other.client.post(`/api/sandbox/paypal/${orderId}/complete`)).status).toBe(404);
  });

  it('a completion that reads the order completed and the profile from before its grant answers COMPLETED, and grants nothing', async () => {
    // Order and profile are read in one BatchGet, which DynamoDB isolates per item only: a request
    // racing a completion can see the order's capture completed and the profile without its grant.
    const { client, id } = await signedUpClient('pend');
    const { orderId } = await payByPaypal(client, 'monthly', 'PENDING');
    expect((await client.post<{ status: string }>(`/api/sandbox/paypal/${orderId}/complete`)).body).toEqual({ status: 'COMPLETED' });
    await ddb().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.profile(id), UpdateExpression: 'SET subscription.lastPaymentId = :other', ExpressionAttributeValues: { ':other': 'sandbox-paypal#not-this-order' } }),
    );
    const again = await client.post<{ status: string }>(`/api/sandbox/paypal/${orderId}/complete`);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual({ status: 'COMPLETED' });
    expect((await myPayments(client)).items).toHaveLength(1);
  });
});
