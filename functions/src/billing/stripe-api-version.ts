import Stripe from 'stripe';

/**
 * The Stripe API version the bundled `stripe` SDK pins: every request is made with it, and the
 * webhook endpoint must be created with it (README, deploy guide), so that events arrive in the shape
 * the handler reads. An event of another version is logged and counted (webhook-handler.ts).
 */
export const STRIPE_API_VERSION: string = Stripe.API_VERSION;
