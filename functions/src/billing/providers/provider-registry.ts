import { getEnv } from '../../lib/env';
import { HttpError } from '../../lib/http-error';
import { providerSecrets } from '../secrets';
import { paypalClient, paypalProvider } from './paypal-provider';
import { sandboxCardProvider, sandboxPaypalProvider } from './sandbox-provider';
import { stripeCardProvider, stripeClient } from './stripe-provider';
import { type CardProvider, type PaypalProvider } from './types';

/**
 * Which adapter serves a request: the sandbox in sandbox mode (no provider keys), the real
 * provider in live mode. Live mode never falls back to the sandbox: a provider without keys
 * answers 503, so nobody gets premium without paying.
 */
export const isSandbox = () => getEnv().paymentMode === 'sandbox';

const unavailable = (what: string) => new HttpError(503, `${what} payments are not available right now. Please try again later.`);

export async function cardProvider(): Promise<CardProvider> {
  if (isSandbox()) return sandboxCardProvider;
  const { stripeSecretKey } = await providerSecrets();
  if (!stripeSecretKey) throw unavailable('Card');
  return stripeCardProvider(stripeClient(stripeSecretKey));
}

export async function paypal(): Promise<PaypalProvider> {
  if (isSandbox()) return sandboxPaypalProvider;
  const { paypal: credentials } = await providerSecrets();
  if (!credentials) throw unavailable('PayPal');
  return paypalProvider(paypalClient(credentials), credentials);
}
