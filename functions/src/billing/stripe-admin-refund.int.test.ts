import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogsOf } from '../../test/activity-logs';
import { type ApiClient, adminClient, signedUpClient } from '../../test/api-client';
import { loadEvent } from '../../test/events';
import { useLiveStripe } from '../../test/live-stripe';
import { invoke, jsonBody } from '../../test/lambda';
import { stripeEvent } from '../../../test-support/stripe-fixtures';
import { type AdminRefundResponse, type PaymentListResponse } from '../contract/billing';

/**
 * The admin refund of a Stripe payment in live mode (decision 0306), against the Stripe stub: every
 * object it answers is built from Stripe's published fixtures. The refund is one POST /v1/refunds
 * of the invoice's payment intent (idempotency key per invoice); Stripe's own charge.refunded event
 * that follows finds the payment already reversed.
 */

const WEBHOOK_SECRET = 'whsec_offline_fittrack_admin_refund';
const live = useLiveStripe(WEBHOOK_SECRET);
const { stub, stripe } = live;
const DAY = 86_400;

let admin: ApiClient;
beforeAll(async () => {
  admin = await adminClient();
});

async function deliver(type: string, object: unknown): Promise<string> {
  const payload = JSON.stringify(stripeEvent(type, object), null, 2);
  const res = await invoke(
    live.webhook,
    loadEvent('post-webhooks-stripe', { body: payload, headers: { 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) } }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return (jsonBody(res) as { outcome: string }).outcome;
}

const history = async (client: ApiClient) => jsonBody(await invoke(live.billing, loadEvent('get-billing-payments', { cookies: client.cookies() }))) as PaymentListResponse;

describe('admin refund of a Stripe payment (live mode)', () => {
  it('lists the paid invoice with its hosted page, refunds it once at Stripe, ends the period, and the webhook that follows changes nothing', async () => {
    const user = await signedUpClient('srf');
    const subId = stub.addSubscription({ userId: user.id, plan: 'monthly', status: 'active', invoicePaid: true, periodEnd: Math.floor(Date.now() / 1000) + 30 * DAY });
    const invoice = stub.subscriptions.get(subId)!.invoice;
    expect(await deliver('invoice.paid', invoice)).toBe('applied');

    const [payment] = (await history(user.client)).items;
    expect(payment).toMatchObject({ provider: 'stripe', plan: 'monthly', amount: 299, currency: 'USD', status: 'paid', receiptUrl: invoice.hosted_invoice_url });

    const refund = () => {
      const event = loadEvent('post-admin-payment-refund', { cookies: admin.cookies() });
      const path = `/api/admin/payments/${payment!.id}/refund`;
      return invoke(live.billing, { ...event, rawPath: path, pathParameters: { id: payment!.id }, requestContext: { ...event.requestContext, http: { ...event.requestContext.http, path } } });
    };
    const res = await refund();
    expect(res.statusCode, res.body).toBe(200);
    expect((jsonBody(res) as AdminRefundResponse).payment).toMatchObject({ status: 'refunded', refundable: false });

    const intent = stub.paymentIntentOf(invoice.id);
    expect(stub.refunds.get(intent)).toMatchObject({ object: 'refund', payment_intent: intent, amount: 299, metadata: { invoiceId: invoice.id } });
    expect(stub.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey)).toEqual([`refund-${invoice.id}`]);

    const membership = jsonBody(await invoke(live.billing, loadEvent('get-subscription', { cookies: user.client.cookies() }))) as { hasActiveSubscription: boolean };
    expect(membership.hasActiveSubscription).toBe(false);
    expect((await history(user.client)).items[0]).toMatchObject({ status: 'refunded' });

    // Stripe's own event about the refund: the payment is already reversed, so it is only recorded
    expect(await deliver('charge.refunded', stub.chargeOf(invoice.id, { amountRefunded: 299 }))).toBe('recorded');
    expect(await activityLogsOf('subscription_refunded', user.id)).toHaveLength(1);

    const again = await refund();
    expect(again.statusCode).toBe(409);
    expect(stub.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
  });
});
