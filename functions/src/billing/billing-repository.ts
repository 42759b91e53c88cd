import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { activityLogItems } from '../lib/activity-log';
import { ddb, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { type TransactItem, transact, unexpectedFailure } from '../lib/db/toolkit';
import { getProfile } from '../lib/profile-repository';
import { type Profile, type Subscription } from '../lib/users';
import { entitlementOf, expiryAfterPayment, paymentRef } from './entitlement-rules';
import { type CardSubscriptionState, type PaymentInput } from './providers/types';

/**
 * The billing repository: every payment path (Stripe webhook, activate-subscription, PayPal capture,
 * the sandbox card) ends in activatePayment or applyCardSubscription (the rules are in
 * entitlement-rules.ts). One transaction per change: the profile's subscription, a conditional
 * `PAYMENT#<provider>#<id>` record (one activation per payment) and the activity log.
 */

function paymentItem(p: PaymentInput, userId: string, now: Date): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.payment(p.provider, p.id),
        entity: 'PAYMENT',
        userId,
        plan: p.plan,
        amount: p.amount,
        currency: p.currency,
        createdAt: now.toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * A one-off payment buys one period (PayPal; the sandbox card, which stands in for Stripe's
 * invoice.paid): the expiry extends from the current expiry when the plan is still running,
 * else from now. Idempotent: a payment already recorded changes nothing.
 */
export async function activatePayment(o: {
  userId: string;
  payment: PaymentInput;
  profileProvider: 'stripe' | 'paypal';
  /** the card subscription that renews this entitlement (sandbox card) */
  subscriptionId?: string;
  autoRenew: boolean;
  ip: string;
  /** read by the caller together with its own items (saves a round trip) */
  profile?: Profile;
  /** the provider's own writes that must commit with the activation (sandbox objects) */
  extraItems?: TransactItem[];
  now?: Date;
}): Promise<{ profile: Profile | null; activated: boolean }> {
  const now = o.now ?? new Date();
  let profile = o.profile;
  for (let attempt = 0; attempt < 4; attempt++) {
    profile ??= await getProfile(o.userId);
    if (!profile) throw new Error(`No profile for user ${o.userId}`);
    const ref = paymentRef(o.payment);
    if (profile.subscription?.lastPaymentId === ref) return { profile, activated: false };
    const next: Subscription = {
      status: 'active',
      plan: o.payment.plan,
      expiresAt: expiryAfterPayment(profile.subscription, o.payment.plan, now),
      provider: o.profileProvider,
      autoRenew: o.autoRenew,
      lastPaymentId: ref,
      ...(o.subscriptionId ? { subscriptionId: o.subscriptionId } : {}),
    };
    const version = profile.subscriptionVersion ?? 0;
    const extraItems = o.extraItems ?? [];
    // The payment record and the provider's writes come first: a failure of any of them (index below
    // `profileAt`) means this payment is already done; a failure of the profile update means it changed.
    const profileAt = 1 + extraItems.length;
    const outcome = await transact([
      paymentItem(o.payment, o.userId, now),
      ...extraItems,
      {
        Update: {
          TableName: tableName(),
          Key: keys.profile(o.userId),
          UpdateExpression: 'SET subscription = :s, subscriptionVersion = :next',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(subscriptionVersion) OR subscriptionVersion = :v)',
          ExpressionAttributeValues: { ':s': next, ':v': version, ':next': version + 1 },
        },
      },
      ...activityLogItems({
        action: 'subscription_activated',
        userId: o.userId,
        details: `${o.payment.plan === 'yearly' ? 'Yearly' : 'Monthly'} plan paid by ${o.payment.provider} (${o.payment.id}), active until ${next.expiresAt}`,
        ipAddress: o.ip,
        now,
      }),
    ]);
    if (outcome.ok) return { profile: { ...profile, subscription: next, subscriptionVersion: version + 1 }, activated: true };
    // This payment already activated (a retry, a concurrent call or the webhook), or the provider
    // object moved on (a sandbox order captured concurrently): no change. The profile we read is
    // stale then, so none is returned (callers that answer with the user read it again).
    if (outcome.failed < profileAt) return { profile: null, activated: false };
    if (outcome.failed > profileAt) throw unexpectedFailure(outcome);
    profile = undefined; // the subscription changed since we read it: read again and retry
  }
  throw new Error('Activation kept conflicting with concurrent changes');
}

export type SyncOutcome = 'applied' | 'duplicate-event' | 'stale' | 'ignored';

/**
 * Sets the user's entitlement from a card subscription as the provider reports it now (the
 * webhook re-fetches it; activate-subscription asks for it). Convergence: the profile keeps the
 * state with the highest `syncKey` (period end, then rank) per subscription, so deliveries in any
 * order end in the same state; a paid invoice is recorded once (`PAYMENT#stripe#<invoice>`) and
 * logged once; `eventId` makes a redelivered webhook event a no-op.
 */
export async function applyCardSubscription(o: {
  state: CardSubscriptionState;
  eventId?: string;
  ip: string;
  now?: Date;
}): Promise<SyncOutcome> {
  const now = o.now ?? new Date();
  const { state } = o;
  const next = state.userId ? entitlementOf(state, now) : null;
  const eventItem: TransactItem[] = o.eventId
    ? [
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.stripeEvent(o.eventId),
              entity: 'STRIPE_EVENT',
              subscriptionId: state.subscriptionId,
              receivedAt: now.toISOString(),
              expiresAt: Math.floor(now.getTime() / 1000) + 30 * 86_400,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]
    : [];
  if (!next || !state.userId) {
    if (eventItem.length && !(await transact(eventItem)).ok) return 'duplicate-event';
    return 'ignored';
  }
  const userId = state.userId;
  const grants = next.status === 'active';
  const payment =
    grants && state.paidInvoice
      ? { provider: 'stripe', id: state.paidInvoice.id, plan: state.plan!, amount: state.paidInvoice.amount, currency: state.paidInvoice.currency }
      : null;
  if (payment) next.lastPaymentId = paymentRef(payment);
  // Same subscription: only a newer (or equal) state applies. Another subscription or provider:
  // a paid one takes over; a non-paying one never ends an entitlement that is still running.
  // (DynamoDB refuses redundant parentheses, so each group is written once.)
  const sameSub = 'subscription.subscriptionId = :sid AND (attribute_not_exists(subscription.syncKey) OR subscription.syncKey <= :key)';
  const otherSub = '(attribute_not_exists(subscription.subscriptionId) OR subscription.subscriptionId <> :sid)';
  const notRunning = '(subscription.#st <> :active OR subscription.expiresAt < :now)';
  const condition = `attribute_exists(pk) AND ((${sameSub}) OR ${grants ? otherSub : `(${otherSub} AND ${notRunning})`})`;
  const values: Record<string, unknown> = { ':s': next, ':sid': state.subscriptionId, ':key': next.syncKey, ':one': 1 };
  if (!grants) Object.assign(values, { ':active': 'active', ':now': now.toISOString() });
  const profileUpdate: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: keys.profile(userId),
      UpdateExpression: 'SET subscription = :s ADD subscriptionVersion :one',
      ConditionExpression: condition,
      ExpressionAttributeValues: values,
      ...(grants ? {} : { ExpressionAttributeNames: { '#st': 'status' } }),
    },
  };
  const paymentItems: TransactItem[] = payment
    ? [
        paymentItem(payment, userId, now),
        ...activityLogItems({
          action: 'subscription_activated',
          userId,
          details: `${payment.plan === 'yearly' ? 'Yearly' : 'Monthly'} plan paid by card (${payment.id}), active until ${next.expiresAt}`,
          ipAddress: o.ip,
          now,
        }),
      ]
    : [];

  let items = [...eventItem, profileUpdate, ...paymentItems];
  const base = eventItem.length;
  for (let attempt = 0; attempt < 3; attempt++) {
    const outcome = await transact(items);
    if (outcome.ok) return items.includes(profileUpdate) ? 'applied' : 'stale';
    if (eventItem.length && outcome.failed === 0) return 'duplicate-event';
    if (outcome.failed === base && items.includes(profileUpdate)) {
      // An equal-or-newer state is already there (or another entitlement is running): keep it.
      items = [...eventItem];
      if (!items.length) return 'stale';
      continue;
    }
    if (paymentItems.length && outcome.failed === base + 1 && items.length > base + 1) {
      // The invoice was already recorded (activate-subscription or an earlier event): sync only.
      items = [...eventItem, profileUpdate];
      continue;
    }
    throw unexpectedFailure(outcome);
  }
  throw new Error('Subscription sync kept conflicting');
}

/**
 * A failed card payment (Stripe `invoice.payment_failed`): logged once per event, nothing else
 * changes (the subscription's own update, e.g. past_due, arrives as its own event).
 */
export async function recordPaymentFailure(o: { eventId: string; userId: string; details: string; ip: string; now?: Date }): Promise<SyncOutcome> {
  const now = o.now ?? new Date();
  const outcome = await transact([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.stripeEvent(o.eventId), entity: 'STRIPE_EVENT', receivedAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + 30 * 86_400 },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...activityLogItems({ action: 'payment_failed', userId: o.userId, details: o.details, ipAddress: o.ip, now }),
  ]);
  return outcome.ok ? 'applied' : 'duplicate-event';
}

/** Stores the Stripe customer of a profile once (a concurrent first checkout keeps the first). */
export async function setStripeCustomerId(userId: string, customerId: string): Promise<void> {
  await ddb()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(userId),
        UpdateExpression: 'SET stripeCustomerId = :c',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(stripeCustomerId)',
        ExpressionAttributeValues: { ':c': customerId },
      }),
    )
    .catch((err: unknown) => {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    });
}

/** Turns auto-renewal off while the profile still follows `subscriptionId`. */
export async function turnOffAutoRenew(userId: string, subscriptionId: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.profile(userId),
      UpdateExpression: 'SET subscription.autoRenew = :false ADD subscriptionVersion :one',
      ConditionExpression: 'subscription.subscriptionId = :sid',
      ExpressionAttributeValues: { ':false': false, ':sid': subscriptionId, ':one': 1 },
    }),
  );
}
