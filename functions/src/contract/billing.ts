import * as z from 'zod/mini';
import './zod-locale';
import { PLAN_IDS } from './billing-plans';

/** The two plans (SPEC.md section 9), defined zod-free in billing-plans.ts for the browser. */
export type { Plan } from './billing-plans';
export const planSchema = z.enum(PLAN_IDS, { error: 'plan must be monthly or yearly' });

/** POST /api/create-{monthly,yearly}-subscription → */
export const createSubscriptionResponse = z.object({
  /** Stripe: the latest invoice's confirmation secret; sandbox: `sandbox_…`. */
  clientSecret: z.string(),
  /** amount in cents, from the server's price table */
  amount: z.number().check(z.int()),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponse>;

/**
 * POST /api/auth/activate-subscription. The spec's `userId` is accepted and ignored: the session
 * decides who is activated (DESIGN.md departure 1). Unknown fields are dropped.
 */
export const activateSubscriptionRequest = z.object({
  userId: z.optional(z.unknown()),
  subscriptionType: planSchema,
  paymentMethod: z.enum(['stripe', 'paypal'], { error: 'paymentMethod must be stripe or paypal' }),
  transactionId: z.optional(z.string().check(z.trim(), z.minLength(1, 'transactionId must not be empty'), z.maxLength(128, 'transactionId is too long'))),
});
export type ActivateSubscriptionRequest = z.infer<typeof activateSubscriptionRequest>;

/**
 * POST /paypal/order: `{plan}`, or the spec's `{amount, currency, intent}` where the amount must
 * equal a plan's price exactly (29.99 or 2.99, USD). The server sets the order's amount itself.
 */
export const paypalOrderRequest = z
  .strictObject({
    plan: z.optional(planSchema),
    amount: z.optional(z.union([z.string().check(z.maxLength(16)), z.number()], { error: 'amount must be a number or a decimal string' })),
    currency: z.optional(z.string().check(z.maxLength(8, 'currency is too long'))),
    intent: z.optional(z.string().check(z.maxLength(16, 'intent is too long'))),
  })
  .check(z.refine((v) => (v.plan === undefined) !== (v.amount === undefined), { error: 'plan: send either plan or amount', path: ['plan'] }));
export type PaypalOrderRequest = z.infer<typeof paypalOrderRequest>;

export const paypalOrderResponse = z.object({ id: z.string() });
export type PaypalOrderResponse = z.infer<typeof paypalOrderResponse>;

export const paypalCaptureResponse = z.object({ status: z.string() });
export type PaypalCaptureResponse = z.infer<typeof paypalCaptureResponse>;

export const paypalSetupResponse = z.object({ clientToken: z.string() });
export type PaypalSetupResponse = z.infer<typeof paypalSetupResponse>;

/** POST /api/sandbox/card/confirm (sandbox mode only) */
export const sandboxCardConfirmRequest = z.strictObject({
  clientSecret: z.string({ error: 'clientSecret is required' }).check(z.minLength(1, 'clientSecret is required'), z.maxLength(200, 'clientSecret is too long')),
  cardNumber: z.string({ error: 'cardNumber is required' }).check(z.maxLength(40, 'cardNumber is too long')),
});
export type SandboxCardConfirmRequest = z.infer<typeof sandboxCardConfirmRequest>;

export const sandboxCardConfirmResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded') }),
  z.object({ status: z.literal('declined'), message: z.string() }),
]);
export type SandboxCardConfirmResponse = z.infer<typeof sandboxCardConfirmResponse>;

export const sandboxPaypalApproveResponse = z.object({ id: z.string(), status: z.literal('APPROVED') });
export type SandboxPaypalApproveResponse = z.infer<typeof sandboxPaypalApproveResponse>;

/**
 * What the browser offers for a plan (billing/purchase-rules.ts decides, and refuses anything else):
 * checkout = buy it (card or PayPal); renew = add a period after the current one (PayPal);
 * switch = change the renewing card subscription to it at the period end; keep = take back a
 * scheduled switch and stay on this plan.
 */
export const planActionSchema = z.enum(['checkout', 'renew', 'switch', 'keep']);
export type PlanAction = z.infer<typeof planActionSchema>;

export const planOptionSchema = z.object({
  /** the plan the user has now */
  current: z.boolean(),
  /** a switch to this plan is scheduled: it starts then (ISO date-time) */
  startsAt: z.nullable(z.string()),
  action: z.nullable(planActionSchema),
  /** a card subscription of this plan may start now */
  card: z.boolean(),
  /** a PayPal payment for this plan may be made now */
  paypal: z.boolean(),
  /** why a card subscription (or else a PayPal payment) of this plan is refused now: the 409's own words */
  reason: z.nullable(z.string()),
});
export type PlanOption = z.infer<typeof planOptionSchema>;

/** POST /api/subscription/change: switch the renewing card subscription at its period end (or keep the current plan). */
export const changePlanRequest = z.strictObject({ plan: planSchema });
export type ChangePlanRequest = z.infer<typeof changePlanRequest>;

/** GET /api/subscription and POST /api/subscription/cancel: the membership shown in Settings. */
export const membershipResponse = z.object({
  status: z.enum(['none', 'active', 'canceled', 'expired', 'past_due']),
  /** true when status is active and the expiry (if any) is in the future */
  hasActiveSubscription: z.boolean(),
  plan: z.nullable(planSchema),
  provider: z.nullable(z.enum(['stripe', 'paypal'])),
  /** when access ends or renews (ISO date-time), null when unknown */
  expiresAt: z.nullable(z.string()),
  /** true when the plan renews by itself at expiresAt (card subscriptions that are not cancelled) */
  autoRenew: z.boolean(),
  /** true when the user can turn auto-renewal off (an active, renewing card subscription) */
  canCancel: z.boolean(),
  /** the plan a scheduled switch moves to at expiresAt, null when none */
  nextPlan: z.nullable(planSchema),
  /** per plan: what the user may do with it now (one paid subscription per user) */
  plans: z.object({ monthly: planOptionSchema, yearly: planOptionSchema }),
});
export type MembershipResponse = z.infer<typeof membershipResponse>;

/** Days after a payment during which an admin may refund it (decision 0200: the 30-day money-back guarantee). */
export const REFUND_WINDOW_DAYS = 30;

/** GET /api/billing/payments and GET /api/admin/payments ?limit=&cursor=: newest first; `nextCursor` is null on the last page. */
export const paymentListQuery = z.strictObject({
  limit: z._default(
    z.coerce
      .number({ error: 'limit must be a whole number from 1 to 50.' })
      .check(
        z.int('limit must be a whole number from 1 to 50.'),
        z.gte(1, 'limit must be a whole number from 1 to 50.'),
        z.lte(50, 'limit must be a whole number from 1 to 50.'),
      ),
    10,
  ),
  cursor: z.optional(z.string().check(z.minLength(1, 'cursor must not be empty.'), z.maxLength(1000, 'cursor is too long.'))),
});
export type PaymentListQuery = z.infer<typeof paymentListQuery>;

export const paymentStatusSchema = z.enum(['paid', 'refunded', 'disputed']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** One payment as its user sees it in Settings › Membership. */
export const paymentSchema = z.object({
  /** opaque: names the payment in POST /api/admin/payments/{id}/refund */
  id: z.string(),
  /** when it was paid (ISO date-time) */
  paidAt: z.string(),
  plan: planSchema,
  /** cents */
  amount: z.number().check(z.int()),
  currency: z.string(),
  /** stripe, paypal, or the sandbox's sandbox-card, sandbox-paypal */
  provider: z.enum(['stripe', 'paypal', 'sandbox-card', 'sandbox-paypal']),
  status: paymentStatusSchema,
  /** Stripe's hosted invoice page (live mode), else null */
  receiptUrl: z.nullable(z.string()),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentListResponse = z.object({ items: z.array(paymentSchema), nextCursor: z.nullable(z.string()) });
export type PaymentListResponse = z.infer<typeof paymentListResponse>;

/** One payment on the admin page: whose, and whether the Refund button is offered. */
export const adminPaymentSchema = z.extend(paymentSchema, {
  userId: z.string(),
  /** paid and inside the refund window */
  refundable: z.boolean(),
  /** when the refund window closes (ISO date-time) */
  refundableUntil: z.string(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentListResponse = z.object({ items: z.array(adminPaymentSchema), nextCursor: z.nullable(z.string()) });
export type AdminPaymentListResponse = z.infer<typeof adminPaymentListResponse>;

/** POST /api/admin/payments/{id}/refund → the payment, refunded. */
export const adminRefundResponse = z.object({ payment: adminPaymentSchema });
export type AdminRefundResponse = z.infer<typeof adminRefundResponse>;

/**
 * POST /api/admin/sandbox/payments/{id}/events {event} (sandbox mode only): what the real provider
 * would report about a payment, through the same webhook code. dispute-won: card payments only.
 */
export const sandboxPaymentEvents = ['refund', 'dispute', 'dispute-won'] as const;
export type SandboxPaymentEvent = (typeof sandboxPaymentEvents)[number];
export const sandboxPaymentEventRequest = z.strictObject({ event: z.enum(sandboxPaymentEvents, { error: 'event must be refund, dispute or dispute-won' }) });

/** POST /api/sandbox/paypal/{orderId}/approve: the sandbox buyer may ask for a capture that stays PENDING. */
export const sandboxPaypalApproveRequest = z.strictObject({ captureStatus: z.optional(z.enum(['COMPLETED', 'PENDING'], { error: 'captureStatus must be COMPLETED or PENDING' })) });
export type SandboxPaypalApproveRequest = z.infer<typeof sandboxPaypalApproveRequest>;
