import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { resetProviderSecrets } from '../src/billing/secrets';
import type { handler as BillingHandler } from '../src/billing/handler';
import type { handler as WebhookHandler } from '../src/billing/webhook-handler';
import { overrideEnv } from './env';
import { StripeStub } from './stripe-stub';

/** The Stripe secret key the stub accepts (never a real one). */
const STRIPE_TEST_SECRET_KEY = 'sk_test_offline_fittrack';

/**
 * The billing and Stripe webhook handlers in live payment mode against the Stripe stub, for one test
 * file: the stub starts and the environment is set before its tests (the handlers are imported
 * then, so they read it), and both are undone after. `webhookSecret` signs this file's deliveries.
 */
export function useLiveStripe(webhookSecret: string, env: Record<string, string> = {}) {
  const stub = new StripeStub();
  const stripe = new Stripe(STRIPE_TEST_SECRET_KEY);
  let billing: typeof BillingHandler | undefined;
  let webhook: typeof WebhookHandler | undefined;
  let restoreEnv: () => void = () => undefined;
  beforeAll(async () => {
    await stub.start();
    restoreEnv = overrideEnv({
      PAYMENT_MODE: 'live',
      STRIPE_SECRET_KEY: STRIPE_TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_MONTHLY: 'price_1QfitMonthly299',
      STRIPE_PRICE_YEARLY: 'price_1QfitYearly2999',
      ...env,
      STRIPE_API_BASE: stub.url,
    });
    resetProviderSecrets();
    billing = (await import('../src/billing/handler')).handler;
    webhook = (await import('../src/billing/webhook-handler')).handler;
  });
  afterAll(async () => {
    restoreEnv();
    resetProviderSecrets();
    await stub.stop();
  });
  return {
    stub,
    stripe,
    /** signs a webhook body with this file's secret */
    sign: (payload: string, o: { secret?: string; timestamp?: number } = {}) =>
      stripe.webhooks.generateTestHeaderString({ payload, secret: o.secret ?? webhookSecret, ...(o.timestamp ? { timestamp: o.timestamp } : {}) }),
    get billing(): typeof BillingHandler {
      if (!billing) throw new Error('useLiveStripe: the handlers are imported before the tests');
      return billing;
    },
    get webhook(): typeof WebhookHandler {
      if (!webhook) throw new Error('useLiveStripe: the handlers are imported before the tests');
      return webhook;
    },
  };
}
