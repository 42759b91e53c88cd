import { readFileSync } from 'node:fs';
import { type IncomingMessage } from 'node:http';
import path from 'node:path';
import { type StubAnswer, StubServer } from './stub-server';
import { type Plan } from '../src/contract/billing';

/**
 * A local stand-in for api.stripe.com, for offline tests of the real Stripe code path: the
 * `stripe` SDK is pointed at it (STRIPE_API_BASE → host/port/protocol) and it answers with the
 * recorded objects in events/stripe/ (shape of the SDK's pinned API version), keeping the
 * "Stripe-side" state of each subscription so tests can move it (paid, renewed, cancelled).
 */

const STRIPE_FIXTURES = path.resolve(import.meta.dirname, '../../events/stripe');
export const fixture = <T = Record<string, unknown>>(name: string): T => JSON.parse(readFileSync(path.join(STRIPE_FIXTURES, `${name}.json`), 'utf8')) as T;

/**
 * One of Stripe's own published example objects (events/stripe/fixtures3.json, copied unchanged
 * from stripe/openapi): a fresh copy, to override only what a scenario needs.
 */
export const stripeFixture = <T = Record<string, unknown>>(resource: 'charge' | 'dispute' | 'event' | 'invoice_payment' | 'refund'): T =>
  structuredClone((fixture<{ resources: Record<string, unknown> }>('fixtures3').resources[resource] as T));

type Obj = Record<string, unknown> & { id: string };

export interface StubRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

export interface SubscriptionSetup {
  userId: string;
  plan: Plan;
  status?: string;
  customer?: string;
  /** period end, epoch seconds (the period starts one plan interval earlier unless periodStart says otherwise) */
  periodEnd?: number;
  periodStart?: number;
  /** an item without current_period_end (the fail-closed case) */
  noPeriodEnd?: boolean;
  invoicePaid?: boolean;
  /** override the invoice's amount_paid (tampered price) */
  amountPaid?: number;
  cancelAtPeriodEnd?: boolean;
  endedAt?: number | null;
  /** a price that is not the plan's (wrong amount) */
  price?: Record<string, unknown>;
}

let seq = 0;
const nextId = (prefix: string) => `${prefix}_Tfit${Date.now().toString(36)}${(seq++).toString(36)}`;

export class StripeStub extends StubServer {
  readonly requests: StubRequest[] = [];
  readonly subscriptions = new Map<string, { sub: Obj; invoice: Obj }>();
  readonly customers = new Map<string, Obj>();
  /** every invoice by id (renewals keep the earlier ones), and the payment intent that paid each */
  readonly invoices = new Map<string, Obj>();
  readonly paymentIntents = new Map<string, string>();
  readonly charges = new Map<string, Obj>();
  /** answer every API call with this status (e.g. 500 to simulate an outage) */
  failWith: number | null = null;

  readonly prices: Record<Plan, Record<string, unknown>> = { monthly: fixture('price-monthly'), yearly: fixture('price-yearly') };

  protected answer(req: IncomingMessage, url: URL, body: string): StubAnswer {
    const params = new URLSearchParams(req.method === 'GET' ? url.search : body);
    this.requests.push({ method: req.method ?? '', path: url.pathname, params, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
    const [status, payload] = this.failWith ? [this.failWith, { error: { type: 'api_error', message: 'Stub outage' } }] : this.route(req.method ?? '', url.pathname, params);
    return { status, body: payload, headers: { 'request-id': `req_stub_${this.requests.length}` } };
  }

  /** Puts a subscription into the "Stripe-side" state and returns its id. */
  addSubscription(o: SubscriptionSetup): string {
    const id = nextId('sub');
    const invoiceId = nextId('in');
    const base = fixture<Obj>('subscription');
    const inv = fixture<Obj>('invoice');
    const price = o.price ?? this.prices[o.plan];
    const customer = o.customer ?? nextId('cus');
    const item = { ...(base.items as { data: Obj[] }).data[0]!, price, subscription: id };
    const sub: Obj = { ...base, id, customer, latest_invoice: invoiceId, metadata: { userId: o.userId, plan: o.plan }, items: { ...(base.items as object), data: [item] } };
    const amount = (price.unit_amount as number) ?? 0;
    const invoice: Obj = {
      ...inv,
      id: invoiceId,
      customer,
      amount_due: amount,
      total: amount,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: sub.metadata, subscription: id } },
    };
    this.subscriptions.set(id, { sub, invoice });
    this.trackInvoice(invoice);
    this.update(id, { status: o.status ?? 'incomplete', ...o });
    return id;
  }

  private trackInvoice(invoice: Obj): void {
    this.invoices.set(invoice.id, invoice);
    this.paymentIntents.set(nextId('pi'), invoice.id);
  }

  /** The payment intent that paid an invoice (since API 2025-03-31 linked to it only by an invoice payment). */
  paymentIntentOf(invoiceId: string): string {
    return [...this.paymentIntents.entries()].find(([, inv]) => inv === invoiceId)![0];
  }

  /**
   * The charge of an invoice's payment, built from Stripe's example charge (fixtures3): captured and
   * paid at the invoice's amount, `amount_refunded` as given (a full refund when equal to the amount).
   */
  chargeOf(invoiceId: string, o: { amountRefunded?: number } = {}): Obj {
    const invoice = this.invoices.get(invoiceId)!;
    const amount = (invoice.amount_paid as number) || (invoice.amount_due as number);
    const id = `ch_${invoiceId.slice(3)}`;
    const refunded = o.amountRefunded ?? 0;
    const charge: Obj = {
      ...stripeFixture<Obj>('charge'),
      id,
      amount,
      amount_captured: amount,
      amount_refunded: refunded,
      refunded: refunded >= amount,
      captured: true,
      customer: invoice.customer,
      currency: 'usd',
      payment_intent: this.paymentIntentOf(invoiceId),
    };
    this.charges.set(id, charge);
    return charge;
  }

  /** A dispute of a charge, built from Stripe's example dispute (fixtures3: it names the charge, not the payment intent). */
  disputeOf(charge: Obj, status: string): Obj {
    return { ...stripeFixture<Obj>('dispute'), id: `dp_${charge.id.slice(3)}`, charge: charge.id, amount: charge.amount, currency: 'usd', status };
  }

  /** Moves a subscription on (paid, renewed, cancelled...). */
  update(id: string, o: Partial<SubscriptionSetup>): void {
    const s = this.subscriptions.get(id)!;
    if (o.status !== undefined) s.sub.status = o.status;
    if (o.cancelAtPeriodEnd !== undefined) s.sub.cancel_at_period_end = o.cancelAtPeriodEnd;
    if (o.endedAt !== undefined) Object.assign(s.sub, { ended_at: o.endedAt, canceled_at: o.endedAt });
    const item = (s.sub.items as { data: Obj[] }).data[0]!;
    if (o.periodEnd !== undefined) {
      item.current_period_end = o.periodEnd;
      const plan = (s.sub.metadata as { plan?: Plan }).plan;
      item.current_period_start = o.periodStart ?? o.periodEnd - (plan === 'yearly' ? 365 : 30) * 86_400;
    }
    if (o.noPeriodEnd) delete item.current_period_end;
    if (o.invoicePaid !== undefined || o.amountPaid !== undefined) {
      const paid = o.invoicePaid ?? s.invoice.status === 'paid';
      const amount = o.amountPaid ?? (s.invoice.amount_due as number);
      Object.assign(s.invoice, paid ? { status: 'paid', amount_paid: amount, amount_remaining: 0 } : { status: 'open', amount_paid: 0 });
    }
  }

  /** A new renewal invoice (paid) and period: what Stripe does at the end of a period. */
  renew(id: string, periodEnd: number): void {
    const s = this.subscriptions.get(id)!;
    const invoiceId = nextId('in');
    s.invoice = { ...s.invoice, id: invoiceId, billing_reason: 'subscription_cycle', status: 'paid', amount_paid: s.invoice.amount_due };
    this.trackInvoice(s.invoice);
    s.sub.latest_invoice = invoiceId;
    const item = (s.sub.items as { data: Obj[] }).data[0]!;
    item.current_period_start = item.current_period_end;
    item.current_period_end = periodEnd;
    s.sub.status = 'active';
  }

  private render(id: string, expand: string[], prefix = ''): Obj {
    const s = this.subscriptions.get(id)!;
    const sub = structuredClone(s.sub);
    if (expand.some((e) => e === `${prefix}latest_invoice` || e.startsWith(`${prefix}latest_invoice.`))) {
      const invoice = structuredClone(s.invoice);
      if (!expand.includes(`${prefix}latest_invoice.confirmation_secret`)) delete invoice.confirmation_secret;
      sub.latest_invoice = invoice;
    }
    return sub;
  }

  private route(method: string, p: string, params: URLSearchParams): [number, unknown] {
    const expand = [...params.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
    const notFound: [number, unknown] = [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${p}'` } }];
    if (method === 'GET' && p === '/v1/customers/search') {
      const userId = /metadata\['userId'\]:'([^']*)'/.exec(params.get('query') ?? '')?.[1];
      const data = [...this.customers.values()].filter((c) => (c.metadata as { userId?: string }).userId === userId);
      return [200, { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/customers/search' }];
    }
    if (method === 'POST' && p === '/v1/customers') {
      const id = nextId('cus');
      const customer = { ...fixture<Obj>('customer'), id, email: params.get('email'), name: params.get('name'), metadata: { userId: params.get('metadata[userId]') } };
      this.customers.set(id, customer);
      return [200, customer];
    }
    if (method === 'POST' && p === '/v1/subscriptions') {
      const priceId = params.get('items[0][price]');
      const plan = (Object.keys(this.prices) as Plan[]).find((k) => this.prices[k].id === priceId);
      if (!plan) return [400, { error: { type: 'invalid_request_error', message: `No such price: '${priceId}'` } }];
      const id = this.addSubscription({ userId: params.get('metadata[userId]') ?? '', plan, customer: params.get('customer') ?? undefined });
      return [200, this.render(id, expand)];
    }
    if (method === 'GET' && p === '/v1/prices') {
      const key = params.get('lookup_keys[0]');
      const data = Object.values(this.prices).filter((price) => price.lookup_key === key);
      return [200, { object: 'list', data, has_more: false, url: '/v1/prices' }];
    }
    if (method === 'GET' && p === '/v1/subscriptions') {
      const customer = params.get('customer');
      const data = [...this.subscriptions.keys()]
        .filter((id) => this.subscriptions.get(id)!.sub.customer === customer)
        .reverse()
        .map((id) => this.render(id, expand, 'data.'));
      return [200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' }];
    }
    if (method === 'GET' && p === '/v1/invoice_payments') {
      const invoiceId = params.get('payment[type]') === 'payment_intent' ? this.paymentIntents.get(params.get('payment[payment_intent]') ?? '') : undefined;
      const invoice = invoiceId ? this.invoices.get(invoiceId)! : undefined;
      const data = invoice
        ? [
            {
              ...stripeFixture<Obj>('invoice_payment'),
              id: `inpay_${invoice.id.slice(3)}`,
              invoice: expand.includes('data.invoice') ? structuredClone(invoice) : invoice.id,
              amount_paid: invoice.amount_paid,
              amount_requested: invoice.amount_due,
              currency: 'usd',
              livemode: false,
              status: invoice.status === 'paid' ? 'paid' : 'open',
              payment: { type: 'payment_intent', payment_intent: params.get('payment[payment_intent]') },
            },
          ]
        : [];
      return [200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' }];
    }
    const charge = /^\/v1\/charges\/([^/]+)$/.exec(p);
    if (method === 'GET' && charge) return this.charges.has(charge[1]!) ? [200, this.charges.get(charge[1]!)] : notFound;
    const m = /^\/v1\/subscriptions\/([^/]+)$/.exec(p);
    if (m && this.subscriptions.has(m[1]!)) {
      if (method === 'POST' && params.get('cancel_at_period_end') !== null) {
        this.update(m[1]!, { cancelAtPeriodEnd: params.get('cancel_at_period_end') === 'true' });
      }
      return [200, this.render(m[1]!, expand)];
    }
    return notFound;
  }
}
