import { createDomainHandler, notImplementedRoute } from '../lib/handler';

/** Stripe webhook (its own Lambda, access level `stripe`): built by the subscriptions issue. */
export const handler = createDomainHandler('stripe-webhook', {
  'POST /webhooks/stripe': notImplementedRoute,
});
