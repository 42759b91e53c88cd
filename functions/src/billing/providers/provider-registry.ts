import { getEnv } from '../../lib/env';
import { HttpError, notFound } from '../../lib/http-error';
import { type TransactItem } from '../../lib/db/toolkit';
import { sandboxBuyer, sandboxCardProvider, sandboxPaypalProvider, sandboxRefundItems } from './sandbox-provider';
import { type CardProvider, type PaypalProvider, type PaypalWebhookApi, type SandboxBuyer } from './types';

/**
 * Which adapter serves a request: the sandbox in sandbox mode (no provider keys), the real
 * provider in live mode. Live mode never falls back to the sandbox: a provider without keys
 * answers 503, so nobody gets premium without paying.
 *
 * The Stripe and PayPal adapters (with their SDKs) and the Secrets Manager client are loaded
 * with `import()` by the first request that needs them: they are separate chunks of the bundle,
 * so a Stripe request never evaluates the PayPal SDK and vice versa, and the sandbox adapter and
 * the routes that only read the profile (GET /api/subscription…) load none of them. The secret
 * read starts while the SDK's chunk is being evaluated (docs/decisions/0006).
 */
const isSandbox = () => getEnv().paymentMode === 'sandbox';

const unavailable = (what: string) => new HttpError(503, `${what} payments are not available right now. Please try again later.`);

const secrets = async () => (await import('../secrets')).providerSecrets();

export async function cardProvider(): Promise<CardProvider> {
  if (isSandbox()) return sandboxCardProvider;
  const [{ stripeSecretKey }, { stripeCardProvider, stripeClient }] = await Promise.all([secrets(), import('./stripe-provider')]);
  if (!stripeSecretKey) throw unavailable('Card');
  return stripeCardProvider(stripeClient(stripeSecretKey));
}

export async function paypal(): Promise<PaypalProvider> {
  if (isSandbox()) return sandboxPaypalProvider;
  const [{ paypal: credentials }, { paypalClient, paypalProvider }] = await Promise.all([secrets(), import('./paypal-provider')]);
  if (!credentials) throw unavailable('PayPal');
  return paypalProvider(paypalClient(credentials), credentials);
}

/** PayPal's webhook side (live mode only: the sandbox sends no webhooks, its route answers 404). */
export async function paypalWebhooks(): Promise<PaypalWebhookApi> {
  if (isSandbox()) throw notFound('Not found');
  const [{ paypal: credentials }, { paypalClient, paypalWebhookApi }] = await Promise.all([secrets(), import('./paypal-provider')]);
  if (!credentials) throw new HttpError(503, 'PayPal is not configured');
  return paypalWebhookApi(paypalClient(credentials));
}

/** The sandbox's buyer steps (confirm a test card, approve an order): not found outside sandbox mode. */
export function sandbox(): SandboxBuyer {
  if (!isSandbox()) throw notFound('Not found');
  return sandboxBuyer;
}

/**
 * Refunds a recorded payment in full at its provider (the admin refund). The sandbox refunds in
 * the table: its writes commit with the reversal. A payment of the other mode (a sandbox payment in
 * live mode, a real one in sandbox mode) cannot be refunded from here: 409.
 */
export async function refundAtProvider(provider: string, paymentId: string, userId: string): Promise<{ commitItems: TransactItem[] }> {
  const sandboxPayment = provider === 'sandbox-card' || provider === 'sandbox-paypal';
  if (sandboxPayment !== isSandbox()) throw new HttpError(409, `This payment was made in ${sandboxPayment ? 'sandbox' : 'live'} mode and cannot be refunded here.`);
  if (provider === 'sandbox-card' || provider === 'sandbox-paypal') return { commitItems: sandboxRefundItems(userId, provider, paymentId) };
  if (provider === 'stripe') {
    const [{ stripeSecretKey }, { refundInvoice, stripeClient }] = await Promise.all([secrets(), import('./stripe-provider')]);
    if (!stripeSecretKey) throw unavailable('Card');
    await refundInvoice(stripeClient(stripeSecretKey), paymentId);
    return { commitItems: [] };
  }
  const [{ paypal: credentials }, { paypalClient, refundPaypalOrder }] = await Promise.all([secrets(), import('./paypal-provider')]);
  if (!credentials) throw unavailable('PayPal');
  await refundPaypalOrder(paypalClient(credentials), paymentId);
  return { commitItems: [] };
}
