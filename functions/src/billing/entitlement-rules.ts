import { type Plan } from '../contract/billing';
import { type Subscription, hasActiveSubscription } from '../lib/users';
import { addPeriod } from './prices';
import { type CardSubscriptionState, type PaymentInput } from './providers/types';

/** The entitlement rules of billing (pure): what a payment or a card subscription state grants. */

/** `<provider>#<id>`: the payment that activated or extended an entitlement (subscription.lastPaymentId). */
export const paymentRef = (p: Pick<PaymentInput, 'provider' | 'id'>) => `${p.provider}#${p.id}`;

/** Whether a subscription grants access at `now` (the SPEC 4 rule of lib/users.ts). */
export const isActiveNow = (s: Subscription | undefined, now: Date): boolean => hasActiveSubscription({ subscription: s }, now);

/**
 * The expiry rule of a one-off payment (PayPal; the sandbox card): it buys one period, from the
 * current expiry while the plan is still running, else from now.
 */
export function expiryAfterPayment(current: Subscription | undefined, plan: Plan, now: Date): string {
  return periodOfPayment(current, plan, now).end;
}

/** The period a one-off payment buys: from the running expiry (else now) to one plan period later. */
export function periodOfPayment(current: Subscription | undefined, plan: Plan, now: Date): PaidPeriod {
  const base = isActiveNow(current, now) && current?.expiresAt ? new Date(current.expiresAt) : now;
  return { start: base.toISOString(), end: addPeriod(base, plan).toISOString() };
}

/** Order of card-subscription states within one period: a later state never loses to an earlier one. */
const RANK: Record<CardSubscriptionState['status'], number> = {
  incomplete: 0,
  incomplete_expired: 0,
  past_due: 1,
  trialing: 2,
  active: 2,
  paused: 3,
  unpaid: 3,
  canceled: 4,
};

export const syncKeyOf = (s: CardSubscriptionState, now = new Date()) => `${s.periodEnd ?? s.endedAt ?? now.toISOString()}#${RANK[s.status]}`;

/**
 * The entitlement a card subscription state gives, or null when it gives nothing to record.
 * Fails closed: a state that would grant (or keep) access without a period end gives nothing,
 * never an entitlement without expiry (which SPEC 4 would read as "never expires").
 */
export function entitlementOf(s: CardSubscriptionState, now = new Date()): Subscription | null {
  if (!s.plan) return null;
  if (!s.periodEnd && s.status !== 'canceled') return null;
  const base = { plan: s.plan, provider: 'stripe' as const, subscriptionId: s.subscriptionId, syncKey: syncKeyOf(s, now) };
  switch (s.status) {
    case 'active':
    case 'trialing':
      return {
        ...base,
        status: 'active',
        expiresAt: s.periodEnd,
        autoRenew: !s.cancelAtPeriodEnd,
        ...(s.nextPlan && s.nextPlan !== s.plan && !s.cancelAtPeriodEnd ? { nextPlan: s.nextPlan } : {}),
      };
    case 'past_due':
      return { ...base, status: 'past_due', expiresAt: s.periodEnd, autoRenew: false };
    case 'unpaid':
    case 'paused':
      return { ...base, status: 'expired', expiresAt: s.periodEnd, autoRenew: false };
    case 'canceled':
      return { ...base, status: 'canceled', expiresAt: s.endedAt ?? now.toISOString(), autoRenew: false };
    default:
      return null; // incomplete: not paid yet, nothing is granted
  }
}

/** The period one payment bought (ISO instants). */
export interface PaidPeriod {
  start: string;
  end: string;
}

/** What a recorded payment bought and which entitlement it belongs to (the `PAYMENT#…` record). */
export interface PaidFor {
  period: PaidPeriod | null;
  /** the profile's provider the payment activated ('stripe' for cards, the sandbox card included) */
  profileProvider: 'stripe' | 'paypal';
  /** the card subscription it paid (Stripe, sandbox card) */
  subscriptionId?: string;
  /** `<provider>#<id>` (paymentRef) */
  ref: string;
}

/** What a reversal did to the entitlement, kept on the payment record (the audit of what money going back ended). */
export interface ReversalEffect {
  /** how far the expiry moved back (ms; 0 when the entitlement did not change) */
  shiftMs: number;
  /** the status and auto-renewal before, when the reversal ended the entitlement */
  endedFrom?: { status: Subscription['status']; autoRenew: boolean };
}

const belongsTo = (current: Subscription, p: PaidFor) =>
  current.provider === p.profileProvider && (!p.subscriptionId || current.subscriptionId === p.subscriptionId);

/**
 * Money going back (a full refund, a dispute) ends what the payment bought: the expiry moves back
 * by the length of its period (for the latest payment: to the moment its period began); when
 * nothing is left running, the entitlement ends (status canceled, no renewal). An entitlement that
 * another provider or subscription has taken over since is not this payment's and does not change.
 * A payment recorded without its period (before periods were recorded) that is the entitlement's
 * latest payment ends it now: fail closed. Null: no change.
 */
export function afterReversal(current: Subscription | undefined, p: PaidFor, now: Date): { next: Subscription; effect: ReversalEffect } | null {
  if (!current?.expiresAt || current.status === 'none' || !belongsTo(current, p)) return null;
  const expiry = Date.parse(current.expiresAt);
  let target: number;
  if (p.period) {
    const start = Date.parse(p.period.start);
    const length = Date.parse(p.period.end) - start;
    if (!(length > 0) || expiry <= start) return null; // nothing of that period is left in the entitlement
    target = Math.max(start, expiry - length);
  } else {
    if (current.lastPaymentId !== p.ref) return null;
    target = Math.min(expiry, now.getTime());
  }
  const ends = target <= now.getTime() && current.status === 'active';
  const next: Subscription = { ...current, expiresAt: new Date(target).toISOString() };
  if (ends) Object.assign(next, { status: 'canceled', autoRenew: false });
  return {
    next,
    effect: { shiftMs: expiry - target, ...(ends ? { endedFrom: { status: current.status, autoRenew: current.autoRenew ?? false } } : {}) },
  };
}
