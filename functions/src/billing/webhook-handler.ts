import { getEnv } from '../lib/env';
import { createProviderWebhookHandler } from '../lib/handler-chain';
import { HttpError } from '../lib/http-error';
import { header } from '../lib/request';
import { log } from '../lib/log';
import { countMetric, metricNames } from '../lib/metrics';
import { providerFailure } from './provider-errors';
import { stripeClient } from './providers/stripe-provider';
import { providerSecrets } from './secrets';
import { STRIPE_API_VERSION } from './stripe-api-version';
import { handleEvent, inPinnedShape, verifyEvent } from './webhook-service';

/**
 * Stripe webhook (its own Lambda, access level `stripe`: no session, no JSON parsing; the chain
 * hands over the exact raw body, base64-decoded when API Gateway encoded it).
 */
export const handler = createProviderWebhookHandler('stripe-webhook', {
  'POST /webhooks/stripe': async (req) => {
    // Sandbox mode has no Stripe account to hear from (as the sandbox routes do not exist in live mode).
    if (getEnv().paymentMode === 'sandbox') throw new HttpError(404, 'Not found');
    const { stripeSecretKey, stripeWebhookSecret } = await providerSecrets();
    if (!stripeSecretKey || !stripeWebhookSecret) throw new HttpError(503, 'Stripe is not configured');
    const stripe = stripeClient(stripeSecretKey);
    const verified = verifyEvent(stripe, req.rawBody, header(req.event, 'stripe-signature'), stripeWebhookSecret);
    try {
      let event = verified;
      if (verified.api_version !== STRIPE_API_VERSION) {
        // The endpoint was created with another API version than the SDK pins: its events carry
        // objects of that version's shape. Said loudly (an alarm watches the metric), and the event
        // is still handled, from its object fetched again in the pinned shape.
        log.error('Stripe webhook event of another API version: recreate the webhook endpoint with the pinned version (README, deploy guide)', {
          eventId: verified.id,
          type: verified.type,
          eventApiVersion: verified.api_version,
          pinnedApiVersion: STRIPE_API_VERSION,
        });
        await countMetric(metricNames.stripeApiVersionMismatch, 'stripe-webhook', 1);
        event = await inPinnedShape(stripe, verified);
      }
      const outcome = await handleEvent(stripe, event, req.ip);
      await countMetric(metricNames.webhookEvent, 'stripe-webhook', 1, { provider: 'stripe', outcome });
      return { status: 200, body: { received: true, outcome } };
    } catch (err) {
      // A failure is a 5xx, so Stripe redelivers the event later.
      await countMetric(metricNames.webhookEvent, 'stripe-webhook', 1, { provider: 'stripe', outcome: 'failed' });
      return providerFailure(err);
    }
  },
});
