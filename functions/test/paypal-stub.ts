import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type IncomingMessage } from 'node:http';
import path from 'node:path';
import { type StubAnswer, StubServer } from './stub-server';

/**
 * A local stand-in for api-m.paypal.com (Orders v2, captures, OAuth and webhook signature
 * verification), for offline tests of the real PayPal code path. The server SDK is pointed at it
 * with PAYPAL_API_BASE (an adapter of its HTTP client); answers are built from the recorded
 * responses in events/paypal/. Webhook deliveries are "signed" by the stub (`transmission`): its
 * verify-webhook-signature answers SUCCESS only for a signature it made over that event, for the
 * configured webhook id, asked with a bearer token.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../events/paypal');
const fixture = <T = Record<string, unknown>>(name: string): T => JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as T;

export interface PaypalStubRequest {
  method: string;
  path: string;
  body: unknown;
  requestId: string | undefined;
  authorization: string | undefined;
}

interface StubOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  unit: { reference_id: string; custom_id: string; amount: { currency_code: string; value: string } };
  /** how the capture ends (and later moves: completed, refunded, reversed): status and, to simulate tampering, the captured amount */
  capture: { status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'REFUNDED' | 'PARTIALLY_REFUNDED'; value?: string; currency?: string };
}

export type PaypalWebhookType = 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.REFUNDED' | 'PAYMENT.CAPTURE.REVERSED';

const SIGNING_KEY = 'paypal-stub-signing-key';
const signatureOf = (event: unknown, webhookId: string, transmissionId: string) =>
  createHmac('sha256', SIGNING_KEY).update(`${transmissionId}|${webhookId}|${JSON.stringify(event)}`).digest('base64');

let seq = 0;

export class PaypalStub extends StubServer {
  readonly requests: PaypalStubRequest[] = [];
  readonly orders = new Map<string, StubOrder>();
  /** the id of the webhook PayPal knows (PAYPAL_WEBHOOK_ID must name it) */
  webhookId = 'WH0FITTRACK0STUB0001';
  /** answer every API call with this status (e.g. 503 to simulate an outage) */
  failWith: number | null = null;

  protected answer(req: IncomingMessage, url: URL, raw: string): StubAnswer {
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = Object.fromEntries(new URLSearchParams(raw));
    }
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      body,
      requestId: req.headers['paypal-request-id'] as string | undefined,
      authorization: req.headers.authorization,
    });
    const [status, payload] = this.failWith
      ? [this.failWith, { name: 'INTERNAL_SERVER_ERROR', message: 'Stub outage' }]
      : this.route(req.method ?? '', url.pathname, body as Record<string, unknown>, req.headers.authorization);
    return { status, body: payload, headers: { 'paypal-debug-id': `stub${this.requests.length}` } };
  }

  /** The buyer approves the order on PayPal's page. */
  approve(id: string, capture: StubOrder['capture'] = { status: 'COMPLETED' }): void {
    const o = this.orders.get(id)!;
    o.status = 'APPROVED';
    o.capture = capture;
  }

  /** The capture moves on at PayPal (a pending capture completes, a refund, a reversal). */
  setCapture(orderId: string, status: StubOrder['capture']['status']): void {
    this.orders.get(orderId)!.capture.status = status;
  }

  captureIdOf = (orderId: string) => `CAP${orderId}`;

  private captureObject(o: StubOrder): Record<string, unknown> {
    const base = fixture<{ purchase_units: { payments: { captures: Record<string, unknown>[] } }[] }>('order-captured');
    return {
      ...base.purchase_units[0]!.payments.captures[0]!,
      id: this.captureIdOf(o.id),
      status: o.capture.status,
      amount: { currency_code: o.capture.currency ?? o.unit.amount.currency_code, value: o.capture.value ?? o.unit.amount.value },
      custom_id: o.unit.custom_id,
      ...(o.capture.status === 'PENDING' ? { status_details: fixture('capture-pending-status-details').status_details } : {}),
    };
  }

  /**
   * A webhook event about an order's capture, as PayPal delivers it: COMPLETED carries the capture
   * (with its order in supplementary_data), REFUNDED and REVERSED carry the refund, linked "up" to
   * the capture. `id` is the event id (a redelivery keeps it).
   */
  webhookEvent(type: PaypalWebhookType, orderId: string, o: { id?: string; value?: string } = {}): Record<string, unknown> {
    const order = this.orders.get(orderId)!;
    const captureId = this.captureIdOf(orderId);
    const base = 'https://api-m.paypal.com';
    const resource =
      type === 'PAYMENT.CAPTURE.COMPLETED'
        ? { ...this.captureObject(order), status: 'COMPLETED', supplementary_data: { related_ids: { order_id: orderId } } }
        : {
            id: `RF${orderId}`.slice(0, 17),
            amount: { currency_code: 'USD', value: o.value ?? order.unit.amount.value },
            status: 'COMPLETED',
            create_time: '2026-01-02T12:00:00Z',
            update_time: '2026-01-02T12:00:00Z',
            links: [
              { href: `${base}/v2/payments/refunds/RF${orderId}`, rel: 'self', method: 'GET' },
              { href: `${base}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
            ],
          };
    return {
      id: o.id ?? `WH-${Date.now().toString(36).toUpperCase()}-${(seq++).toString(36).toUpperCase()}`,
      create_time: '2026-01-02T12:00:00.000Z',
      resource_type: type === 'PAYMENT.CAPTURE.COMPLETED' ? 'capture' : 'refund',
      event_type: type,
      summary: `Payment ${type.split('.').pop()!.toLowerCase()}`,
      resource,
      event_version: '1.0',
      resource_version: '2.0',
    };
  }

  /** The transmission headers PayPal sends with a delivery of `event` (signed for `webhookId`). */
  transmission(event: unknown, webhookId = this.webhookId): Record<string, string> {
    const transmissionId = `tx-${(seq++).toString(36)}-${Date.now().toString(36)}`;
    return {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-stub',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': signatureOf(event, webhookId, transmissionId),
      'paypal-transmission-time': '2026-01-02T12:00:01Z',
    };
  }

  private render(o: StubOrder): Record<string, unknown> {
    if (o.status !== 'COMPLETED') {
      return { ...fixture('order-created'), id: o.id, status: o.status, purchase_units: [{ ...o.unit }] };
    }
    const base = fixture<Record<string, unknown>>('order-captured');
    const capture = this.captureObject(o);
    return { ...base, id: o.id, status: 'COMPLETED', purchase_units: [{ ...o.unit, payments: { captures: [capture] } }] };
  }

  private route(method: string, p: string, body: Record<string, unknown>, authorization: string | undefined): [number, unknown] {
    if (method === 'POST' && p === '/v1/notifications/verify-webhook-signature') {
      if (authorization !== 'Bearer A21AAFfitTrackOfflineAccessToken') return [401, { error: 'invalid_token' }];
      const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;
      if (fields.some((f) => typeof body?.[f] !== 'string') || typeof body.webhook_event !== 'object') {
        return [400, { name: 'VALIDATION_ERROR', message: 'Invalid request - see details', details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }] }];
      }
      const ok = body.webhook_id === this.webhookId && body.transmission_sig === signatureOf(body.webhook_event, this.webhookId, body.transmission_id as string);
      return [200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' }];
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(p);
    if (method === 'POST' && refund) {
      // POST /v2/payments/captures/{id}/refund with `Prefer: return=minimal`: PayPal answers the refund's id, status and links
      const order = [...this.orders.values()].find((o) => o.status === 'COMPLETED' && this.captureIdOf(o.id) === refund[1]);
      if (!order) return [404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', details: [{ issue: 'INVALID_RESOURCE_ID' }] }];
      if (order.capture.status === 'REFUNDED') {
        return [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CAPTURE_FULLY_REFUNDED', description: 'The capture has already been fully refunded.' }] }];
      }
      order.capture.status = 'REFUNDED';
      const base = 'https://api.paypal.com';
      return [
        201,
        {
          id: `RF${order.id}`,
          status: 'COMPLETED',
          links: [
            { href: `${base}/v2/payments/refunds/RF${order.id}`, rel: 'self', method: 'GET' },
            { href: `${base}/v2/payments/captures/${refund[1]}`, rel: 'up', method: 'GET' },
          ],
        },
      ];
    }
    const cap = /^\/v2\/payments\/captures\/([^/]+)$/.exec(p);
    if (method === 'GET' && cap) {
      const order = [...this.orders.values()].find((o) => o.status === 'COMPLETED' && this.captureIdOf(o.id) === cap[1]);
      if (!order) return [404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', details: [{ issue: 'INVALID_RESOURCE_ID' }] }];
      return [200, { ...this.captureObject(order), supplementary_data: { related_ids: { order_id: order.id } } }];
    }
    if (method === 'POST' && p === '/v1/oauth2/token') {
      const token = fixture<Record<string, unknown>>('oauth-token');
      if (body?.response_type === 'client_token') return [200, { ...token, access_token: 'eyJfitTrackClientToken' }];
      return [200, token];
    }
    if (method === 'POST' && p === '/v2/checkout/orders') {
      const unit = (body.purchase_units as StubOrder['unit'][])[0]!;
      const id = `5O19${Date.now().toString(36).toUpperCase()}${(seq++).toString(36).toUpperCase()}`.slice(0, 17);
      const order: StubOrder = { id, status: 'CREATED', unit: { reference_id: unit.reference_id, custom_id: unit.custom_id, amount: unit.amount }, capture: { status: 'COMPLETED' } };
      this.orders.set(id, order);
      return [201, this.render(order)];
    }
    const m = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(p);
    const order = m ? this.orders.get(m[1]!) : undefined;
    if (!m || !order) return [404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', details: [{ issue: 'INVALID_RESOURCE_ID' }] }];
    if (method === 'GET' && !m[2]) return [200, this.render(order)];
    if (method === 'POST' && m[2]) {
      if (order.status === 'CREATED') {
        return [422, { name: 'UNPROCESSABLE_ENTITY', message: 'The requested action could not be performed.', details: [{ issue: 'ORDER_NOT_APPROVED', description: 'Payer has not yet approved the Order for payment.' }] }];
      }
      if (order.status === 'COMPLETED') {
        return [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'Order already captured.' }] }];
      }
      order.status = 'COMPLETED';
      return [201, this.render(order)];
    }
    return [405, { name: 'METHOD_NOT_SUPPORTED' }];
  }
}
