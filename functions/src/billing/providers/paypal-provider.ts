import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OAuthAuthorizationController,
  OrdersController,
  type Order,
  PaymentsController,
} from '@paypal/paypal-server-sdk';
import { ulid } from 'ulidx';
import { type Plan, planSchema } from '../../contract/billing';
import { getEnv } from '../../lib/env';
import { HttpError } from '../../lib/http-error';
import { PRICES, centsToDecimal, decimalToCents } from '../prices';
import { type PaypalCaptureState, type PaypalOrderState, type PaypalProvider, type PaypalWebhookApi } from './types';
import { log } from '../../lib/log';

interface AdapterConfig {
  url?: string;
  method?: string;
  headers?: Record<string, unknown> & { toJSON?: () => Record<string, unknown> };
  data?: unknown;
}

/**
 * Tests only: an HTTP adapter for the SDK's axios client that sends each request to `base` (a
 * local stub with recorded answers) instead of api-m.paypal.com, keeping path, query, method,
 * headers and body. (The SDK has no base-URL option; its client accepts axios overrides.)
 */
function stubAdapter(base: string) {
  return async (config: AdapterConfig) => {
    const target = new URL(config.url ?? '/');
    const raw = config.headers?.toJSON ? config.headers.toJSON() : (config.headers ?? {});
    const headers = Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === 'string' || typeof v === 'number').map(([k, v]) => [k, String(v)]));
    const res = await fetch(new URL(target.pathname + target.search, base), {
      method: (config.method ?? 'get').toUpperCase(),
      headers,
      body: typeof config.data === 'string' ? config.data : undefined,
    });
    return { data: await res.text(), status: res.status, statusText: res.statusText, headers: Object.fromEntries(res.headers), config, request: {} };
  };
}

let cachedClient: { key: string; client: Client } | undefined;

/**
 * PayPal Orders v2 through the official server SDK (PAYPAL_API_BASE: a local stub, tests only).
 * One client per container and credentials: the SDK keeps its OAuth access token per client
 * instance and fetches a new one only when it has expired (@apimatic/oauth-adapters'
 * requestAuthenticationProvider), so reusing the client caches the token until its expiry
 * instead of asking PayPal for one on every request. New credentials (a rotated secret) or another
 * environment get a new client.
 */
export function paypalClient(credentials: { clientId: string; clientSecret: string }): Client {
  const env = getEnv();
  const key = JSON.stringify([credentials.clientId, credentials.clientSecret, env.paypalEnvironment, env.paypalApiBase ?? null]);
  if (cachedClient?.key !== key) cachedClient = { key, client: newClient(credentials) };
  return cachedClient.client;
}

function newClient(credentials: { clientId: string; clientSecret: string }): Client {
  const env = getEnv();
  return new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: credentials.clientId, oAuthClientSecret: credentials.clientSecret },
    environment: env.paypalEnvironment === 'sandbox' ? Environment.Sandbox : Environment.Production,
    timeout: 8000,
    ...(env.paypalApiBase ? { unstable_httpClientOptions: { adapter: stubAdapter(env.paypalApiBase) } } : {}),
  });
}

/** The provider-neutral state of an Orders v2 order. */
function orderState(order: Order): PaypalOrderState {
  const unit = order.purchaseUnits?.[0];
  const capture = unit?.payments?.captures?.[0];
  const plan = planSchema.safeParse(unit?.referenceId);
  return {
    id: order.id ?? '',
    status: String(order.status ?? 'UNKNOWN'),
    userId: unit?.customId ?? null,
    plan: plan.success ? plan.data : null,
    capture: capture
      ? {
          id: capture.id ?? '',
          status: String(capture.status ?? 'UNKNOWN'),
          amount: capture.amount?.value !== undefined ? decimalToCents(capture.amount.value) : null,
          currency: capture.amount?.currencyCode ?? '',
        }
      : null,
  };
}

const apiStatus = (err: unknown) => (err instanceof ApiError ? err.statusCode : undefined);

function providerMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return 'PayPal could not process the payment.';
  try {
    const body = JSON.parse(typeof err.body === 'string' ? err.body : '') as { details?: { description?: string }[]; message?: string };
    return body.details?.[0]?.description ?? body.message ?? 'PayPal could not process the payment.';
  } catch {
    return 'PayPal could not process the payment.';
  }
}

export function paypalProvider(client: Client, credentials: { clientId: string; clientSecret: string }): PaypalProvider {
  const orders = new OrdersController(client);
  const oauth = new OAuthAuthorizationController(client);
  const getOrder = async (userId: string, orderId: string): Promise<PaypalOrderState | null> => {
    try {
      const { result } = await orders.getOrder({ id: orderId });
      const state = orderState(result);
      return state.userId === userId ? state : null; // another user's order does not exist for this one
    } catch (err) {
      if (apiStatus(err) === 404) return null;
      throw err;
    }
  };
  return {
    name: 'paypal',
    async createOrder(userId: string, plan: Plan) {
      const price = PRICES[plan];
      const { result } = await orders.createOrder({
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: plan,
              customId: userId,
              description: `FitTrack Premium ${plan === 'yearly' ? 'Yearly' : 'Monthly'}`,
              amount: { currencyCode: price.currency, value: centsToDecimal(price.amount) },
            },
          ],
        },
        paypalRequestId: `order-${userId}-${ulid()}`,
      });
      if (!result.id) throw new Error('PayPal returned an order without an id');
      return { id: result.id };
    },
    getOrder,
    async captureOrder(userId: string, orderId: string) {
      const existing = await getOrder(userId, orderId);
      if (!existing) throw new HttpError(404, 'Order not found');
      if (existing.status === 'COMPLETED') return existing;
      try {
        const { result } = await orders.captureOrder({ id: orderId, paypalRequestId: `capture-${orderId}`, prefer: 'return=representation' });
        return orderState(result);
      } catch (err) {
        const status = apiStatus(err);
        if (status === 422 || status === 400) throw new HttpError(422, providerMessage(err));
        if (status === 404) throw new HttpError(404, 'Order not found');
        throw err;
      }
    },
    async clientToken() {
      const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
      const { result } = await oauth.requestToken({ authorization: `Basic ${basic}` }, { response_type: 'client_token', intent: 'sdk_init' });
      return result.accessToken;
    },
  };
}

/**
 * PayPal's side of its webhooks. The SDK has no call for the signature check, so
 * POST /v1/notifications/verify-webhook-signature is made with the SDK client's own request
 * builder: the same OAuth token (cached per client), base URL, timeout and test adapter as every
 * other PayPal call. The event goes in as the exact bytes PayPal sent (re-serialising it could
 * change what PayPal checks the signature against).
 */
/** The HTTP status of a failed PayPal call (the SDK's errors and the request builder's carry statusCode). */
const statusOf = (err: unknown): number | undefined => {
  const status = (err as { statusCode?: unknown } | undefined)?.statusCode;
  return typeof status === 'number' ? status : undefined;
};

/** A failed PayPal call of the webhook: 503 when PayPal is down (so PayPal redelivers), else 502. */
function webhookCallFailure(err: unknown): HttpError {
  const status = statusOf(err);
  log.error('paypal call failed', { status: status ?? null, error: status === undefined ? String(err) : undefined });
  return new HttpError(status === undefined || status >= 500 || status === 429 ? 503 : 502, 'PayPal could not process the request.');
}

export function paypalWebhookApi(client: Client): PaypalWebhookApi {
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);
  return {
    async verifySignature(transmission, rawBody, webhookId) {
      const fields = Object.entries(transmission).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
      const req = client.getRequestBuilderFactory()('POST', '/v1/notifications/verify-webhook-signature');
      req.header('Content-Type', 'application/json');
      req.text(`{${fields.join(',')},"webhook_id":${JSON.stringify(webhookId)},"webhook_event":${rawBody}}`);
      req.authenticate([{ oauth2: true }]);
      req.defaultToError(ApiError);
      try {
        const { result } = await req.callAsText();
        return (JSON.parse(result) as { verification_status?: unknown }).verification_status === 'SUCCESS';
      } catch (err) {
        if (statusOf(err) === 400 || statusOf(err) === 422) return false; // PayPal refused the transmission as malformed
        throw webhookCallFailure(err);
      }
    },
    async getCapture(captureId) {
      try {
        const { result } = await payments.getCapturedPayment({ captureId });
        return {
          id: result.id ?? captureId,
          status: String(result.status ?? 'UNKNOWN'),
          orderId: result.supplementaryData?.relatedIds?.orderId ?? null,
        } satisfies PaypalCaptureState;
      } catch (err) {
        if (statusOf(err) === 404) return null;
        throw webhookCallFailure(err);
      }
    },
    async getOrder(orderId) {
      try {
        return orderState((await orders.getOrder({ id: orderId })).result);
      } catch (err) {
        if (statusOf(err) === 404) return null;
        throw webhookCallFailure(err);
      }
    },
  };
}

/**
 * Refunds the capture of an order in full (the admin refund). `PayPal-Request-Id` makes a repeated
 * call return the same refund; PayPal's PAYMENT.CAPTURE.REFUNDED event follows and finds the payment
 * already reversed.
 */
export async function refundPaypalOrder(client: Client, orderId: string): Promise<void> {
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);
  try {
    const capture = orderState((await orders.getOrder({ id: orderId })).result).capture;
    if (!capture?.id) throw new HttpError(409, 'PayPal has no capture for this order to refund.');
    await payments.refundCapturedPayment({ captureId: capture.id, paypalRequestId: `refund-${orderId}`, prefer: 'return=minimal', body: {} });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const status = apiStatus(err);
    if (status === 422) throw new HttpError(409, providerMessage(err));
    if (status === 404) throw new HttpError(404, 'PayPal does not know this payment.');
    throw err;
  }
}
