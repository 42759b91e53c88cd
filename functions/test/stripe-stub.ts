import { type IncomingMessage } from 'node:http';
import { stripeFixture, stripeList } from '../../test-support/stripe-fixtures';
import { type StubAnswer, StubServer } from './stub-server';
import { type Plan } from '../src/contract/billing';

/**
 * A local stand-in for api.stripe.com, for offline tests of the real Stripe code path: the
 * `stripe` SDK is pointed at it (STRIPE_API_BASE → host/port/protocol). Every object it answers is
 * built from Stripe's own published examples (test-support/stripe-fixtures.ts) with only the fields
 * a scenario needs overridden, and it keeps the "Stripe-side" state of each subscription so tests
 * can move it (paid, renewed, cancelled, rescheduled). Like Stripe it honours idempotency keys: a key
 * seen before replays the saved answer, and a key whose first request is still running answers 409.
 */

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
  /** why the latest payment failed (the payment intent's last_payment_error.message) */
  paymentError?: string;
}

let seq = 0;
const nextId = (prefix: string) => `${prefix}_Tfit${Date.now().toString(36)}${(seq++).toString(36)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The two plans' prices: Stripe's example price with our ids, amounts, intervals and lookup keys. */
export function planPrice(plan: Plan, overrides: Record<string, unknown> = {}): Obj {
  const monthly = plan === 'monthly';
  return stripeFixture<Obj>('price', {
    id: monthly ? 'price_1QfitMonthly299' : 'price_1QfitYearly2999',
    lookup_key: monthly ? 'fittrack_monthly' : 'fittrack_yearly',
    nickname: monthly ? 'FitTrack Premium Monthly' : 'FitTrack Premium Yearly',
    product: 'prod_FitTrackPremium',
    currency: 'usd',
    unit_amount: monthly ? 299 : 2999,
    unit_amount_decimal: monthly ? '299' : '2999',
    recurring: { interval: monthly ? 'month' : 'year', interval_count: 1, meter: null, usage_type: 'licensed', trial_period_days: null },
    transform_quantity: null,
    ...overrides,
  });
}

/** What a time-consuming create does while it runs: the idempotency key's first request is in progress. */
const IN_PROGRESS_MS = 150;

export class StripeStub extends StubServer {
  readonly requests: StubRequest[] = [];
  readonly subscriptions = new Map<string, { sub: Obj; invoice: Obj }>();
  readonly customers = new Map<string, Obj>();
  readonly schedules = new Map<string, Obj>();
  /** every invoice by id (renewals keep the earlier ones), and the payment intent that paid each */
  readonly invoices = new Map<string, Obj>();
  readonly paymentIntents = new Map<string, string>();
  readonly paymentErrors = new Map<string, string>();
  readonly charges = new Map<string, Obj>();
  readonly disputes = new Map<string, Obj>();
  /** refunds made through POST /v1/refunds, by payment intent */
  readonly refunds = new Map<string, Obj>();
  /** answer every API call with this status (e.g. 500 to simulate an outage) */
  failWith: number | null = null;
  /** saved answers by idempotency key (Stripe keeps them 24 hours) */
  private readonly idempotent = new Map<string, { signature: string; answer: [number, unknown] | null }>();

  readonly prices: Record<Plan, Record<string, unknown>> = { monthly: planPrice('monthly'), yearly: planPrice('yearly') };

  /** The subscriptions (newest first) that Stripe keeps for a user's customers. */
  subscriptionsOf(userId: string): Obj[] {
    return [...this.subscriptions.values()].map((s) => s.sub).filter((s) => (s.metadata as { userId?: string }).userId === userId).reverse();
  }

  protected answer(req: IncomingMessage, url: URL, body: string): StubAnswer | Promise<StubAnswer> {
    const params = new URLSearchParams(req.method === 'GET' || req.method === 'DELETE' ? url.search : body);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: req.method ?? '', path: url.pathname, params, idempotencyKey });
    const headers = { 'request-id': `req_stub_${this.requests.length}` };
    if (this.failWith) return { status: this.failWith, body: { error: { type: 'api_error', message: 'Stub outage' } }, headers };
    const method = req.method ?? '';
    if (!idempotencyKey || method !== 'POST') {
      const [status, payload] = this.route(method, url.pathname, params);
      return { status, body: payload, headers };
    }
    // Stripe's idempotency: the same key replays the first answer (its parameters must match), and
    // while the first request runs, another with its key is refused with 409 (the SDK retries it).
    const signature = `${method} ${url.pathname} ${body}`;
    const seen = this.idempotent.get(idempotencyKey);
    if (seen && seen.signature !== signature) {
      return { status: 400, body: { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with.` } }, headers };
    }
    if (seen && !seen.answer) {
      return {
        status: 409,
        body: { error: { type: 'invalid_request_error', code: 'idempotency_key_in_use', message: 'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through). Please try again later.' } },
        headers: { ...headers, 'stripe-should-retry': 'true' },
      };
    }
    if (seen?.answer) return { status: seen.answer[0], body: seen.answer[1], headers: { ...headers, 'idempotent-replayed': 'true' } };
    const entry: { signature: string; answer: [number, unknown] | null } = { signature, answer: null };
    this.idempotent.set(idempotencyKey, entry);
    const slow = url.pathname === '/v1/subscriptions' || url.pathname === '/v1/customers';
    const run = () => {
      const answer = this.route(method, url.pathname, params);
      entry.answer = answer;
      return { status: answer[0], body: answer[1], headers };
    };
    return slow ? new Promise((resolve) => setTimeout(() => resolve(run()), IN_PROGRESS_MS)) : run();
  }

  /** Puts a subscription into the "Stripe-side" state and returns its id. */
  addSubscription(o: SubscriptionSetup): string {
    const id = nextId('sub');
    const invoiceId = nextId('in');
    const price = o.price ?? this.prices[o.plan];
    const customer = o.customer ?? nextId('cus');
    const created = nowSeconds();
    const metadata = { userId: o.userId, plan: o.plan };
    const item = stripeFixture<Obj>('subscription_item', { id: nextId('si'), price, subscription: id, quantity: 1, created, plan: null, discounts: [], metadata: {} });
    const sub = stripeFixture<Obj>('subscription', {
      id,
      customer,
      created,
      start_date: created,
      billing_cycle_anchor: created,
      billing_cycle_anchor_config: null,
      currency: 'usd',
      latest_invoice: invoiceId,
      metadata,
      items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      schedule: null,
      pending_update: null,
      pending_setup_intent: null,
      next_pending_invoice_item_invoice: null,
      pending_invoice_item_interval: null,
      pause_collection: null,
      trial_end: null,
      trial_start: null,
      test_clock: null,
      payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'on_subscription' },
    });
    const amount = (price.unit_amount as number) ?? 0;
    const invoice = stripeFixture<Obj>('invoice', {
      id: invoiceId,
      customer,
      created,
      currency: 'usd',
      billing_reason: 'subscription_create',
      collection_method: 'charge_automatically',
      status: 'open',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      subtotal: amount,
      total: amount,
      subscription: null,
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_Tfit/test_${invoiceId}`,
      last_finalization_error: null,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata, subscription: id } },
      confirmation_secret: { client_secret: `pi_3${invoiceId.slice(3)}_secret_TfitConfirm`, type: 'payment_intent' },
    });
    this.subscriptions.set(id, { sub, invoice });
    this.trackInvoice(invoice);
    this.update(id, { status: o.status ?? 'incomplete', ...o });
    return id;
  }

  private trackInvoice(invoice: Obj): void {
    this.invoices.set(invoice.id, invoice);
    this.paymentIntents.set(`pi_3${invoice.id.slice(3)}`, invoice.id);
  }

  /** The payment intent that paid an invoice (since API 2025-03-31 linked to it only by an invoice payment). */
  paymentIntentOf(invoiceId: string): string {
    return [...this.paymentIntents.entries()].find(([, inv]) => inv === invoiceId)![0];
  }

  /**
   * The charge of an invoice's payment, built from Stripe's example charge: captured and paid at the
   * invoice's amount, `amount_refunded` as given (a full refund when equal to the amount).
   */
  chargeOf(invoiceId: string, o: { amountRefunded?: number } = {}): Obj {
    const invoice = this.invoices.get(invoiceId)!;
    const amount = (invoice.amount_paid as number) || (invoice.amount_due as number);
    const id = `ch_${invoiceId.slice(3)}`;
    const refunded = o.amountRefunded ?? 0;
    const charge = stripeFixture<Obj>('charge', {
      id,
      amount,
      amount_captured: amount,
      amount_refunded: refunded,
      refunded: refunded >= amount,
      captured: true,
      customer: invoice.customer,
      currency: 'usd',
      payment_intent: this.paymentIntentOf(invoiceId),
    });
    this.charges.set(id, charge);
    return charge;
  }

  /** A dispute of a charge, built from Stripe's example dispute (it names the charge, not the payment intent). */
  disputeOf(charge: Obj, status: string): Obj {
    const dispute = stripeFixture<Obj>('dispute', { id: `dp_${charge.id.slice(3)}`, charge: charge.id, amount: charge.amount, currency: 'usd', status });
    this.disputes.set(dispute.id, dispute);
    return dispute;
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
      Object.assign(s.invoice, paid ? { status: 'paid', amount_paid: amount, amount_remaining: 0 } : { status: 'open', amount_paid: 0, amount_remaining: s.invoice.amount_due });
    }
    if (o.paymentError !== undefined) this.paymentErrors.set(s.invoice.id, o.paymentError);
  }

  /**
   * A new renewal invoice (paid) and period: what Stripe does at the end of a period. A schedule
   * whose next phase starts then moves the subscription to that phase's price and metadata.
   */
  renew(id: string, periodEnd: number): void {
    const s = this.subscriptions.get(id)!;
    const item = (s.sub.items as { data: Obj[] }).data[0]!;
    const schedule = typeof s.sub.schedule === 'string' ? this.schedules.get(s.sub.schedule) : undefined;
    const phase = (schedule?.phases as { start_date: number; items: { price: string }[]; metadata: Record<string, string> }[] | undefined)?.find(
      (p) => p.start_date === item.current_period_end,
    );
    if (phase) {
      const price = Object.values(this.prices).find((p) => p.id === phase.items[0]!.price)!;
      item.price = price;
      s.sub.metadata = { ...(s.sub.metadata as object), ...phase.metadata };
      schedule!.current_phase = { start_date: phase.start_date, end_date: periodEnd };
    }
    const invoiceId = nextId('in');
    const amount = (item.price as { unit_amount: number }).unit_amount;
    s.invoice = {
      ...s.invoice,
      id: invoiceId,
      billing_reason: 'subscription_cycle',
      status: 'paid',
      amount_due: amount,
      subtotal: amount,
      total: amount,
      amount_paid: amount,
      amount_remaining: 0,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: s.sub.metadata, subscription: id } },
    };
    this.trackInvoice(s.invoice);
    s.sub.latest_invoice = invoiceId;
    item.current_period_start = item.current_period_end;
    item.current_period_end = periodEnd;
    s.sub.status = 'active';
  }

  private render(id: string, expand: string[], prefix = ''): Obj {
    const s = this.subscriptions.get(id)!;
    const sub = structuredClone(s.sub);
    if (expand.some((e) => e === `${prefix}latest_invoice` || e.startsWith(`${prefix}latest_invoice.`))) {
      const invoice = structuredClone(s.invoice);
      if (!expand.includes(`${prefix}latest_invoice.confirmation_secret`) || invoice.status !== 'open') delete invoice.confirmation_secret;
      sub.latest_invoice = invoice;
    }
    if (expand.includes(`${prefix}schedule`) && typeof sub.schedule === 'string') sub.schedule = structuredClone(this.schedules.get(sub.schedule)!);
    return sub;
  }

  private renderInvoice(invoice: Obj): Obj {
    const copy = structuredClone(invoice);
    delete copy.confirmation_secret; // includable only
    return copy;
  }

  private invalid(message: string, code?: string): [number, unknown] {
    return [400, { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } }];
  }

  /** The phases Stripe keeps from an update's `phases[i][...]` form fields. */
  private phasesOf(params: URLSearchParams, sub: Obj): Obj[] {
    const phases: Obj[] = [];
    for (let i = 0; params.has(`phases[${i}][items][0][price]`); i++) {
      const at = (k: string) => params.get(`phases[${i}][${k}]`);
      const start = at('start_date');
      const previous = phases[i - 1] as { end_date: number } | undefined;
      const startDate = start === null ? previous!.end_date : start === 'now' ? nowSeconds() : Number(start);
      const priceId = at('items][0][price')!;
      const price = Object.values(this.prices).find((p) => p.id === priceId);
      const interval = (price?.recurring as { interval: string } | undefined)?.interval ?? 'month';
      const durationCount = Number(at('duration][interval_count') ?? '0');
      const endDate = at('end_date') ? Number(at('end_date')) : startDate + (durationCount || 1) * (interval === 'year' ? 365 : 30) * 86_400;
      const metadata: Record<string, string> = {};
      for (const [k, v] of params.entries()) {
        const m = new RegExp(`^phases\\[${i}\\]\\[metadata\\]\\[([^\\]]+)\\]$`).exec(k);
        if (m) metadata[m[1]!] = v;
      }
      phases.push({
        ...(stripeFixture<{ phases: Obj[] }>('subscription_schedule').phases[0] as Obj),
        items: [{ price: priceId, quantity: Number(at('items][0][quantity') ?? '1'), discounts: [], metadata: {}, tax_rates: [], plan: null, billing_thresholds: null }],
        start_date: startDate,
        end_date: endDate,
        metadata,
        currency: 'usd',
        proration_behavior: at('proration_behavior') ?? 'create_prorations',
      } as Obj);
    }
    void sub;
    return phases;
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
      const customer = stripeFixture<Obj>('customer', { id, email: params.get('email'), name: params.get('name'), metadata: { userId: params.get('metadata[userId]') }, created: nowSeconds(), discount: null, test_clock: null });
      this.customers.set(id, customer);
      return [200, customer];
    }
    if (method === 'POST' && p === '/v1/subscriptions') {
      const priceId = params.get('items[0][price]');
      const plan = (Object.keys(this.prices) as Plan[]).find((k) => this.prices[k].id === priceId);
      if (!plan) return this.invalid(`No such price: '${priceId}'`, 'resource_missing');
      const id = this.addSubscription({ userId: params.get('metadata[userId]') ?? '', plan, customer: params.get('customer') ?? undefined });
      return [200, this.render(id, expand)];
    }
    if (method === 'GET' && p === '/v1/prices') {
      const key = params.get('lookup_keys[0]');
      return [200, stripeList(Object.values(this.prices).filter((price) => price.lookup_key === key), '/v1/prices')];
    }
    if (method === 'GET' && p === '/v1/subscriptions') {
      const customer = params.get('customer');
      const status = params.get('status');
      const data = [...this.subscriptions.keys()]
        .filter((id) => this.subscriptions.get(id)!.sub.customer === customer)
        // without a status filter Stripe lists every subscription except the canceled ones
        .filter((id) => status === 'all' || (status ? this.subscriptions.get(id)!.sub.status === status : this.subscriptions.get(id)!.sub.status !== 'canceled'))
        .reverse()
        .slice(0, Number(params.get('limit') ?? '10'))
        .map((id) => this.render(id, expand, 'data.'));
      return [200, stripeList(data, '/v1/subscriptions')];
    }
    if (method === 'GET' && p === '/v1/invoice_payments') {
      let invoiceId: string | undefined;
      let paymentIntent: string | undefined;
      if (params.get('payment[type]') === 'payment_intent') {
        paymentIntent = params.get('payment[payment_intent]') ?? '';
        invoiceId = this.paymentIntents.get(paymentIntent);
      } else if (params.get('invoice')) {
        invoiceId = params.get('invoice')!;
        paymentIntent = this.invoices.has(invoiceId) ? this.paymentIntentOf(invoiceId) : undefined;
      }
      const invoice = invoiceId ? this.invoices.get(invoiceId) : undefined;
      const data =
        invoice && paymentIntent
          ? [
              stripeFixture<Obj>('invoice_payment', {
                id: `inpay_${invoice.id.slice(3)}`,
                invoice: expand.includes('data.invoice') ? this.renderInvoice(invoice) : invoice.id,
                amount_paid: invoice.amount_paid,
                amount_requested: invoice.amount_due,
                currency: 'usd',
                livemode: false,
                status: invoice.status === 'paid' ? 'paid' : 'open',
                payment: { type: 'payment_intent', payment_intent: expand.includes('data.payment.payment_intent') ? this.paymentIntent(paymentIntent) : paymentIntent },
              }),
            ]
          : [];
      return [200, stripeList(data, '/v1/invoice_payments')];
    }
    if (method === 'POST' && p === '/v1/refunds') {
      const intent = params.get('payment_intent') ?? '';
      const invoiceId = this.paymentIntents.get(intent);
      const invoice = invoiceId ? this.invoices.get(invoiceId) : undefined;
      if (!invoice) return this.invalid(`No such payment_intent: '${intent}'`, 'resource_missing');
      const charge = `ch_${invoice.id.slice(3)}`;
      if (this.refunds.has(intent)) return this.invalid(`Charge ${charge} has already been refunded.`, 'charge_already_refunded');
      const metadata: Record<string, string> = {};
      for (const [k, v] of params.entries()) {
        const m = /^metadata\[([^\]]+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const refund = stripeFixture<Obj>('refund', {
        id: nextId('re'),
        amount: invoice.amount_paid,
        charge,
        currency: 'usd',
        payment_intent: intent,
        reason: params.get('reason'),
        metadata,
        status: 'succeeded',
        created: nowSeconds(),
      });
      this.refunds.set(intent, refund);
      return [200, refund];
    }
    const single = /^\/v1\/(charges|invoices|disputes|payment_intents)\/([^/]+)$/.exec(p);
    if (method === 'GET' && single) {
      const [, kind, id] = single as unknown as [string, string, string];
      if (kind === 'charges') return this.charges.has(id) ? [200, this.charges.get(id)] : notFound;
      if (kind === 'disputes') return this.disputes.has(id) ? [200, this.disputes.get(id)] : notFound;
      if (kind === 'payment_intents') return this.paymentIntents.has(id) ? [200, this.paymentIntent(id)] : notFound;
      return this.invoices.has(id) ? [200, this.renderInvoice(this.invoices.get(id)!)] : notFound;
    }
    if (method === 'POST' && p === '/v1/subscription_schedules') {
      const subId = params.get('from_subscription') ?? '';
      const s = this.subscriptions.get(subId);
      if (!s) return this.invalid(`No such subscription: '${subId}'`, 'resource_missing');
      if (s.sub.schedule) return this.invalid(`You cannot migrate a subscription that is already attached to a schedule: \`${s.sub.schedule as string}\`.`);
      if (s.sub.cancel_at_period_end) return this.invalid('You cannot migrate a subscription that is set to be canceled at the end of the period.');
      const item = (s.sub.items as { data: Obj[] }).data[0]!;
      const id = nextId('sub_sched');
      const start = item.current_period_start as number;
      const end = item.current_period_end as number;
      const schedule = stripeFixture<Obj>('subscription_schedule', {
        id,
        customer: s.sub.customer,
        subscription: subId,
        status: 'active',
        end_behavior: 'release',
        created: nowSeconds(),
        canceled_at: null,
        completed_at: null,
        released_at: null,
        released_subscription: null,
        current_phase: { start_date: start, end_date: end },
        phases: [
          {
            ...(stripeFixture<{ phases: Obj[] }>('subscription_schedule').phases[0] as Obj),
            items: [{ price: (item.price as Obj).id, quantity: 1, discounts: [], metadata: {}, tax_rates: [], plan: null, billing_thresholds: null }],
            start_date: start,
            end_date: end,
            metadata: {},
            currency: 'usd',
          },
        ],
      });
      this.schedules.set(id, schedule);
      s.sub.schedule = id;
      return [200, schedule];
    }
    const sched = /^\/v1\/subscription_schedules\/([^/]+?)(\/release)?$/.exec(p);
    if (sched) {
      const schedule = this.schedules.get(sched[1]!);
      if (!schedule) return notFound;
      const s = this.subscriptions.get(schedule.subscription as string)!;
      if (method === 'GET') return [200, schedule];
      if (schedule.status !== 'active' && schedule.status !== 'not_started') return this.invalid(`You cannot update a subscription schedule that is currently in the \`${schedule.status as string}\` status.`);
      if (sched[2]) {
        Object.assign(schedule, { status: 'released', released_at: nowSeconds(), released_subscription: schedule.subscription, subscription: null });
        s.sub.schedule = null;
        return [200, schedule];
      }
      const phases = this.phasesOf(params, s.sub);
      if (!phases.length) return this.invalid('Missing required param: phases.');
      if (params.get('end_behavior')) schedule.end_behavior = params.get('end_behavior');
      schedule.phases = phases;
      return [200, schedule];
    }
    const m = /^\/v1\/subscriptions\/([^/]+)$/.exec(p);
    if (m && this.subscriptions.has(m[1]!)) {
      const s = this.subscriptions.get(m[1]!)!;
      if (method === 'DELETE') {
        this.update(m[1]!, { status: 'canceled', endedAt: nowSeconds() });
        return [200, this.render(m[1]!, expand)];
      }
      if (method === 'POST' && params.get('cancel_at_period_end') !== null) {
        if (s.sub.schedule) {
          return this.invalid(`The subscription is managed by the subscription schedule \`${s.sub.schedule as string}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`);
        }
        this.update(m[1]!, { cancelAtPeriodEnd: params.get('cancel_at_period_end') === 'true' });
      }
      return [200, this.render(m[1]!, expand)];
    }
    return notFound;
  }

  /** Stripe's example payment intent for an invoice's payment, with the reason its last attempt failed. */
  private paymentIntent(id: string): Obj {
    const invoice = this.invoices.get(this.paymentIntents.get(id)!)!;
    const error = this.paymentErrors.get(invoice.id);
    return stripeFixture<Obj>('payment_intent', {
      id,
      amount: invoice.amount_due,
      amount_received: invoice.amount_paid,
      currency: 'usd',
      customer: invoice.customer,
      status: invoice.status === 'paid' ? 'succeeded' : 'requires_payment_method',
      last_payment_error: error ? { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: error, charge: `ch_${invoice.id.slice(3)}` } : null,
    });
  }
}
