import type Stripe from 'stripe';
import { badRequest } from '../lib/http-error';
import {
  type SyncOutcome,
  applyCardSubscription,
  recordPaymentFailure,
  recordWebhookEvent,
  clearDisputeReversal,
  reversePayment,
} from './billing-repository';
import { retrieveSubscription, subscriptionIdOfInvoice } from './providers/stripe-provider';
import { type StripeApi } from './providers/stripe-resources';

const idOf = (v: string | { id?: string } | null | undefined): string | null => (typeof v === 'string' ? v : (v?.id ?? null));

/** Signature tolerance (seconds): Stripe's default; older timestamps are replays. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Verifies the signature on the exact raw body; a bad, stale or missing signature is a 400 that
 * changes nothing.
 */
export function verifyEvent(stripe: StripeApi, rawBody: string, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw badRequest('Missing Stripe-Signature header');
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw badRequest('Invalid Stripe signature');
  }
}

function subscriptionIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'invoice.paid':
      return subscriptionIdOfInvoice(event.data.object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object.id;
    // a plan switch scheduled, taken back or done (decision 0305): the subscription says what it is now
    case 'subscription_schedule.updated':
    case 'subscription_schedule.released':
    case 'subscription_schedule.canceled':
    case 'subscription_schedule.completed':
      return idOf(event.data.object.subscription) ?? event.data.object.released_subscription ?? null;
    default:
      return null;
  }
}

/** Every event the handler acts on: the webhook endpoint must be subscribed to exactly these (README, deploy guide). */
export const HANDLED_EVENTS = [
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'subscription_schedule.updated',
  'subscription_schedule.released',
  'subscription_schedule.canceled',
  'subscription_schedule.completed',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const satisfies readonly Stripe.Event.Type[];

/**
 * An event of another API version than the SDK's (an endpoint created with an older version) has
 * its object in that version's shape: the handler would misread it (an invoice of an older version
 * names its subscription elsewhere). Its object is fetched again through the SDK, in the pinned
 * version's shape; subscriptions are re-fetched anyway. The caller logs and counts the mismatch.
 */
export async function inPinnedShape(stripe: StripeApi, event: Stripe.Event): Promise<Stripe.Event> {
  const id = (event.data.object as { id?: string }).id;
  if (!id) return event;
  let object: unknown = null;
  if (event.type.startsWith('invoice.')) object = await stripe.invoices.retrieve(id);
  else if (event.type.startsWith('charge.dispute.')) object = await stripe.disputes.retrieve(id);
  else if (event.type.startsWith('charge.')) object = await stripe.charges.retrieve(id);
  return object ? ({ ...event, data: { ...event.data, object } } as Stripe.Event) : event;
}

/**
 * Why an invoice's payment failed, as Stripe documents it: the payment intent's
 * `last_payment_error` (its message, and the issuer's decline code when there is one). The invoice
 * names its payment intent only through its invoice payments since API 2025-03-31 (newest first).
 * (`last_finalization_error` is about finalizing the invoice, not about paying it.)
 */
async function failureReason(stripe: StripeApi, invoiceId: string): Promise<string> {
  const payments = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 1, expand: ['data.payment.payment_intent'] });
  const intent = payments.data[0]?.payment.payment_intent;
  const error = typeof intent === 'object' ? intent?.last_payment_error : null;
  if (!error?.message) return 'the card was declined or could not be charged';
  return error.decline_code ? `${error.message} (${error.decline_code})` : error.message;
}

/**
 * Handles one verified event: the subscription is re-fetched from Stripe (the event's own copy
 * may be stale or out of order) and the entitlement is set from it; refunds and disputes end (or,
 * won, give back) the period their invoice paid for (docs/decisions/0304). The event id is
 * recorded in the same transaction as the effect, so a redelivery is a no-op.
 */
export async function handleEvent(stripe: StripeApi, event: Stripe.Event, ip: string): Promise<SyncOutcome> {
  switch (event.type) {
    case 'charge.refunded':
      return chargeRefunded(stripe, event.id, event.data.object, ip);
    case 'charge.dispute.created':
      return disputeChanged(stripe, event.id, event.data.object, 'opened', ip);
    case 'charge.dispute.closed':
      return disputeChanged(stripe, event.id, event.data.object, event.data.object.status === 'lost' ? 'lost' : isWon(event.data.object) ? 'won' : 'closed', ip);
    default:
      break;
  }
  if (event.type === 'invoice.payment_failed') {
    const invoice = event.data.object;
    const userId = invoice.parent?.subscription_details?.metadata?.userId;
    if (!userId) return 'ignored';
    const reason = await failureReason(stripe, invoice.id!);
    return recordPaymentFailure({ eventId: event.id, userId, details: `Card payment failed for invoice ${invoice.id}: ${reason}`, ip });
  }
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) return 'ignored';
  const state = await retrieveSubscription(stripe, subscriptionId);
  return applyCardSubscription({ state, eventId: event.id, ip });
}

/** The invoice a card payment paid (the payment we recorded as `PAYMENT#stripe#<invoice>`). */
interface PaidInvoice {
  invoiceId: string;
  subscriptionId: string | null;
  userId: string | null;
}


/**
 * charge → invoice. Since API 2025-03-31 a charge no longer names its invoice, nor an invoice its
 * payment intent: Stripe links them with invoice payments, which are listed by payment intent
 * (GET /v1/invoice_payments, payment[type]=payment_intent), the invoice expanded.
 */
async function invoiceOfPaymentIntent(stripe: StripeApi, paymentIntent: string | null): Promise<PaidInvoice | null> {
  if (!paymentIntent) return null;
  const list = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent }, expand: ['data.invoice'], limit: 1 });
  const invoice = list.data[0]?.invoice;
  if (!invoice || typeof invoice === 'string' || invoice.deleted) return invoice ? { invoiceId: idOf(invoice)!, subscriptionId: null, userId: null } : null;
  const metadataUser = invoice.parent?.subscription_details?.metadata?.userId;
  return { invoiceId: invoice.id!, subscriptionId: subscriptionIdOfInvoice(invoice), userId: typeof metadataUser === 'string' && metadataUser ? metadataUser : null };
}

const dollars = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * charge.refunded: a full refund (amount_refunded = amount) ends the period the invoice bought; a
 * partial refund changes nothing and is logged. A charge of no invoice of ours is recorded only.
 */
async function chargeRefunded(stripe: StripeApi, eventId: string, charge: Stripe.Charge, ip: string): Promise<SyncOutcome> {
  const paid = await invoiceOfPaymentIntent(stripe, idOf(charge.payment_intent));
  if (!paid) return recordWebhookEvent({ source: 'stripe', eventId, ip });
  const full = charge.amount > 0 && charge.amount_refunded >= charge.amount;
  if (!full) {
    if (!paid.userId) return recordWebhookEvent({ source: 'stripe', eventId, ip });
    return recordWebhookEvent({
      source: 'stripe',
      eventId,
      log: {
        action: 'subscription_refunded',
        userId: paid.userId,
        details: `Partial card refund of ${dollars(charge.amount_refunded, charge.currency)} of ${dollars(charge.amount, charge.currency)} (invoice ${paid.invoiceId}, charge ${charge.id}): the plan is unchanged`,
      },
      ip,
    });
  }
  return reversePayment({
    source: 'stripe',
    eventId,
    provider: 'stripe',
    paymentId: paid.invoiceId,
    userId: paid.userId,
    kind: 'refund',
    details: `Card payment refunded in full (invoice ${paid.invoiceId}, charge ${charge.id}): the period it paid for has ended`,
    ip,
  });
}

/** A dispute closed in our favour; `warning_closed` is an inquiry that closed without a chargeback. */
const isWon = (d: Stripe.Dispute) => d.status === 'won' || d.status === 'warning_closed';

/**
 * charge.dispute.created (and .closed lost, in case the created event was missed) ends the period
 * the disputed payment bought; .closed won gives it back: the reversal comes off the payment and
 * the subscription is re-synced from Stripe, with the event recorded in that sync's transaction.
 */
async function disputeChanged(stripe: StripeApi, eventId: string, dispute: Stripe.Dispute, what: 'opened' | 'lost' | 'won' | 'closed', ip: string): Promise<SyncOutcome> {
  let paymentIntent = idOf(dispute.payment_intent);
  if (!paymentIntent && dispute.charge) paymentIntent = idOf((await stripe.charges.retrieve(idOf(dispute.charge)!)).payment_intent);
  const paid = await invoiceOfPaymentIntent(stripe, paymentIntent);
  if (!paid || what === 'closed') return recordWebhookEvent({ source: 'stripe', eventId, ip });
  if (what === 'won') {
    await clearDisputeReversal({
      provider: 'stripe',
      paymentId: paid.invoiceId,
      userId: paid.userId,
      details: `Card dispute ${dispute.id} won (invoice ${paid.invoiceId}): the period it paid for is restored`,
      ip,
    });
    if (!paid.subscriptionId) return recordWebhookEvent({ source: 'stripe', eventId, ip });
    const state = await retrieveSubscription(stripe, paid.subscriptionId);
    return applyCardSubscription({ state, eventId, ip });
  }
  return reversePayment({
    source: 'stripe',
    eventId,
    provider: 'stripe',
    paymentId: paid.invoiceId,
    userId: paid.userId,
    kind: 'dispute',
    details: `Card payment disputed (${dispute.id}, ${dispute.reason}, invoice ${paid.invoiceId}): the period it paid for has ended`,
    ip,
  });
}
