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
  const base = isActiveNow(current, now) && current?.expiresAt ? new Date(current.expiresAt) : now;
  return addPeriod(base, plan).toISOString();
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

/** The entitlement a card subscription state gives, or null when it gives nothing to record. */
export function entitlementOf(s: CardSubscriptionState, now = new Date()): Subscription | null {
  if (!s.plan) return null;
  const base = { plan: s.plan, provider: 'stripe' as const, subscriptionId: s.subscriptionId, syncKey: syncKeyOf(s, now) };
  switch (s.status) {
    case 'active':
    case 'trialing':
      return { ...base, status: 'active', expiresAt: s.periodEnd, autoRenew: !s.cancelAtPeriodEnd };
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
