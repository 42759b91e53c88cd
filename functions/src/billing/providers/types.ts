import { type Plan } from '../../contract/billing';
import { type TransactItem } from '../../lib/db/toolkit';
import { type Profile, type Subscription } from '../../lib/users';

/** A payment as recorded once (`PAYMENT#<provider>#<id>`) when it activates an entitlement. */
export interface PaymentInput {
  /** key part of the payment record: stripe, paypal, sandbox-card, sandbox-paypal */
  provider: string;
  /** the provider's payment id (invoice, order) */
  id: string;
  plan: Plan;
  amount: number;
  currency: string;
  /** the period it bought, when known (the reversal of a payment ends this period) */
  period?: { start: string; end: string };
  /** Stripe's hosted invoice page (live mode), shown in the user's payment history */
  receiptUrl?: string;
}

/** A card subscription as the provider reports it (Stripe or the sandbox), provider-neutral. */
export interface CardSubscriptionState {
  subscriptionId: string;
  /** our user id, from the provider object's metadata */
  userId: string | null;
  /** null when the provider's price is not one of our plans' (then nothing is granted) */
  plan: Plan | null;
  status: 'incomplete' | 'incomplete_expired' | 'active' | 'trialing' | 'past_due' | 'unpaid' | 'canceled' | 'paused';
  /** start and end of the current period (ISO); no end means nothing is granted (fail closed) */
  periodStart: string | null;
  periodEnd: string | null;
  /** when a canceled subscription ended (ISO) */
  endedAt: string | null;
  cancelAtPeriodEnd: boolean;
  /** the latest invoice when it is paid in full at the plan's price */
  paidInvoice: { id: string; amount: number; currency: string; hostedInvoiceUrl?: string } | null;
  /** the plan a subscription schedule switches to at the period end (Stripe), null when none */
  nextPlan: Plan | null;
}

/** Why a card subscription may not start, given an entitlement the provider itself reports (purchase-rules.ts); null: it may. */
export type PurchaseRefusal = (existing: Subscription) => string | null;

/** Card payments: Stripe, or the sandbox adapter when no keys are configured. */
export interface CardProvider {
  readonly name: 'stripe' | 'sandbox';
  /**
   * Starts a subscription that is paid by confirming `clientSecret` in the browser, or hands back
   * the one still waiting for that payment: an unpaid subscription of this plan is reused (never
   * duplicated, whatever the concurrency), a stale unpaid one of the other plan is cancelled, and a
   * subscription the provider reports that `refuse` forbids (one paid subscription per user) is a 409.
   */
  createSubscription(profile: Profile, plan: Plan, refuse: PurchaseRefusal): Promise<{ clientSecret: string; customerId?: string }>;
  /**
   * Switches a renewing subscription to `plan` at the end of its current period, without proration
   * (Stripe: a subscription schedule), or takes a scheduled switch back (`plan` null).
   */
  schedulePlanChange(subscriptionId: string, plan: Plan | null): Promise<void>;
  /** The user's paid, active subscription, asked of the provider itself. */
  findPaidSubscription(profile: Profile): Promise<CardSubscriptionState | null>;
  /** Turns auto-renewal off: access continues until the period end. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /**
   * Account deletion: cancels at once every subscription of the user that is not cancelled yet
   * (live, unpaid or past due; no proration, no refund), found at the provider by the user's
   * customer. Idempotent: a second call finds nothing left to cancel. Answers the ids it cancelled.
   */
  cancelAllNow(profile: Profile): Promise<string[]>;
}

/** A PayPal order as the provider reports it. */
export interface PaypalOrderState {
  id: string;
  status: string;
  /** our user id (custom_id of the purchase unit) */
  userId: string | null;
  /** the plan the order was created for (reference_id) */
  plan: Plan | null;
  /** the capture, when there is one */
  capture: { id: string; status: string; amount: number | null; currency: string } | null;
  /** sandbox only: writes that commit the capture inside the activation transaction */
  commitItems?: TransactItem[];
  /** sandbox only: the caller's profile, read together with the order */
  profile?: Profile;
  /** sandbox only: the buyer approved it asking for a capture that stays PENDING */
  capturePending?: boolean;
}

/** PayPal Orders v2, or the sandbox adapter when no keys are configured. */
export interface PaypalProvider {
  readonly name: 'paypal' | 'sandbox';
  createOrder(userId: string, plan: Plan): Promise<{ id: string }>;
  /** The order, or null when it does not exist or belongs to another user. */
  getOrder(userId: string, orderId: string): Promise<PaypalOrderState | null>;
  /** Captures an approved order of this user (idempotent). */
  captureOrder(userId: string, orderId: string): Promise<PaypalOrderState>;
  clientToken(): Promise<string>;
}

/** A PayPal capture as PayPal reports it now. */
export interface PaypalCaptureState {
  id: string;
  /** COMPLETED, PENDING, REFUNDED, PARTIALLY_REFUNDED, DECLINED, FAILED */
  status: string;
  /** the order it captured (supplementary_data.related_ids.order_id) */
  orderId: string | null;
}

/** PayPal's side of its webhooks (live mode only). */
export interface PaypalWebhookApi {
  /** PayPal's own check of a delivery's signature (verify-webhook-signature): true only for SUCCESS. */
  verifySignature(transmission: Record<string, string>, rawBody: string, webhookId: string): Promise<boolean>;
  getCapture(captureId: string): Promise<PaypalCaptureState | null>;
  /** Any user's order (the webhook has no session): null when it does not exist. */
  getOrder(orderId: string): Promise<PaypalOrderState | null>;
}

/** A sandbox card confirmation: a payment to activate (with the writes that commit it), already paid, or declined. */
export type SandboxCardResult =
  | { status: 'succeeded' }
  | { status: 'declined'; message: string }
  | { status: 'paid'; payment: PaymentInput; subscriptionId: string; profile: Profile; commitItems: TransactItem[] };

/** Sandbox mode only: the buyer's steps that Stripe's and PayPal's own pages take in live mode. */
export interface SandboxBuyer {
  /** Confirms a card payment with a sandbox test card number (activation is the billing service's). */
  confirmCard(userId: string, clientSecret: string, cardNumber: string, ip: string): Promise<SandboxCardResult>;
  /** The buyer approves their own sandbox order. */
  approveOrder(userId: string, orderId: string, captureStatus?: 'COMPLETED' | 'PENDING'): Promise<{ id: string; status: 'APPROVED' }>;
}
