import { PLANS, PLAN_IDS, type Plan } from '../contract/billing-plans';
import { type PlanAction } from '../contract/billing';
import { type Subscription, hasActiveSubscription } from '../lib/users';

/**
 * One paid subscription per user (issue 16 point 1, docs/decisions/0305): what a user may buy or
 * change for each plan, given the entitlement they have. Pure. The billing service refuses (409, with
 * the message below) whatever a rule forbids, for every provider: Stripe, PayPal and the sandbox;
 * the Stripe adapter applies the same rules to the subscriptions Stripe itself reports (a payment
 * whose webhook has not arrived yet); GET /api/subscription sends the same rules to the browser, which
 * offers only what they allow.
 *
 * - Nothing running: either plan, by card (a renewing subscription) or PayPal (one period).
 * - A renewing card subscription: its plan is current and cannot be bought again; the other plan is a
 *   switch at the period end (Stripe subscription schedule); a scheduled switch can be taken back ("keep").
 * - A plan that does not renew (a PayPal period, or a card subscription with auto-renewal off) runs
 *   to its end: PayPal may add another period now ("renew"); a card subscription starts when it ends.
 * - A card subscription whose renewal failed (past_due, Stripe still retrying): paying its overdue
 *   invoice by card is the way on; nothing else may start meanwhile (two subscriptions would renew).
 */

export interface PlanRule {
  plan: Plan;
  /** the plan the user has now */
  current: boolean;
  /** a switch to this plan is scheduled: it starts then (ISO) */
  startsAt: string | null;
  /** what the browser offers for this plan (null: nothing) */
  action: PlanAction | null;
  /** null when a card subscription of this plan may start, else why not (the 409's message) */
  card: string | null;
  /** null when a PayPal payment for this plan may be made, else why not */
  paypal: string | null;
  /** null when POST /api/subscription/change may ask for this plan, else why not */
  change: string | null;
}

const label = (plan: Plan) => PLANS[plan].label;

/** "December 20, 2026" (UTC): the day the server's messages name. */
export const dayOf = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }) : 'the end of the period';

/** A card subscription that renews by itself (Stripe, or the sandbox card that stands in for it). */
const renewsByCard = (s: Subscription | undefined, now = new Date()): s is Subscription & { subscriptionId: string; plan: Plan } =>
  !!s && hasActiveSubscription({ subscription: s }, now) && s.provider === 'stripe' && !!s.subscriptionId && !!s.plan && s.autoRenew !== false;

const NOTHING_TO_SWITCH = 'Only a card subscription that renews can switch plans. Choose a plan when your current one ends.';

export function planRules(s: Subscription | undefined, now = new Date()): Record<Plan, PlanRule> {
  const rules = {} as Record<Plan, PlanRule>;
  for (const plan of PLAN_IDS) rules[plan] = ruleFor(s, plan, now);
  return rules;
}

function ruleFor(s: Subscription | undefined, plan: Plan, now: Date): PlanRule {
  const base = { plan, current: false, startsAt: null, action: null, card: null, paypal: null, change: NOTHING_TO_SWITCH } satisfies PlanRule;
  const running = hasActiveSubscription({ subscription: s }, now);
  if (s && renewsByCard(s, now)) {
    const cur = s.plan;
    const day = dayOf(s.expiresAt);
    if (plan === cur) {
      const message = s.nextPlan
        ? `You have the ${label(cur)} plan until ${day}; your ${label(s.nextPlan)} plan starts then.`
        : `You already have the ${label(cur)} plan. It renews on ${day}.`;
      return {
        ...base,
        current: true,
        action: s.nextPlan ? 'keep' : null,
        card: message,
        paypal: message,
        change: s.nextPlan ? null : `You already have the ${label(cur)} plan.`,
      };
    }
    if (s.nextPlan === plan) {
      const message = `Your switch to the ${label(plan)} plan is already scheduled for ${day}.`;
      return { ...base, startsAt: s.expiresAt ?? null, card: message, paypal: message, change: message };
    }
    const message = `You have the ${label(cur)} plan, which renews on ${day}. To switch to the ${label(plan)} plan, use Switch plan in Settings › Membership: it starts on ${day}.`;
    return { ...base, action: 'switch', card: message, paypal: message, change: null };
  }
  if (s && running && s.plan) {
    // A period that does not renew: it runs to its end; PayPal may add the next period now.
    return {
      ...base,
      current: plan === s.plan,
      action: 'renew',
      card: `Your ${label(s.plan)} plan is paid until ${dayOf(s.expiresAt)}. A card subscription can start when it ends; to add another period now, pay with PayPal.`,
    };
  }
  if (s?.status === 'past_due' && s.provider === 'stripe' && s.subscriptionId && s.plan) {
    const overdue = `Your ${label(s.plan)} plan has an overdue card payment.`;
    if (plan === s.plan) return { ...base, action: 'checkout', paypal: `${overdue} Pay it by card to keep your plan.` };
    const message = `${overdue} Pay it before you choose another plan.`;
    return { ...base, card: message, paypal: message };
  }
  return { ...base, action: 'checkout' };
}
