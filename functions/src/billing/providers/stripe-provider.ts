import Stripe from 'stripe';
import { createHash } from 'node:crypto';
import { type Plan } from '../../contract/billing';
import { getEnv } from '../../lib/env';
import { conflict } from '../../lib/http-error';
import { type Profile } from '../../lib/users';
import { entitlementOf } from '../entitlement-rules';
import { PRICES } from '../prices';
import { type StripeApi } from './stripe-resources';
import { type CardProvider, type CardSubscriptionState, type PurchaseRefusal } from './types';

/** A Stripe client (STRIPE_API_BASE points it at a local stub in tests). */
export function stripeClient(secretKey: string): StripeApi {
  const base = getEnv().stripeApiBase;
  const url = base ? new URL(base) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 8000,
    telemetry: false,
    ...(url ? { host: url.hostname, port: url.port, protocol: url.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
}

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/** Our plan for a Stripe price: the configured price id, and in any case the amount, currency and interval of our price table. */
function planOfPrice(price: Stripe.Price | null | undefined): Plan | null {
  if (!price) return null;
  const env = getEnv();
  for (const plan of ['monthly', 'yearly'] as const) {
    const want = PRICES[plan];
    const configured = plan === 'monthly' ? env.stripePriceMonthly : env.stripePriceYearly;
    if (configured && price.id !== configured) continue;
    if (
      price.unit_amount === want.amount &&
      price.currency.toUpperCase() === want.currency &&
      price.recurring?.interval === want.interval &&
      (price.recurring.interval_count ?? 1) === 1
    ) {
      return plan;
    }
  }
  return null;
}

const KNOWN_STATUSES: readonly string[] = ['incomplete', 'incomplete_expired', 'active', 'trialing', 'past_due', 'unpaid', 'canceled', 'paused'];

/**
 * The plan a subscription schedule (expanded) switches to at the end of the current period: the
 * plan of the phase that starts then, when it is another plan than the current one. The phase's
 * metadata names it (we write it, docs/decisions/0305); its price must be that plan's configured or
 * looked-up price id when one is known.
 */
function nextPlanOf(sub: Stripe.Subscription, current: Plan | null): Plan | null {
  const schedule = typeof sub.schedule === 'object' ? sub.schedule : null;
  const periodEnd = sub.items.data[0]?.current_period_end;
  if (!schedule || schedule.status !== 'active' || !periodEnd) return null;
  const phase = schedule.phases.find((p) => p.start_date >= periodEnd);
  const plan = phase?.metadata?.plan;
  if (plan !== 'monthly' && plan !== 'yearly') return null;
  const priceId = typeof phase?.items[0]?.price === 'string' ? phase.items[0].price : phase?.items[0]?.price?.id;
  const known = knownPriceId(plan);
  if (known && priceId !== known) return null;
  return plan === current ? null : plan;
}

/** The provider-neutral state of a Stripe subscription (latest_invoice and schedule expanded, or ids). */
function subscriptionState(sub: Stripe.Subscription): CardSubscriptionState {
  const item = sub.items.data[0];
  const plan = sub.items.data.length === 1 ? planOfPrice(item?.price) : null;
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  const paid =
    invoice && plan && invoice.status === 'paid' && invoice.amount_paid === PRICES[plan].amount && invoice.currency.toUpperCase() === PRICES[plan].currency
      ? { id: invoice.id!, amount: invoice.amount_paid, currency: invoice.currency.toUpperCase(), ...(invoice.hosted_invoice_url ? { hostedInvoiceUrl: invoice.hosted_invoice_url } : {}) }
      : null;
  return {
    subscriptionId: sub.id,
    userId: typeof sub.metadata?.userId === 'string' && sub.metadata.userId ? sub.metadata.userId : null,
    plan,
    status: KNOWN_STATUSES.includes(sub.status as CardSubscriptionState['status']) ? (sub.status as CardSubscriptionState['status']) : 'incomplete',
    periodStart: iso(item?.current_period_start),
    periodEnd: iso(item?.current_period_end),
    endedAt: iso(sub.ended_at ?? sub.canceled_at),
    cancelAtPeriodEnd: sub.cancel_at_period_end || !!sub.cancel_at,
    paidInvoice: paid,
    nextPlan: nextPlanOf(sub, plan),
  };
}

/** The subscription an invoice belongs to (API 2025+: invoice.parent.subscription_details). */
export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const s = invoice.parent?.subscription_details?.subscription;
  if (!s) return null;
  return typeof s === 'string' ? s : s.id;
}

export async function retrieveSubscription(stripe: StripeApi, id: string): Promise<CardSubscriptionState> {
  return subscriptionState(await stripe.subscriptions.retrieve(id, { expand: ['latest_invoice', 'schedule'] }));
}

/** Lookup keys of the plans' prices, used when STRIPE_PRICE_MONTHLY / _YEARLY are not set. */
const PRICE_LOOKUP_KEYS: Record<Plan, string> = { monthly: 'fittrack_monthly', yearly: 'fittrack_yearly' };

const priceIds = new Map<Plan, string>();

/** The plan's price id when configured or already looked up (null: not known yet). */
const knownPriceId = (plan: Plan): string | null => (plan === 'monthly' ? getEnv().stripePriceMonthly : getEnv().stripePriceYearly) || (priceIds.get(plan) ?? null);

/** The plan's Stripe price: configured id, else found once per cold start by its lookup key; it must match the price table. */
async function priceIdFor(stripe: StripeApi, plan: Plan): Promise<string> {
  const env = getEnv();
  const configured = plan === 'monthly' ? env.stripePriceMonthly : env.stripePriceYearly;
  if (configured) return configured;
  const cached = priceIds.get(plan);
  if (cached) return cached;
  const list = await stripe.prices.list({ lookup_keys: [PRICE_LOOKUP_KEYS[plan]], active: true, limit: 1 });
  const price = list.data[0];
  if (!price || planOfPrice(price) !== plan) {
    throw new Error(`No active Stripe price with lookup key ${PRICE_LOOKUP_KEYS[plan]} at the ${plan} plan's amount (set STRIPE_PRICE_${plan.toUpperCase()})`);
  }
  priceIds.set(plan, price.id);
  return price.id;
}

/** For tests that change the environment between cases. */
export const resetPriceCache = () => priceIds.clear();

/** Statuses of a subscription that still renews (or retries a renewal): the user has one. */
const LIVE_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

/** The unpaid first invoice's (or an overdue renewal's) client secret, when it can still be paid. */
function openSecret(sub: Stripe.Subscription): string | null {
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  return invoice?.status === 'open' ? (invoice.confirmation_secret?.client_secret ?? null) : null;
}

/**
 * How long to wait before asking again when Stripe answers that a request with the same
 * idempotency key is still running (a concurrent click): its answer is then replayed.
 */
const IN_PROGRESS_RETRY_MS = [300, 600, 1200, 2400];

async function whenNotInProgress<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const e = err as { type?: unknown; statusCode?: unknown };
      const inProgress = e.statusCode === 409 && typeof e.type === 'string' && e.type.startsWith('Stripe') && e.type !== 'StripeIdempotencyError';
      const wait = IN_PROGRESS_RETRY_MS[attempt];
      if (!inProgress || wait === undefined) throw err;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/**
 * The idempotency key of a subscription start: the user, the plan and the subscriptions Stripe
 * already has for them. Concurrent starts see the same subscriptions and so send the same key:
 * Stripe creates one subscription and replays it to the others. Once that one exists (or has
 * expired unpaid), the next start sees it and either reuses it or gets a new key. Never a fresh
 * random part: that would let every click create a subscription.
 */
function subscriptionKey(userId: string, plan: Plan, existing: readonly Stripe.Subscription[]): string {
  const seen = createHash('sha256')
    .update(existing.map((s) => s.id).sort().join(','))
    .digest('base64url')
    .slice(0, 16);
  return `subscription-${userId}-${plan}-${seen}`;
}

export function stripeCardProvider(stripe: StripeApi): CardProvider {
  return {
    name: 'stripe',
    async createSubscription(profile: Profile, plan: Plan, refuse: PurchaseRefusal) {
      let customerId = profile.stripeCustomerId;
      if (!customerId) {
        // Find the customer by our user id (a previous checkout may have created it without the
        // profile write succeeding), else create it; the idempotency key makes concurrent first
        // checkouts of one user share one customer.
        const found = await stripe.customers.search({ query: `metadata['userId']:'${profile.id.replace(/[^A-Za-z0-9-]/g, '')}'`, limit: 1 });
        customerId = found.data[0]?.id;
      }
      if (!customerId) {
        const customer = await whenNotInProgress(() =>
          stripe.customers.create({ email: profile.email, name: profile.username, metadata: { userId: profile.id } }, { idempotencyKey: `customer-${profile.id}` }),
        );
        customerId = customer.id;
      }
      const customer = customerId;
      // What Stripe has for this user: one that renews is governed by the rules (it may be paid
      // before its webhook arrives); an unpaid one of this plan is reused; stale unpaid ones go.
      const list = await stripe.subscriptions.list({ customer, status: 'all', limit: 20, expand: ['data.latest_invoice.confirmation_secret'] });
      const mine = list.data.filter((sub) => sub.metadata?.userId === profile.id);
      for (const sub of mine.filter((x) => LIVE_STATUSES.includes(x.status))) {
        const entitlement = entitlementOf(subscriptionState(sub));
        const refusal = entitlement ? refuse(entitlement) : null;
        if (refusal) throw conflict(refusal);
      }
      const reusable = mine.find((sub) => (sub.status === 'incomplete' || sub.status === 'past_due') && subscriptionState(sub).plan === plan && openSecret(sub));
      for (const stale of mine.filter((sub) => sub.status === 'incomplete' && sub !== reusable)) {
        // An unpaid subscription of the other plan (or one whose invoice can no longer be paid): a
        // payment on it would start a second subscription, so it is cancelled now.
        await stripe.subscriptions.cancel(stale.id, {}, { idempotencyKey: `cancel-incomplete-${stale.id}` });
      }
      if (reusable) return { clientSecret: openSecret(reusable)!, customerId: customer };
      const priceId = await priceIdFor(stripe, plan);
      const sub = await whenNotInProgress(() =>
        stripe.subscriptions.create(
          {
            customer,
            items: [{ price: priceId }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            metadata: { userId: profile.id, plan },
            expand: ['latest_invoice.confirmation_secret'],
          },
          { idempotencyKey: subscriptionKey(profile.id, plan, mine) },
        ),
      );
      const state = subscriptionState(sub);
      if (state.plan !== plan) throw new Error(`Stripe price of the ${plan} plan does not match the price table`);
      const clientSecret = openSecret(sub);
      if (!clientSecret) throw new Error('Stripe returned no confirmation secret for the new subscription');
      return { clientSecret, customerId: customer };
    },
    async findPaidSubscription(profile: Profile) {
      if (!profile.stripeCustomerId) return null;
      const list = await stripe.subscriptions.list({ customer: profile.stripeCustomerId, status: 'all', limit: 10, expand: ['data.latest_invoice'] });
      const states = list.data.map(subscriptionState).filter((s) => s.userId === profile.id);
      return states.find((s) => (s.status === 'active' || s.status === 'trialing') && s.paidInvoice) ?? null;
    },
    async schedulePlanChange(subscriptionId: string, plan: Plan | null) {
      const sub = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['schedule'] });
      const schedule = typeof sub.schedule === 'object' && sub.schedule?.status === 'active' ? sub.schedule : null;
      if (!plan) {
        // Keep the current plan: the schedule lets go of the subscription, which renews as it is.
        if (schedule) await stripe.subscriptionSchedules.release(schedule.id, {}, { idempotencyKey: `release-${schedule.id}` });
        return;
      }
      const item = sub.items.data[0];
      const currentPrice = item?.price.id;
      if (!item || !currentPrice || !item.current_period_end) throw new Error(`Stripe subscription ${subscriptionId} has no current period to schedule after`);
      // Prices of another interval cannot change "at the period end" by a subscription update (Stripe
      // resets the billing date and invoices at once, proration_behavior none or not): a schedule whose
      // first phase is the current period, unchanged, and whose next phase is the new plan does
      // (docs/decisions/0305). One schedule per subscription: Stripe refuses a second.
      const scheduleId = schedule?.id ?? (await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId })).id;
      const start = schedule?.current_phase?.start_date ?? item.current_period_start;
      await stripe.subscriptionSchedules.update(
        scheduleId,
        {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: [
            { items: [{ price: currentPrice, quantity: 1 }], start_date: start, end_date: item.current_period_end },
            {
              items: [{ price: await priceIdFor(stripe, plan), quantity: 1 }],
              duration: { interval: PRICES[plan].interval, interval_count: 1 },
              proration_behavior: 'none',
              metadata: { plan },
            },
          ],
        },
        { idempotencyKey: `schedule-${scheduleId}-${plan}-${item.current_period_end}` },
      );
    },
    async cancelAtPeriodEnd(subscriptionId: string) {
      // A subscription that a schedule manages refuses cancellation changes: a scheduled switch is
      // let go first (auto-renewal off means no next period, on any plan).
      const sub = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['schedule'] });
      if (typeof sub.schedule === 'object' && sub.schedule?.status === 'active') {
        await stripe.subscriptionSchedules.release(sub.schedule.id, {}, { idempotencyKey: `release-${sub.schedule.id}` });
      }
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }, { idempotencyKey: `cancel-${subscriptionId}` });
    },
    async cancelAllNow(profile: Profile) {
      let customerId = profile.stripeCustomerId;
      if (!customerId) {
        const found = await stripe.customers.search({ query: `metadata['userId']:'${profile.id.replace(/[^A-Za-z0-9-]/g, '')}'`, limit: 1 });
        customerId = found.data[0]?.id;
      }
      if (!customerId) return [];
      // without a status filter Stripe lists every subscription that is not cancelled yet
      const list = await stripe.subscriptions.list({ customer: customerId, limit: 100 });
      const open = list.data.filter((sub) => sub.status !== 'canceled' && sub.status !== 'incomplete_expired');
      for (const sub of open) {
        await whenNotInProgress(() => stripe.subscriptions.cancel(sub.id, {}, { idempotencyKey: `delete-account-${sub.id}` }));
      }
      return open.map((sub) => sub.id);
    },
  };
}

/**
 * Refunds the card payment of an invoice in full (the admin refund): the invoice names its payment
 * intent through its invoice payments (API 2025-03-31). One refund per invoice: the idempotency key
 * makes a repeated or concurrent call return the same refund. Stripe's charge.refunded event
 * follows and finds the payment already reversed.
 */
export async function refundInvoice(stripe: StripeApi, invoiceId: string): Promise<void> {
  const payments = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 1 });
  const intent = payments.data[0]?.payment.payment_intent;
  const intentId = typeof intent === 'string' ? intent : intent?.id;
  if (!intentId) throw conflict('Stripe has no card payment for this invoice to refund.');
  await stripe.refunds.create({ payment_intent: intentId, reason: 'requested_by_customer', metadata: { invoiceId } }, { idempotencyKey: `refund-${invoiceId}` });
}
