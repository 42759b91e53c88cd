import Stripe from 'stripe';
import { ulid } from 'ulidx';
import { type Plan } from '../../contract/billing';
import { getEnv } from '../../lib/env';
import { type Profile } from '../../lib/users';
import { PRICES } from '../prices';
import { type CardProvider, type CardSubscriptionState } from './types';

/** A Stripe client (STRIPE_API_BASE points it at a local stub in tests). */
export function stripeClient(secretKey: string): Stripe {
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

/** The provider-neutral state of a Stripe subscription (latest_invoice expanded or an id). */
function subscriptionState(sub: Stripe.Subscription): CardSubscriptionState {
  const item = sub.items.data[0];
  const plan = sub.items.data.length === 1 ? planOfPrice(item?.price) : null;
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  const paid =
    invoice && plan && invoice.status === 'paid' && invoice.amount_paid === PRICES[plan].amount && invoice.currency.toUpperCase() === PRICES[plan].currency
      ? { id: invoice.id!, amount: invoice.amount_paid, currency: invoice.currency.toUpperCase() }
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
  };
}

/** The subscription an invoice belongs to (API 2025+: invoice.parent.subscription_details). */
export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const s = invoice.parent?.subscription_details?.subscription;
  if (!s) return null;
  return typeof s === 'string' ? s : s.id;
}

export async function retrieveSubscription(stripe: Stripe, id: string): Promise<CardSubscriptionState> {
  return subscriptionState(await stripe.subscriptions.retrieve(id, { expand: ['latest_invoice'] }));
}

/** Lookup keys of the plans' prices, used when STRIPE_PRICE_MONTHLY / _YEARLY are not set. */
const PRICE_LOOKUP_KEYS: Record<Plan, string> = { monthly: 'fittrack_monthly', yearly: 'fittrack_yearly' };

const priceIds = new Map<Plan, string>();

/** The plan's Stripe price: configured id, else found once per cold start by its lookup key; it must match the price table. */
async function priceIdFor(stripe: Stripe, plan: Plan): Promise<string> {
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

export function stripeCardProvider(stripe: Stripe): CardProvider {
  return {
    name: 'stripe',
    async createSubscription(profile: Profile, plan: Plan) {
      let customerId = profile.stripeCustomerId;
      if (!customerId) {
        // Find the customer by our user id (a previous checkout may have created it without the
        // profile write succeeding), else create it; the idempotency key makes concurrent first
        // checkouts of one user share one customer.
        const found = await stripe.customers.search({ query: `metadata['userId']:'${profile.id.replace(/[^A-Za-z0-9-]/g, '')}'`, limit: 1 });
        customerId = found.data[0]?.id;
      }
      if (!customerId) {
        const customer = await stripe.customers.create(
          { email: profile.email, name: profile.username, metadata: { userId: profile.id } },
          { idempotencyKey: `customer-${profile.id}` },
        );
        customerId = customer.id;
      }
      const sub = await stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: await priceIdFor(stripe, plan) }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: { userId: profile.id, plan },
          expand: ['latest_invoice.confirmation_secret'],
        },
        { idempotencyKey: `subscription-${profile.id}-${plan}-${ulid()}` },
      );
      const state = subscriptionState(sub);
      if (state.plan !== plan) throw new Error(`Stripe price of the ${plan} plan does not match the price table`);
      const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
      const clientSecret = invoice?.confirmation_secret?.client_secret;
      if (!clientSecret) throw new Error('Stripe returned no confirmation secret for the new subscription');
      return { clientSecret, customerId };
    },
    async findPaidSubscription(profile: Profile) {
      if (!profile.stripeCustomerId) return null;
      const list = await stripe.subscriptions.list({ customer: profile.stripeCustomerId, status: 'all', limit: 10, expand: ['data.latest_invoice'] });
      const states = list.data.map(subscriptionState).filter((s) => s.userId === profile.id);
      return states.find((s) => (s.status === 'active' || s.status === 'trialing') && s.paidInvoice) ?? null;
    },
    async cancelAtPeriodEnd(subscriptionId: string) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }, { idempotencyKey: `cancel-${subscriptionId}` });
    },
  };
}
