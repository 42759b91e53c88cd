import { ACCOUNT_DELETED, deleteAccountRequest } from '../contract/account';
import {
  activateSubscriptionRequest,
  changePlanRequest,
  paymentListQuery,
  paypalOrderRequest,
  sandboxCardConfirmRequest,
  sandboxPaymentEventRequest,
  sandboxPaypalApproveRequest,
} from '../contract/billing';
import { createDomainHandler, parseBody, parseQuery } from '../lib/domain-handler';
import { unauthorized } from '../lib/http-error';
import { countMetric, metricNames } from '../lib/metrics';
import { type AppRequest, type Session, header } from '../lib/request';
import { clearSessionCookies } from '../lib/session';
import { providerFailure } from './provider-errors';
import { paypalWebhooks } from './providers/provider-registry';
import {
  activateSubscription,
  cancelAutoRenewal,
  capturePaypalOrder,
  changePlan,
  createPaypalOrder,
  createSubscription,
  getMembership,
  paypalSetup,
  sandboxApprovePaypal,
  sandboxConfirmCard,
} from './billing-service';
import { listAllPayments, listMyPayments, refundPayment, sandboxCompleteCapture, sandboxPaymentEvent } from './payments-service';

const session = (req: AppRequest): Session => {
  if (!req.session) throw unauthorized();
  return req.session;
};

/** Billing (Stripe, PayPal, or the sandbox adapter): thin routes over billing-service.ts. */
export const handler = createDomainHandler('billing', {
  'POST /api/create-monthly-subscription': async (req) => ({ status: 200, body: await createSubscription(session(req), 'monthly') }),
  'POST /api/create-yearly-subscription': async (req) => ({ status: 200, body: await createSubscription(session(req), 'yearly') }),
  'POST /api/auth/activate-subscription': async (req) => {
    const input = parseBody(activateSubscriptionRequest, req.body);
    return { status: 200, body: { user: await activateSubscription(session(req), input, req.ip) } };
  },
  'POST /paypal/order': async (req) => {
    const input = parseBody(paypalOrderRequest, req.body);
    return { status: 201, body: await createPaypalOrder(session(req), input) };
  },
  'POST /paypal/order/{orderId}/capture': async (req) => ({
    status: 200,
    body: await capturePaypalOrder(session(req), req.pathParameters.orderId ?? '', req.ip),
  }),
  'GET /paypal/setup': async (req) => {
    session(req);
    return { status: 200, body: await paypalSetup() };
  },
  'POST /api/sandbox/card/confirm': async (req) => {
    const input = parseBody(sandboxCardConfirmRequest, req.body);
    return { status: 200, body: await sandboxConfirmCard(session(req), input, req.ip) };
  },
  'POST /api/sandbox/paypal/{orderId}/approve': async (req) => {
    // the body is optional: `{captureStatus: 'PENDING'}` asks for a capture PayPal holds
    const input = req.body === undefined || req.body === null ? {} : parseBody(sandboxPaypalApproveRequest, req.body);
    return { status: 200, body: await sandboxApprovePaypal(session(req), req.pathParameters.orderId ?? '', input.captureStatus) };
  },
  'POST /api/sandbox/paypal/{orderId}/complete': async (req) => ({
    status: 200,
    body: await sandboxCompleteCapture(session(req), req.pathParameters.orderId ?? '', req.ip),
  }),
  'GET /api/billing/payments': async (req) => {
    const q = parseQuery(paymentListQuery, req.query);
    return { status: 200, body: await listMyPayments(session(req), q.limit, q.cursor) };
  },
  'GET /api/admin/payments': async (req) => {
    const q = parseQuery(paymentListQuery, req.query);
    return { status: 200, body: await listAllPayments(q.limit, q.cursor) };
  },
  'POST /api/admin/payments/{id}/refund': async (req) => ({ status: 200, body: await refundPayment(session(req), req.pathParameters.id ?? '', req.ip) }),
  'POST /api/admin/sandbox/payments/{id}/events': async (req) => {
    const { event } = parseBody(sandboxPaymentEventRequest, req.body);
    return { status: 200, body: await sandboxPaymentEvent(req.pathParameters.id ?? '', event, req.ip) };
  },
  'GET /api/subscription': async (req) => ({ status: 200, body: await getMembership(session(req)) }),
  'POST /api/subscription/cancel': async (req) => ({ status: 200, body: await cancelAutoRenewal(session(req)) }),
  'POST /api/subscription/change': async (req) => {
    const input = parseBody(changePlanRequest, req.body);
    return { status: 200, body: await changePlan(session(req), input) };
  },
  // The account's data (decision 0021): its own chunk, loaded by these two rare routes only, so the
  // sign-in limits and Cognito code it needs stay off billing's cold path.
  'GET /api/account/export': async (req) => {
    const { exportAccount } = await import('../account/account-service');
    const data = await exportAccount(session(req));
    return {
      status: 200,
      body: data,
      headers: { 'Content-Disposition': `attachment; filename="fittrack-data-${data.exportedAt.slice(0, 10)}.json"`, 'Cache-Control': 'no-store' },
    };
  },
  'POST /api/account/delete': async (req) => {
    const input = parseBody(deleteAccountRequest, req.body);
    const { deleteAccount } = await import('../account/account-service');
    await deleteAccount(session(req), input, req.ip);
    req.setCookies.push(...clearSessionCookies());
    return { status: 200, body: { message: ACCOUNT_DELETED } };
  },
  /**
   * PayPal webhook (access level `stripe`: no session, the exact raw body; PayPal checks its own
   * signature). Here rather than in a Lambda of its own: this one already holds the PayPal SDK (as a
   * lazily loaded chunk) and its credentials (docs/decisions/0304).
   */
  'POST /webhooks/paypal': async (req) => {
    const { handlePaypalEvent, verifyPaypalEvent } = await import('./paypal-webhook-service');
    const api = await paypalWebhooks().catch((err: unknown) => providerFailure(err));
    const event = await verifyPaypalEvent(api, req.rawBody, (name) => header(req.event, name)).catch((err: unknown) => providerFailure(err));
    try {
      const outcome = await handlePaypalEvent(api, event, req.ip);
      await countMetric(metricNames.webhookEvent, 'billing', 1, { provider: 'paypal', outcome });
      return { status: 200, body: { received: true, outcome } };
    } catch (err) {
      // A failure is a 5xx, so PayPal redelivers the event later (counted: the PayPal webhook alarm).
      await countMetric(metricNames.webhookEvent, 'billing', 1, { provider: 'paypal', outcome: 'failed' });
      return providerFailure(err);
    }
  },
});
