import Stripe from 'stripe';
import { HttpError } from '../lib/http-error';

/** Provider failures become safe answers: card refusals 402 with Stripe's message, outages 503, the rest 502. */
export function providerFailure(err: unknown): never {
  if (err instanceof HttpError) throw err;
  if (err instanceof Stripe.errors.StripeError) {
    console.error(JSON.stringify({ level: 'error', msg: 'stripe call failed', type: err.type, code: err.code, requestId: err.requestId }));
    if (err instanceof Stripe.errors.StripeCardError) throw new HttpError(402, err.message);
    if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeRateLimitError) {
      throw new HttpError(503, 'The payment provider is not reachable right now. Please try again shortly.');
    }
    throw new HttpError(502, 'The payment provider could not process the request.');
  }
  const status = (err as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && (err as { name?: string }).name === 'ApiError') {
    console.error(JSON.stringify({ level: 'error', msg: 'paypal call failed', status }));
    throw new HttpError(status >= 500 ? 503 : 502, 'PayPal could not process the request.');
  }
  throw err;
}
