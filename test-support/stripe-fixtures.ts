import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STRIPE_API_VERSION } from '../functions/src/billing/stripe-api-version';

/**
 * Stripe's own published example objects (`stripe/fixtures3.json`, copied unchanged from the public
 * repository stripe/openapi, `openapi/fixtures3.json`, commit f6c2a48f; MIT licence, Copyright
 * Stripe: `stripe/LICENSE`), the one source of every Stripe object in the tests: the stub's API
 * responses (functions/test/stripe-stub.ts), the webhook events and the sample event of
 * `events/post-webhooks-stripe.json`. A scenario takes a fresh copy and overrides only the fields it
 * needs (ids, status, amounts, periods, metadata, expansions); everything else keeps the shape Stripe
 * sends. `stripe-fixtures.test.ts` checks the copy against `../shared/stripe/fixtures3.json` when that
 * is next to the repository.
 */

export const STRIPE_FIXTURES_FILE = path.resolve(import.meta.dirname, 'stripe/fixtures3.json');

/** The resources the tests build on (fixtures3 has 176; add a name here to use another). */
export type StripeResource =
  | 'charge'
  | 'customer'
  | 'dispute'
  | 'event'
  | 'invoice'
  | 'invoice_payment'
  | 'payment_intent'
  | 'price'
  | 'refund'
  | 'subscription'
  | 'subscription_item'
  | 'subscription_schedule';

type Obj = Record<string, unknown>;

let resources: Record<string, Obj> | undefined;

/** A fresh copy of Stripe's example object of `resource`, with `overrides` laid over its top-level fields. */
export function stripeFixture<T = Obj>(resource: StripeResource, overrides: Obj = {}): T {
  resources ??= (JSON.parse(readFileSync(STRIPE_FIXTURES_FILE, 'utf8')) as { resources: Record<string, Obj> }).resources;
  const base = resources[resource];
  if (!base) throw new Error(`fixtures3.json has no resource ${resource}`);
  return { ...structuredClone(base), ...structuredClone(overrides) } as T;
}

/** The API version the `stripe` SDK pins (the webhook endpoint must be created with it: README, deploy guide). */
export const PINNED_API_VERSION = STRIPE_API_VERSION;

/**
 * A webhook event as Stripe sends it: Stripe's example event envelope with the type, the object,
 * a fresh id and the pinned API version (`overrides` may set another one, e.g. an older endpoint's).
 */
let eventSeq = 0;
export function stripeEvent(type: string, object: unknown, overrides: Obj = {}): Obj & { id: string; type: string } {
  return stripeFixture<Obj & { id: string; type: string }>('event', {
    id: `evt_T${Date.now().toString(36)}${(eventSeq++).toString(36)}`,
    type,
    api_version: PINNED_API_VERSION,
    created: Math.floor(Date.now() / 1000),
    pending_webhooks: 1,
    data: { object: structuredClone(object) },
    ...overrides,
  });
}

/** Stripe's list envelope (`object: list`), which fixtures3 has no resource for. */
export const stripeList = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });
