import type Stripe from 'stripe';

/**
 * The Stripe API resources our code calls: the one list both the type below and the bundler read.
 * The SDK's client constructs all of its ~130 resources (their request and response schemas are
 * half of the webhook's bundle); each function's bundle keeps only these and replaces the others
 * with a stub that throws on use (infra/lib/stripe-resources-plugin.ts, docs/performance.md
 * piece 9). Calling another resource is a type error until it is added here.
 */
export const STRIPE_RESOURCES = [
  'charges',
  'customers',
  'disputes',
  'invoicePayments',
  'invoices',
  'prices',
  'refunds',
  'subscriptionSchedules',
  'subscriptions',
] as const satisfies readonly (keyof Stripe)[];

/** The part of a Stripe client our code may use: the resources above and the webhook signature check. */
export type StripeApi = Pick<Stripe, (typeof STRIPE_RESOURCES)[number] | 'webhooks'>;
