import { ulid } from 'ulidx';
import {
  type AdminPayment,
  type AdminPaymentListResponse,
  type AdminRefundResponse,
  type Payment,
  type PaymentListResponse,
  REFUND_WINDOW_DAYS,
  type SandboxPaymentEvent,
  paymentSchema,
} from '../contract/billing';
import { decodeCursor, encodeCursor, invalidCursor, isKeyOf } from '../lib/cursor';
import { type Item } from '../lib/db/toolkit';
import { HttpError, conflict, notFound } from '../lib/http-error';
import { type Session } from '../lib/request';
import { providerFailure } from './provider-errors';
import { type PaymentRecord, applyCardSubscription, clearDisputeReversal, refundRecordedPayment, reversePayment } from './billing-repository';
import { monthPaymentEntries, paidBefore, paymentWithProfile, userPaymentEntries } from './payments-repository';
import { refundAtProvider, sandbox } from './providers/provider-registry';
import { sandboxPaypalWebhookApi } from './providers/sandbox-provider';

/**
 * Payment history and refunds (issue 16 point 4, decision 0306): the user's own payments, the
 * admin's list across users, the admin refund inside the refund window, and the sandbox's
 * simulated provider events (point 5), all through the reversal and activation code of the real
 * providers (billing-repository reversePayment / activatePayment, paypal-webhook-service).
 */

const DAY_MS = 86_400_000;
const PROVIDERS = paymentSchema.shape.provider.options;
type PaymentProvider = (typeof PROVIDERS)[number];

/** The id a list hands out for a payment: its user, provider and provider id, base64url (opaque to the browser). */
const paymentIdOf = (userId: string, provider: string, id: string) => Buffer.from(`${userId}\n${provider}\n${id}`).toString('base64url');

function parsePaymentId(value: string): { userId: string; provider: PaymentProvider; paymentId: string } {
  const unknown = () => notFound('Payment not found');
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(value)) throw unknown();
  const [userId, provider, paymentId, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('\n');
  if (rest.length || !userId || !paymentId || !(PROVIDERS as readonly string[]).includes(provider ?? '')) throw unknown();
  return { userId, provider: provider as PaymentProvider, paymentId };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function paymentOf(it: Item): Payment {
  return {
    id: paymentIdOf(str(it.userId), str(it.provider), str(it.paymentId)),
    paidAt: str(it.paidAt),
    plan: it.plan === 'yearly' ? 'yearly' : 'monthly',
    amount: Number(it.amount ?? 0),
    currency: str(it.currency),
    provider: (PROVIDERS as readonly string[]).includes(str(it.provider)) ? (it.provider as PaymentProvider) : 'stripe',
    status: it.status === 'refunded' || it.status === 'disputed' ? it.status : 'paid',
    receiptUrl: typeof it.receiptUrl === 'string' && it.receiptUrl.startsWith('https://') ? it.receiptUrl : null,
  };
}

/** The refund window of the legal pages (decision 0200): 30 days from the payment. */
const refundableUntil = (paidAt: string) => new Date(Date.parse(paidAt) + REFUND_WINDOW_DAYS * DAY_MS);

function adminPaymentOf(it: Item, now: Date): AdminPayment {
  const p = paymentOf(it);
  const until = refundableUntil(p.paidAt);
  return { ...p, userId: str(it.userId), refundable: p.status === 'paid' && now < until, refundableUntil: until.toISOString() };
}

/** GET /api/billing/payments: the caller's own payments, newest first (one Query of their partition). */
export async function listMyPayments(session: Session, limit: number, cursor: string | undefined): Promise<PaymentListResponse> {
  let start: Item | undefined;
  if (cursor) {
    const key = decodeCursor(cursor);
    if (!isKeyOf(key, ['pk', 'sk']) || key.pk !== `USER#${session.sub}` || !key.sk?.startsWith('PAYMENT#')) throw invalidCursor();
    start = key;
  }
  const page = await userPaymentEntries(session.sub, limit, start);
  return { items: page.items.map(paymentOf), nextCursor: page.lastKey ? encodeCursor({ pk: page.lastKey.pk, sk: page.lastKey.sk }) : null };
}

/** The first month with list entries (decision 0306: payments before it have none); the admin list stops there. */
const FIRST_LISTED_MONTH = '2026-11';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * GET /api/admin/payments: every user's payments, newest first, one gsi1 month partition per page:
 * a page ends at the end of its month (it may be short), and the cursor then names the month
 * before, down to FIRST_LISTED_MONTH.
 */
export async function listAllPayments(limit: number, cursor: string | undefined, now = new Date()): Promise<AdminPaymentListResponse> {
  let month = now.toISOString().slice(0, 7);
  let start: Item | undefined;
  if (cursor) {
    const c = decodeCursor(cursor) as { m?: unknown; k?: unknown } | null;
    const keyOk = c?.k === null || isKeyOf(c?.k, ['pk', 'sk', 'gsi1pk', 'gsi1sk']);
    if (typeof c?.m !== 'string' || !MONTH.test(c.m) || !keyOk) throw invalidCursor();
    month = c.m;
    start = (c.k as Item | null) ?? undefined;
  }
  const page = await monthPaymentEntries(month, limit, start);
  const items = page.items.map((it) => adminPaymentOf(it, now));
  let next: string | null = null;
  if (page.lastKey) next = encodeCursor({ m: month, k: { pk: page.lastKey.pk, sk: page.lastKey.sk, gsi1pk: page.lastKey.gsi1pk, gsi1sk: page.lastKey.gsi1sk } });
  else if (month > FIRST_LISTED_MONTH) next = encodeCursor({ m: previousMonth(month), k: null });
  return { items, nextCursor: next };
}

const planName = (plan: string | undefined) => (plan === 'yearly' ? 'Yearly' : 'Monthly');
const dollars = (cents: number | undefined, currency: string | undefined) => `${((cents ?? 0) / 100).toFixed(2)} ${currency ?? ''}`.trim();

/** A recorded payment of the named user (a tombstone of a refund that came first is not a payment). */
function recordOrNotFound(record: PaymentRecord | undefined, userId: string): PaymentRecord & { createdAt: string } {
  if (!record?.plan || record.userId !== userId || !record.createdAt) throw notFound('Payment not found');
  return record as PaymentRecord & { createdAt: string };
}

const alreadyBack = (r: PaymentRecord) =>
  conflict(r.reversal?.kind === 'dispute' ? 'This payment is disputed: its money is already going back.' : 'This payment has already been refunded.');

/**
 * POST /api/admin/payments/{id}/refund: a full refund at the provider, then the same reversal as the
 * provider's refund webhook (the user's access for that period ends, `subscription_refunded` is
 * logged). 404 for an unknown payment, 409 outside the refund window, for a purchase that is not the
 * user's first (decision 0200) or when money already went back. Three DynamoDB calls: the record and the
 * user's profile in one BatchGet, the Query for an earlier payment, the reversal's transaction.
 */
export async function refundPayment(session: Session, id: string, ip: string, now = new Date()): Promise<AdminRefundResponse> {
  const ref = parsePaymentId(id);
  const read = await paymentWithProfile(ref.provider, ref.paymentId, ref.userId);
  const record = recordOrNotFound(read.record, ref.userId);
  if (record.reversal) throw alreadyBack(record);
  const until = refundableUntil(record.createdAt);
  if (now >= until) {
    throw conflict(`This payment is outside the ${REFUND_WINDOW_DAYS}-day refund window (it closed on ${until.toISOString().slice(0, 10)}).`);
  }
  // the refund policy covers the first purchase only (decision 0200); a record from before the payment
  // lists has no entry to tell, so it is refused rather than guessed (refund it at the provider)
  if (!record.entrySk || (await paidBefore(ref.userId, record.entrySk))) {
    throw conflict('Only a first purchase can be refunded under the refund policy. Later payments and renewals are not refundable; the member can cancel auto-renewal instead.');
  }
  const { commitItems } = await refundAtProvider(ref.provider, ref.paymentId, ref.userId).catch((err: unknown) => providerFailure(err));
  const outcome = await refundRecordedPayment({
    record,
    profile: read.profile,
    provider: ref.provider,
    paymentId: ref.paymentId,
    adminId: session.sub,
    details: `${planName(record.plan)} plan payment of ${dollars(record.amount, record.currency)} (${ref.provider} ${ref.paymentId}) refunded in full by an admin: the period it paid for has ended`,
    ip,
    extraItems: commitItems,
    now,
  });
  if (outcome === 'already') throw conflict('This payment has already been refunded.');
  const entry: Item = {
    userId: ref.userId,
    provider: ref.provider,
    paymentId: ref.paymentId,
    paidAt: record.createdAt,
    plan: record.plan,
    amount: record.amount,
    currency: record.currency,
    status: 'refunded',
  };
  return { payment: adminPaymentOf(entry, now) };
}

/**
 * POST /api/admin/sandbox/payments/{id}/events {event} (sandbox mode only): the sandbox as the provider
 * reporting money going back (or coming back) on one of its payments, handled by the webhooks' own
 * code: a card payment as Stripe's charge.refunded / charge.dispute.created / dispute won (the
 * reversal, then the re-sync of the card subscription from what the sandbox reports), a PayPal
 * payment as PAYMENT.CAPTURE.REFUNDED / REVERSED (paypal-webhook-service).
 */
export async function sandboxPaymentEvent(id: string, event: SandboxPaymentEvent, ip: string): Promise<{ outcome: string }> {
  sandbox(); // 404 outside sandbox mode
  const ref = parsePaymentId(id);
  // the provider reports events only about payments it took: an unknown one is a 404, not a tombstone
  const read = await paymentWithProfile(ref.provider, ref.paymentId, ref.userId);
  const record = recordOrNotFound(read.record, ref.userId);
  const eventId = `sandbox_evt_${ulid()}`;
  if (ref.provider === 'sandbox-paypal') {
    if (event === 'dispute-won') throw conflict('PayPal reports no dispute won: a reversed PayPal payment stays ended.');
    const { handlePaypalEvent } = await import('./paypal-webhook-service');
    const type = event === 'refund' ? 'PAYMENT.CAPTURE.REFUNDED' : 'PAYMENT.CAPTURE.REVERSED';
    const outcome = await handlePaypalEvent(
      sandboxPaypalWebhookApi(ref.userId, event === 'refund' ? 'REFUNDED' : 'REVERSED'),
      { id: eventId, event_type: type, resource_type: 'capture', resource: { id: ref.paymentId } },
      ip,
      'sandbox-paypal',
    );
    return { outcome };
  }
  if (ref.provider !== 'sandbox-card') throw conflict('Only sandbox payments can be simulated.');
  if (event !== 'dispute-won') {
    const outcome = await reversePayment({
      source: 'sandbox',
      eventId,
      provider: ref.provider,
      paymentId: ref.paymentId,
      userId: ref.userId,
      kind: event === 'refund' ? 'refund' : 'dispute',
      details:
        event === 'refund'
          ? `Sandbox card payment refunded in full (${ref.paymentId}): the period it paid for has ended`
          : `Sandbox card payment disputed (${ref.paymentId}): the period it paid for has ended`,
      ip,
    });
    return { outcome };
  }
  if (record.reversal?.kind !== 'dispute') throw conflict('This payment is not disputed.');
  await clearDisputeReversal({ provider: ref.provider, paymentId: ref.paymentId, userId: ref.userId, details: `Sandbox card dispute won (${ref.paymentId}): the period it paid for is restored`, ip });
  // Stripe is asked for the subscription again; the sandbox's subscription is what its payment record says it paid.
  const outcome = await applyCardSubscription({
    state: {
      subscriptionId: record.subscriptionId ?? `sandbox_${ref.paymentId}`,
      userId: ref.userId,
      plan: record.plan === 'yearly' ? 'yearly' : 'monthly',
      status: 'active',
      periodStart: record.periodStart ?? null,
      periodEnd: record.periodEnd ?? null,
      endedAt: null,
      cancelAtPeriodEnd: false,
      paidInvoice: { id: ref.paymentId, amount: record.amount ?? 0, currency: record.currency ?? 'USD' },
      nextPlan: null,
    },
    eventId,
    eventSource: 'sandbox',
    ip,
  });
  return { outcome };
}

/**
 * POST /api/sandbox/paypal/{orderId}/complete (sandbox mode only): PayPal completes a capture it
 * held PENDING, and the buyer's order is granted by the code of PayPal's PAYMENT.CAPTURE.COMPLETED webhook.
 */
export async function sandboxCompleteCapture(session: Session, orderId: string, ip: string): Promise<{ status: string }> {
  sandbox();
  if (!/^SANDBOX-[0-9A-HJKMNP-TV-Z]{26}$/.test(orderId)) throw notFound('Order not found');
  const { handlePaypalEvent } = await import('./paypal-webhook-service');
  const api = sandboxPaypalWebhookApi(session.sub, 'COMPLETED');
  const order = await api.getOrder(orderId);
  if (!order?.capture) throw notFound('Order not found');
  if (!order.commitItems) {
    // Not pending any more. A COMPLETED capture is a granted order: its status moves in the very
    // transaction that grants it (commitItems). Asking the profile instead raced a concurrent
    // completion: the BatchGet that reads order and profile is isolated per item only, so it could see
    // the order completed and the profile from before the grant (and answered 409).
    if (order.capture.status === 'COMPLETED') return { status: 'COMPLETED' };
    throw new HttpError(409, 'This capture is not pending.');
  }
  const outcome = await handlePaypalEvent(api, { id: `sandbox_evt_${ulid()}`, event_type: 'PAYMENT.CAPTURE.COMPLETED', resource_type: 'capture', resource: { id: orderId } }, ip, 'sandbox-paypal');
  return { status: outcome === 'applied' ? 'COMPLETED' : 'PENDING' };
}
