import { readFileSync } from 'node:fs';
import { type IncomingMessage } from 'node:http';
import path from 'node:path';
import { type StubAnswer, StubServer } from './stub-server';

/**
 * A local stand-in for api-m.paypal.com (Orders v2 + OAuth), for offline tests of the real PayPal
 * code path. The server SDK is pointed at it with PAYPAL_API_BASE (an adapter of its HTTP client);
 * answers are built from the recorded responses in events/paypal/.
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
  /** how the capture ends: status and, to simulate tampering, the captured amount */
  capture: { status: 'COMPLETED' | 'PENDING' | 'DECLINED'; value?: string; currency?: string };
}

let seq = 0;

export class PaypalStub extends StubServer {
  readonly requests: PaypalStubRequest[] = [];
  readonly orders = new Map<string, StubOrder>();
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
    const [status, payload] = this.route(req.method ?? '', url.pathname, body as Record<string, unknown>);
    return { status, body: payload, headers: { 'paypal-debug-id': `stub${this.requests.length}` } };
  }

  /** The buyer approves the order on PayPal's page. */
  approve(id: string, capture: StubOrder['capture'] = { status: 'COMPLETED' }): void {
    const o = this.orders.get(id)!;
    o.status = 'APPROVED';
    o.capture = capture;
  }

  private render(o: StubOrder): Record<string, unknown> {
    if (o.status !== 'COMPLETED') {
      return { ...fixture('order-created'), id: o.id, status: o.status, purchase_units: [{ ...o.unit }] };
    }
    const base = fixture<{ purchase_units: { payments: { captures: Record<string, unknown>[] } }[] }>('order-captured');
    const capture = {
      ...base.purchase_units[0]!.payments.captures[0]!,
      id: `CAP${o.id}`,
      status: o.capture.status,
      amount: { currency_code: o.capture.currency ?? o.unit.amount.currency_code, value: o.capture.value ?? o.unit.amount.value },
      custom_id: o.unit.custom_id,
      ...(o.capture.status === 'PENDING' ? { status_details: fixture('capture-pending-status-details').status_details } : {}),
    };
    return { ...base, id: o.id, status: 'COMPLETED', purchase_units: [{ ...o.unit, payments: { captures: [capture] } }] };
  }

  private route(method: string, p: string, body: Record<string, unknown>): [number, unknown] {
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
