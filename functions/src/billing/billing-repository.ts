import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { countMetric, metricNames, serviceName } from '../lib/metrics';
import { activityLogItems } from '../lib/activity-log';
import { ddb, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { type Item, type Key, type TransactItem, batchGet, transact, unexpectedFailure } from '../lib/db/toolkit';
import { getProfile, profileFromItem } from '../lib/profile-repository';
import { type Profile, type Subscription } from '../lib/users';
import { type PaidFor, type ReversalEffect, afterReversal, entitlementOf, paymentRef, periodOfPayment } from './entitlement-rules';
import { type Plan } from '../contract/billing';
import { type CardSubscriptionState, type PaymentInput } from './providers/types';
import { log } from '../lib/log';

/**
 * The billing repository: every payment path (Stripe webhook, activate-subscription, PayPal capture,
 * the sandbox card) ends in activatePayment or applyCardSubscription (the rules are in
 * entitlement-rules.ts). One transaction per change: the profile's subscription, a conditional
 * `PAYMENT#<provider>#<id>` record (one activation per payment) and the activity log.
 */

/** What the payment record says the payment paid for (the reversal rules' input). */
interface PaidForRecord {
  profileProvider: 'stripe' | 'paypal';
  subscriptionId?: string;
}

/** A payment's status in the lists (the history and the admin page): money going back changes it. */
type PaymentStatus = 'paid' | 'refunded' | 'disputed';
const statusOfReversal = (kind: 'refund' | 'dispute'): PaymentStatus => (kind === 'refund' ? 'refunded' : 'disputed');

/**
 * The payment record and its list entry (decision 0306), written together: the record
 * (`PAYMENT#<provider>#<id>`, conditional: one activation per payment) names its entry (`entrySk`),
 * the entry (`USER#<id>` / `PAYMENT#<paidAt>#<provider>#<id>`) is the user's history and, through
 * gsi1 (`PAYMENTS#<month>`), the admin list. Only the record is conditional: the entry is new with it.
 */
function paymentItems(p: PaymentInput, userId: string, now: Date, paidFor: PaidForRecord): [record: TransactItem, entry: TransactItem] {
  const paidAt = now.toISOString();
  const entry = keys.paymentEntry(userId, paidAt, p.provider, p.id);
  const period = p.period ? { periodStart: p.period.start, periodEnd: p.period.end } : {};
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.payment(p.provider, p.id),
          entity: 'PAYMENT',
          userId,
          plan: p.plan,
          amount: p.amount,
          currency: p.currency,
          ...period,
          ...paidFor,
          entrySk: entry.sk,
          createdAt: paidAt,
        },
        // new, or a tombstone whose reversal a won dispute took back (no plan: it never activated)
        ConditionExpression: 'attribute_not_exists(pk) OR (attribute_not_exists(#plan) AND attribute_not_exists(reversal))',
        ExpressionAttributeNames: { '#plan': 'plan' },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...entry,
          entity: 'PAYMENT_ENTRY',
          gsi1pk: keys.paymentsGsi1pk(paidAt.slice(0, 7)),
          gsi1sk: `${paidAt}#${p.provider}#${p.id}`,
          userId,
          provider: p.provider,
          paymentId: p.id,
          plan: p.plan,
          amount: p.amount,
          currency: p.currency,
          ...period,
          ...(p.receiptUrl ? { receiptUrl: p.receiptUrl } : {}),
          status: 'paid' satisfies PaymentStatus,
          paidAt,
        },
      },
    },
  ];
}

/** The list entry of a payment record takes the record's status (records written before 0306 have none). */
function entryStatusItems(userId: string, entrySk: string | undefined, status: PaymentStatus): TransactItem[] {
  if (!entrySk) return [];
  return [
    {
      Update: {
        TableName: tableName(),
        Key: { pk: `USER#${userId}`, sk: entrySk },
        UpdateExpression: 'SET #st = :st',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: { ':st': status },
      },
    },
  ];
}

/** A payment record that money going back has already reversed (or a tombstone written before its activation). */
const NOT_REVERSED = 'attribute_exists(pk) AND attribute_not_exists(reversal)';

/**
 * Webhook events seen (TTL 30 days): Stripe's `STRIPE_EVENT#<id>`, PayPal's `PAYPAL_EVENT#<id>`, and
 * the sandbox's simulated ones `SANDBOX_EVENT#<id>` (decision 0306: only the Stripe webhook writes Stripe's).
 */
export type WebhookSource = 'stripe' | 'paypal' | 'sandbox';
const eventKey = (source: WebhookSource, id: string): Key =>
  source === 'stripe' ? keys.stripeEvent(id) : source === 'sandbox' ? keys.sandboxEvent(id) : { pk: `PAYPAL_EVENT#${id}`, sk: 'EVENT' };

/** The conditional put that records a webhook event once; it goes into the transaction of the event's effect. */
export function webhookEventItem(source: WebhookSource, id: string, now: Date, extra: Item = {}): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...eventKey(source, id), entity: `${source.toUpperCase()}_EVENT`, ...extra, receivedAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + 30 * 86_400 },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Logs a billing error as one JSON line (CloudWatch). */
export const logBillingError = (msg: string, fields: Record<string, unknown> = {}): void => log.error(msg, fields);

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
  /** the provider's own writes that must commit with the activation (sandbox objects, the webhook event) */
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
    const period = periodOfPayment(profile.subscription, o.payment.plan, now);
    const next: Subscription = {
      status: 'active',
      plan: o.payment.plan,
      expiresAt: period.end,
      provider: o.profileProvider,
      autoRenew: o.autoRenew,
      lastPaymentId: ref,
      ...(o.subscriptionId ? { subscriptionId: o.subscriptionId } : {}),
    };
    const version = profile.subscriptionVersion ?? 0;
    const extraItems = o.extraItems ?? [];
    // The payment record and the provider's writes come first: a failure of any of them (index below
    // `profileAt`) means this payment is already done; a failure of the profile update means it changed.
    const profileAt = 2 + extraItems.length;
    const outcome = await transact([
      ...paymentItems({ ...o.payment, period }, o.userId, now, { profileProvider: o.profileProvider, ...(o.subscriptionId ? { subscriptionId: o.subscriptionId } : {}) }),
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
    if (outcome.ok) {
      await countMetric(metricNames.payment, serviceName('billing'), 1, { provider: o.payment.provider, plan: o.payment.plan });
      return { profile: { ...profile, subscription: next, subscriptionVersion: version + 1 }, activated: true };
    }
    // This payment already activated (a retry, a concurrent call or the webhook) or was reversed
    // before it activated (a refund tombstone), or the provider object moved on (a sandbox order
    // captured concurrently), or the webhook event was already handled: no change. The profile we read is
    // stale then, so none is returned (callers that answer with the user read it again).
    if (outcome.failed < profileAt) return { profile: null, activated: false };
    if (outcome.failed > profileAt) throw unexpectedFailure(outcome);
    profile = undefined; // the subscription changed since we read it: read again and retry
  }
  throw new Error('Activation kept conflicting with concurrent changes');
}

export type SyncOutcome = 'applied' | 'duplicate-event' | 'stale' | 'ignored' | 'reversed' | 'recorded';

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
  /** who sent `eventId`: Stripe, or the sandbox standing in for it */
  eventSource?: WebhookSource;
  ip: string;
  now?: Date;
}): Promise<SyncOutcome> {
  const now = o.now ?? new Date();
  const { state } = o;
  const next = state.userId ? entitlementOf(state, now) : null;
  const eventItem: TransactItem[] = o.eventId ? [webhookEventItem(o.eventSource ?? 'stripe', o.eventId, now, { subscriptionId: state.subscriptionId })] : [];
  if (state.userId && state.plan && !state.periodEnd && state.status !== 'canceled') {
    // Fail closed: no period end is no premium, never premium without end (SPEC 4 reads a missing expiry as active).
    logBillingError('card subscription without current_period_end: nothing granted', { subscriptionId: state.subscriptionId, status: state.status, eventId: o.eventId });
  }
  if (!next || !state.userId || (next.status === 'active' && !next.expiresAt)) {
    if (eventItem.length && !(await transact(eventItem)).ok) return 'duplicate-event';
    return 'ignored';
  }
  const userId = state.userId;
  const grants = next.status === 'active';
  const payment: PaymentInput | null =
    grants && state.paidInvoice
      ? {
          provider: 'stripe',
          id: state.paidInvoice.id,
          plan: state.plan!,
          amount: state.paidInvoice.amount,
          currency: state.paidInvoice.currency,
          ...(state.periodStart && state.periodEnd ? { period: { start: state.periodStart, end: state.periodEnd } } : {}),
          ...(state.paidInvoice.hostedInvoiceUrl ? { receiptUrl: state.paidInvoice.hostedInvoiceUrl } : {}),
        }
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
  const recorded = payment ? paymentItems(payment, userId, now, { profileProvider: 'stripe', subscriptionId: state.subscriptionId }) : null;
  const paymentWrites: TransactItem[] =
    recorded && payment
    ? [
        recorded[0],
        ...activityLogItems({
          action: 'subscription_activated',
          userId,
          details: `${payment.plan === 'yearly' ? 'Yearly' : 'Monthly'} plan paid by card (${payment.id}), active until ${next.expiresAt}`,
          ipAddress: o.ip,
          now,
        }),
        recorded[1],
      ]
    : [];

  // The invoice already recorded: it grants only while no money has gone back on it.
  const notReversed: TransactItem | null = payment
    ? { ConditionCheck: { TableName: tableName(), Key: keys.payment(payment.provider, payment.id), ConditionExpression: NOT_REVERSED } }
    : null;

  let items = [...eventItem, profileUpdate, ...paymentWrites];
  let result: SyncOutcome = 'applied';
  const base = eventItem.length;
  for (let attempt = 0; attempt < 4; attempt++) {
    const outcome = await transact(items);
    if (outcome.ok) {
      // the paid invoice recorded by this transaction (not an earlier one): a payment
      if (payment && items.includes(paymentWrites[0]!)) await countMetric(metricNames.payment, serviceName('stripe-webhook'), 1, { provider: payment.provider, plan: payment.plan });
      return items.includes(profileUpdate) ? 'applied' : result;
    }
    if (eventItem.length && outcome.failed === 0) return 'duplicate-event';
    if (outcome.failed === base && items.includes(profileUpdate)) {
      // An equal-or-newer state is already there (or another entitlement is running): keep it.
      items = [...eventItem];
      result = 'stale';
      if (!items.length) return result;
      continue;
    }
    if (outcome.failed === base + 1 && items[base + 1] === paymentWrites[0]) {
      // The invoice was already recorded (activate-subscription, an earlier event, or a refund that
      // came first): sync only, on condition that the invoice was not reversed.
      items = [...eventItem, profileUpdate, notReversed!];
      continue;
    }
    if (outcome.failed === base + 1 && items[base + 1] === notReversed) {
      // Refunded or disputed: the period it paid for is not granted again (docs/decisions/0304).
      items = [...eventItem];
      result = 'reversed';
      if (!items.length) return result;
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
  return recordWebhookEvent({ source: 'stripe', eventId: o.eventId, log: { action: 'payment_failed', userId: o.userId, details: o.details }, ip: o.ip, ...(o.now ? { now: o.now } : {}) });
}

/**
 * A webhook event whose only effect is its record (and, when given, an activity-log entry): once
 * per event id. 'recorded', or 'duplicate-event' for a redelivery.
 */
export async function recordWebhookEvent(o: {
  source: WebhookSource;
  eventId: string;
  log?: { action: 'payment_failed' | 'subscription_refunded'; userId: string; details: string };
  ip: string;
  now?: Date;
}): Promise<SyncOutcome> {
  const now = o.now ?? new Date();
  const outcome = await transact([
    webhookEventItem(o.source, o.eventId, now),
    ...(o.log ? activityLogItems({ action: o.log.action, userId: o.log.userId, details: o.log.details, ipAddress: o.ip, now }) : []),
  ]);
  if (outcome.ok) return o.log?.action === 'payment_failed' ? 'applied' : 'recorded';
  return 'duplicate-event';
}

/** The reversal kept on a payment record. */
interface StoredReversal extends ReversalEffect {
  kind: 'refund' | 'dispute';
  at: string;
  /** the webhook event, or `admin:<id>` for a refund made from the admin page */
  eventId: string;
}

/** A payment record as read back (`PAYMENT#<provider>#<id>`). */
export interface PaymentRecord {
  userId: string;
  plan?: string;
  amount?: number;
  currency?: string;
  periodStart?: string;
  periodEnd?: string;
  profileProvider?: 'stripe' | 'paypal';
  subscriptionId?: string;
  reversal?: StoredReversal;
  /** the sk of its list entry (decision 0306; absent on records written before) */
  entrySk?: string;
  createdAt?: string;
}

const paidForOf = (r: PaymentRecord, provider: string, id: string): PaidFor => ({
  period: r.periodStart && r.periodEnd ? { start: r.periodStart, end: r.periodEnd } : null,
  // records written before profileProvider was recorded: cards are 'stripe' (Stripe, sandbox card), the rest PayPal
  profileProvider: r.profileProvider ?? (provider === 'stripe' || provider === 'sandbox-card' ? 'stripe' : 'paypal'),
  ...(r.subscriptionId ? { subscriptionId: r.subscriptionId } : {}),
  ref: paymentRef({ provider, id }),
});

function profileUpdateItem(userId: string, next: Subscription, version: number | undefined): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.profile(userId),
      UpdateExpression: 'SET subscription = :s ADD subscriptionVersion :one',
      ConditionExpression:
        version === undefined ? 'attribute_exists(pk) AND attribute_not_exists(subscriptionVersion)' : 'attribute_exists(pk) AND subscriptionVersion = :v',
      ExpressionAttributeValues: { ':s': next, ':one': 1, ...(version === undefined ? {} : { ':v': version }) },
    },
  };
}

/** Counts money gone back on a payment (the `Refund` metric) and answers 'reversed'. */
async function reversed(provider: string, kind: 'refund' | 'dispute', service = 'stripe-webhook'): Promise<SyncOutcome> {
  await countMetric(metricNames.refund, serviceName(service), 1, { provider, kind });
  return 'reversed';
}

/**
 * The one transaction that reverses a recorded payment, for the webhooks and the admin refund alike:
 * `head` (the webhook event's record, or nothing), the record marked reversed (on condition that it
 * was not), the log, the entitlement after the reversal (entitlement-rules afterReversal, on
 * condition that the profile did not change since it was read), the list entry's status, and the
 * provider's own writes (the sandbox). 'head': an item of `head` failed (the event was handled);
 * 'record': the payment was reversed meanwhile; 'profile': the entitlement changed since it was read.
 */
async function commitReversal(o: {
  head: TransactItem[];
  record: PaymentRecord;
  profile: Profile | undefined;
  provider: string;
  paymentId: string;
  kind: 'refund' | 'dispute';
  by: string;
  details: string;
  ip: string;
  now: Date;
  extraItems?: TransactItem[];
}): Promise<'done' | 'head' | 'record' | 'profile'> {
  const { record } = o;
  const change = o.profile ? afterReversal(o.profile.subscription, paidForOf(record, o.provider, o.paymentId), o.now) : null;
  const reversal: StoredReversal = { kind: o.kind, at: o.now.toISOString(), eventId: o.by, ...(change?.effect ?? { shiftMs: 0 }) };
  const log = activityLogItems({ action: 'subscription_refunded', userId: record.userId, details: o.details, ipAddress: o.ip, now: o.now });
  const recordAt = o.head.length;
  const profileAt = recordAt + 1 + log.length;
  const outcome = await transact([
    ...o.head,
    {
      Update: {
        TableName: tableName(),
        Key: keys.payment(o.provider, o.paymentId),
        UpdateExpression: 'SET reversal = :r',
        ConditionExpression: NOT_REVERSED,
        ExpressionAttributeValues: { ':r': reversal },
      },
    },
    ...log,
    ...(change && o.profile ? [profileUpdateItem(record.userId, change.next, o.profile.subscriptionVersion)] : []),
    ...entryStatusItems(record.userId, record.entrySk, statusOfReversal(o.kind)),
    ...(o.extraItems ?? []),
  ]);
  if (outcome.ok) return 'done';
  if (outcome.failed < recordAt) return 'head';
  if (outcome.failed === recordAt) return 'record';
  if (change && outcome.failed === profileAt) return 'profile';
  throw unexpectedFailure(outcome);
}

/**
 * Money went back on a payment (a full refund, a dispute opened or lost): the payment record is
 * marked reversed and the entitlement loses the period it bought (entitlement-rules afterReversal),
 * in one transaction with the webhook event's record and the activity log. A payment not recorded
 * yet (the refund arrived before the activation it refers to) gets a tombstone record, so that its
 * activation later grants nothing. Idempotent per event and per payment.
 */
export async function reversePayment(o: {
  source: WebhookSource;
  eventId: string;
  /** key parts of the payment record (`PAYMENT#<provider>#<id>`) */
  provider: string;
  paymentId: string;
  /** the user the provider names (metadata, custom_id), for the tombstone */
  userId: string | null;
  kind: 'refund' | 'dispute';
  details: string;
  ip: string;
  now?: Date;
}): Promise<SyncOutcome> {
  const now = o.now ?? new Date();
  const key = keys.payment(o.provider, o.paymentId);
  const event = webhookEventItem(o.source, o.eventId, now, { payment: paymentRef({ provider: o.provider, id: o.paymentId }) });
  for (let attempt = 0; attempt < 4; attempt++) {
    // One read: the payment record and the profile of the user the provider names (DESIGN section 10: <= 2 calls).
    const [stored, profileItem] = await batchGet(o.userId ? [key, keys.profile(o.userId)] : [key], { consistent: true });
    const record = stored as unknown as PaymentRecord | undefined;
    if (record?.reversal) return recordWebhookEvent({ source: o.source, eventId: o.eventId, ip: o.ip, now });
    const userId = record?.userId ?? o.userId;
    if (!userId) {
      logBillingError('money went back on a payment of no known user: recorded only', { payment: paymentRef({ provider: o.provider, id: o.paymentId }), eventId: o.eventId });
      return recordWebhookEvent({ source: o.source, eventId: o.eventId, ip: o.ip, now });
    }
    if (!record) {
      const log = activityLogItems({ action: 'subscription_refunded', userId, details: o.details, ipAddress: o.ip, now });
      const tombstone: TransactItem = {
        Put: {
          TableName: tableName(),
          Item: { ...key, entity: 'PAYMENT', userId, reversal: { kind: o.kind, at: now.toISOString(), eventId: o.eventId, shiftMs: 0 } satisfies StoredReversal, createdAt: now.toISOString() },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      };
      const outcome = await transact([event, tombstone, ...log]);
      if (outcome.ok) return reversed(o.provider, o.kind);
      if (outcome.failed === 0) return 'duplicate-event';
      if (outcome.failed === 1) continue; // activated meanwhile: reverse that
      throw unexpectedFailure(outcome);
    }
    const profile = profileItem && userId === o.userId ? profileFromItem(profileItem) : await getProfile(userId);
    const done = await commitReversal({ head: [event], record, profile: profile ?? undefined, provider: o.provider, paymentId: o.paymentId, kind: o.kind, by: o.eventId, details: o.details, ip: o.ip, now });
    if (done === 'done') return reversed(o.provider, o.kind);
    if (done === 'head') return 'duplicate-event';
  }
  throw new Error('Reversal kept conflicting with concurrent changes');
}

/**
 * A refund made from the admin page (POST /api/admin/payments/{id}/refund), after the provider
 * has refunded: the same reversal as a webhook's, without an event record (the provider's own
 * refund event, when it comes, finds the payment reversed and is only recorded). `record` and
 * `profile` were read by the caller in one BatchGet. 'reversed', or 'already' when the payment was
 * reversed meanwhile (a concurrent refund, the provider's webhook).
 */
export async function refundRecordedPayment(o: {
  record: PaymentRecord;
  profile: Profile | undefined;
  provider: string;
  paymentId: string;
  adminId: string;
  details: string;
  ip: string;
  extraItems?: TransactItem[];
  now?: Date;
}): Promise<'reversed' | 'already'> {
  const now = o.now ?? new Date();
  let { record, profile } = o;
  for (let attempt = 0; attempt < 4; attempt++) {
    const done = await commitReversal({ head: [], record, profile, provider: o.provider, paymentId: o.paymentId, kind: 'refund', by: `admin:${o.adminId}`, details: o.details, ip: o.ip, now, ...(o.extraItems ? { extraItems: o.extraItems } : {}) });
    if (done === 'done') {
      await reversed(o.provider, 'refund', 'billing');
      return 'reversed';
    }
    if (done === 'record') return 'already'; // a concurrent refund or the provider's webhook came first
    // the entitlement changed since it was read: read both again
    const [stored, profileItem] = await batchGet([keys.payment(o.provider, o.paymentId), keys.profile(record.userId)], { consistent: true });
    const again = stored as unknown as PaymentRecord | undefined;
    if (!again || again.reversal) return 'already';
    record = again;
    profile = profileItem ? profileFromItem(profileItem) : undefined;
  }
  throw new Error('Refund kept conflicting with concurrent changes');
}

/**
 * A dispute decided for us: the reversal comes off the payment record (a tombstone keeps its key
 * without the reversal, and the activation's put may then overwrite it) and its list entry is paid
 * again, logged. The entitlement itself is then re-synced from the provider by the caller (a card
 * subscription's state decides, and the invoice grants again), which records the webhook event in
 * its own transaction. 'applied', or 'ignored' when the payment is not reversed by a dispute.
 */
export async function clearDisputeReversal(o: { provider: string; paymentId: string; userId: string | null; details: string; ip: string; now?: Date }): Promise<SyncOutcome> {
  const now = o.now ?? new Date();
  // One conditional update that answers the record (its list entry), then the entry and the log.
  const old = await ddb()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.payment(o.provider, o.paymentId),
        UpdateExpression: 'REMOVE reversal',
        ConditionExpression: 'reversal.kind = :dispute',
        ExpressionAttributeValues: { ':dispute': 'dispute' },
        ReturnValues: 'ALL_OLD',
      }),
    )
    .then(
      (res) => res.Attributes as PaymentRecord | undefined,
      (err: unknown) => {
        if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return null;
        throw err;
      },
    );
  if (!old) return 'ignored';
  const userId = old.plan ? old.userId : o.userId; // a tombstone's user is the one the provider names
  const items = [
    ...(old.plan ? entryStatusItems(old.userId, old.entrySk, 'paid') : []),
    ...(userId ? activityLogItems({ action: 'subscription_activated', userId, details: o.details, ipAddress: o.ip, now }) : []),
  ];
  if (items.length && !(await transact(items)).ok) throw new Error('The payment entry of a won dispute is missing');
  return 'applied';
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

/** Turns auto-renewal off while the profile still follows `subscriptionId` (a scheduled switch goes with it). */
export async function turnOffAutoRenew(userId: string, subscriptionId: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.profile(userId),
      UpdateExpression: 'SET subscription.autoRenew = :false REMOVE subscription.nextPlan ADD subscriptionVersion :one',
      ConditionExpression: 'subscription.subscriptionId = :sid',
      ExpressionAttributeValues: { ':false': false, ':sid': subscriptionId, ':one': 1 },
    }),
  );
}

/**
 * Records a switch at the period end (`nextPlan`), or its removal (null), while the profile still
 * follows `subscriptionId` and renews. The webhook's later syncs carry the same value from Stripe's
 * schedule (stripe-provider.ts nextPlanOf). False when the profile has moved on meanwhile.
 */
export async function setNextPlan(userId: string, subscriptionId: string, nextPlan: Plan | null): Promise<boolean> {
  return ddb()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(userId),
        UpdateExpression: `${nextPlan ? 'SET subscription.nextPlan = :plan' : 'REMOVE subscription.nextPlan'} ADD subscriptionVersion :one`,
        ConditionExpression: 'subscription.subscriptionId = :sid AND (attribute_not_exists(subscription.autoRenew) OR subscription.autoRenew = :true)',
        ExpressionAttributeValues: { ':sid': subscriptionId, ':true': true, ':one': 1, ...(nextPlan ? { ':plan': nextPlan } : {}) },
      }),
    )
    .then(
      () => true,
      (err: unknown) => {
        if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
        throw err;
      },
    );
}
