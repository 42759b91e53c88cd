import * as z from 'zod/mini';
import { getEnv } from '../lib/env';
import { HttpError, badRequest } from '../lib/http-error';
import { type SyncOutcome, activatePayment, logBillingError, recordWebhookEvent, reversePayment, webhookEventItem } from './billing-repository';
import { verifiedPaypalPayment } from './billing-service';
import { type PaypalWebhookApi } from './providers/types';

/**
 * PayPal webhooks (POST /webhooks/paypal): verified by PayPal itself (verify-webhook-signature
 * with the transmission headers and our webhook id), deduplicated by event id in the transaction
 * of the event's effect (`PAYPAL_EVENT#<id>`), and acted on from what PayPal reports when asked
 * (the capture and its order), not from the event's own copy:
 * - PAYMENT.CAPTURE.COMPLETED grants a capture that was still PENDING when the order was captured;
 * - PAYMENT.CAPTURE.REFUNDED (in full) and PAYMENT.CAPTURE.REVERSED end the period it bought.
 */

const eventSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(128)),
  event_type: z.string().check(z.maxLength(128)),
  resource_type: z.optional(z.string().check(z.maxLength(64))),
  resource: z.looseObject({
    id: z.optional(z.string().check(z.maxLength(128))),
    links: z.optional(z.array(z.object({ href: z.string().check(z.maxLength(2048)), rel: z.string().check(z.maxLength(64)) }))),
  }),
});
export type PaypalEvent = z.infer<typeof eventSchema>;

/** The headers PayPal signs a delivery with (PAYPAL-AUTH-ALGO, -CERT-URL, -TRANSMISSION-ID, -SIG, -TIME). */
const TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/**
 * Verifies a delivery with PayPal and parses it: missing headers, a signature PayPal does not
 * confirm, or a body that is not a PayPal event are a 400 that changes nothing.
 */
export async function verifyPaypalEvent(api: PaypalWebhookApi, rawBody: string, header: (name: string) => string | undefined): Promise<PaypalEvent> {
  const webhookId = getEnv().paypalWebhookId;
  if (!webhookId) throw new HttpError(503, 'PayPal webhooks are not configured');
  const transmission: Record<string, string> = {};
  for (const [field, name] of Object.entries(TRANSMISSION_HEADERS)) {
    const value = header(name);
    if (!value || value.length > 2048) throw badRequest('Missing PayPal transmission headers');
    transmission[field] = value;
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw badRequest('Invalid PayPal event');
  }
  if (!(await api.verifySignature(transmission, rawBody, webhookId))) throw badRequest('Invalid PayPal signature');
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) throw badRequest('Invalid PayPal event');
  return parsed.data;
}

/** The capture an event is about: the resource itself (a capture), or the capture a refund links "up" to. */
function captureIdOf(event: PaypalEvent): string | null {
  if (event.resource_type === 'capture' || event.event_type === 'PAYMENT.CAPTURE.COMPLETED') return event.resource.id ?? null;
  const up = event.resource.links?.find((l) => l.rel === 'up' && /\/v2\/payments\/captures\/[^/]+$/.test(l.href));
  return up ? decodeURIComponent(up.href.split('/').pop()!) : null;
}

const HANDLED = new Set(['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED']);

/**
 * `paymentProvider`: the key part of the payment records (`paypal`; the sandbox's simulated
 * events, sandbox-events.ts, act on its `sandbox-paypal` payments through this same code).
 */
export async function handlePaypalEvent(api: PaypalWebhookApi, event: PaypalEvent, ip: string, paymentProvider: 'paypal' | 'sandbox-paypal' = 'paypal'): Promise<SyncOutcome> {
  // the sandbox's simulated events are recorded apart from PayPal's (SANDBOX_EVENT#, decision 0306)
  const source = paymentProvider === 'sandbox-paypal' ? 'sandbox' : 'paypal';
  const record = () => recordWebhookEvent({ source, eventId: event.id, ip });
  if (!HANDLED.has(event.event_type)) return record();
  const captureId = captureIdOf(event);
  const capture = captureId ? await api.getCapture(captureId) : null;
  const order = capture?.orderId ? await api.getOrder(capture.orderId) : null;
  if (!capture || !order) {
    logBillingError('PayPal event about a capture or order PayPal does not know', { eventId: event.id, type: event.event_type, captureId });
    return record();
  }
  if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED') {
    const paid = order.userId ? verifiedPaypalPayment({ ...order, capture: order.capture ? { ...order.capture, status: capture.status } : null }, order.userId) : null;
    if (!paid || !order.userId) return record(); // not (or no longer) a completed capture of a plan's exact price: nothing is granted
    const result = await activatePayment({
      userId: order.userId,
      payment: { provider: paymentProvider, id: order.id, ...paid },
      profileProvider: 'paypal',
      autoRenew: false,
      ip,
      ...(order.profile ? { profile: order.profile } : {}),
      extraItems: [webhookEventItem(source, event.id, new Date(), { payment: `${paymentProvider}#${order.id}` }), ...(order.commitItems ?? [])],
    });
    return result.activated ? 'applied' : 'stale';
  }
  const full = event.event_type === 'PAYMENT.CAPTURE.REVERSED' || capture.status === 'REFUNDED';
  if (!full) {
    if (!order.userId) return record();
    return recordWebhookEvent({
      source,
      eventId: event.id,
      log: { action: 'subscription_refunded', userId: order.userId, details: `Partial PayPal refund of capture ${capture.id} (order ${order.id}): the plan is unchanged` },
      ip,
    });
  }
  const reversed = event.event_type === 'PAYMENT.CAPTURE.REVERSED';
  return reversePayment({
    source,
    eventId: event.id,
    provider: paymentProvider,
    paymentId: order.id,
    userId: order.userId,
    kind: reversed ? 'dispute' : 'refund',
    details: `PayPal payment ${reversed ? 'reversed' : 'refunded in full'} (order ${order.id}, capture ${capture.id}): the period it paid for has ended`,
    ip,
  });
}
