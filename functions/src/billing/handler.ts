import { createDomainHandler, notImplementedRoute } from '../lib/handler';

/** Billing (Stripe, PayPal): built by the subscriptions issue. Access levels already apply. */
export const handler = createDomainHandler('billing', {
  'POST /api/create-monthly-subscription': notImplementedRoute,
  'POST /api/create-yearly-subscription': notImplementedRoute,
  'POST /api/auth/activate-subscription': notImplementedRoute,
  'POST /paypal/order': notImplementedRoute,
  'POST /paypal/order/{orderId}/capture': notImplementedRoute,
  'GET /paypal/setup': notImplementedRoute,
  'POST /api/sandbox/card/confirm': notImplementedRoute,
  'POST /api/sandbox/paypal/{orderId}/approve': notImplementedRoute,
});
