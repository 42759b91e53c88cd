import { HttpError } from '../lib/http-error';
import { log } from '../lib/log';

/**
 * The class of a Stripe SDK error, from the `type` every Stripe error carries ('StripeCardError',
 * 'StripeConnectionError'…; Stripe's documented way to tell them apart). Reading it instead of
 * `instanceof Stripe.errors.…` keeps this module free of the Stripe SDK, so the billing routes
 * that never call Stripe do not load it (docs/decisions/0006).
 */
function stripeErrorType(err: unknown): string | null {
  if (!(err instanceof Error)) return null;
  const type = (err as { type?: unknown }).type;
  return typeof type === 'string' && type.startsWith('Stripe') ? type : null;
}

/** Provider failures become safe answers: card refusals 402 with Stripe's message, outages 503, the rest 502. */
export function providerFailure(err: unknown): never {
  if (err instanceof HttpError) throw err;
  const stripeType = stripeErrorType(err);
  if (stripeType) {
    const e = err as { code?: string; requestId?: string; message: string };
    log.error('stripe call failed', { type: stripeType, code: e.code, stripeRequestId: e.requestId });
    if (stripeType === 'StripeCardError') throw new HttpError(402, e.message);
    if (stripeType === 'StripeConnectionError' || stripeType === 'StripeRateLimitError') {
      throw new HttpError(503, 'The payment provider is not reachable right now. Please try again shortly.');
    }
    throw new HttpError(502, 'The payment provider could not process the request.');
  }
  const status = (err as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && (err as { name?: string }).name === 'ApiError') {
    log.error('paypal call failed', { status });
    throw new HttpError(status >= 500 ? 503 : 502, 'PayPal could not process the request.');
  }
  throw err;
}
