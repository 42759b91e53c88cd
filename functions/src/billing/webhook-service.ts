import type Stripe from 'stripe';
import { badRequest } from '../lib/http-error';
import { type SyncOutcome, applyCardSubscription, recordPaymentFailure } from './billing-repository';
import { retrieveSubscription, subscriptionIdOfInvoice } from './providers/stripe-provider';

/** Signature tolerance (seconds): Stripe's default; older timestamps are replays. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Verifies the signature on the exact raw body; a bad, stale or missing signature is a 400 that
 * changes nothing.
 */
export function verifyEvent(stripe: Stripe, rawBody: string, signature: string | undefined, secret: string): Stripe.Event {
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
    default:
      return null;
  }
}

/**
 * Handles one verified event: the subscription is re-fetched from Stripe (the event's own copy
 * may be stale or out of order) and the entitlement is set from it; the event id is recorded in
 * the same transaction, so a redelivery is a no-op.
 */
export async function handleEvent(stripe: Stripe, event: Stripe.Event, ip: string): Promise<SyncOutcome> {
  if (event.type === 'invoice.payment_failed') {
    const invoice = event.data.object;
    const userId = invoice.parent?.subscription_details?.metadata?.userId;
    if (!userId) return 'ignored';
    const reason = invoice.last_finalization_error?.message ?? 'the card was declined or could not be charged';
    return recordPaymentFailure({ eventId: event.id, userId, details: `Card payment failed for invoice ${invoice.id}: ${reason}`, ip });
  }
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) return 'ignored';
  const state = await retrieveSubscription(stripe, subscriptionId);
  return applyCardSubscription({ state, eventId: event.id, ip });
}
