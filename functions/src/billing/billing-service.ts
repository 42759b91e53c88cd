import { type User } from '../contract/auth';
import {
  type ActivateSubscriptionRequest,
  type ChangePlanRequest,
  type CreateSubscriptionResponse,
  type MembershipResponse,
  type PaypalOrderRequest,
  type Plan,
} from '../contract/billing';
import { HttpError, badRequest, conflict, notFound, unauthorized } from '../lib/http-error';
import { type Session } from '../lib/request';
import { getProfile } from '../lib/profile-repository';
import { type Profile, hasActiveSubscription, toUser } from '../lib/users';
import { providerFailure } from './provider-errors';
import { activatePayment, applyCardSubscription, setNextPlan, setStripeCustomerId, turnOffAutoRenew } from './billing-repository';
import { entitlementOf, paymentRef, syncKeyOf } from './entitlement-rules';
import { PRICES, decimalToCents, planForAmount } from './prices';
import { planRules } from './purchase-rules';
import { cardProvider, paypal, sandbox } from './providers/provider-registry';
import { type CardProvider, type PaypalOrderState } from './providers/types';

/** PayPal order ids (and the sandbox's `SANDBOX-<ulid>`). */
const ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;

const PAYMENT_REQUIRED = 'No completed payment was found for this subscription.';

const paymentRequired = (message = PAYMENT_REQUIRED) => new HttpError(402, message);

async function withProvider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    providerFailure(err);
  }
}

async function profileOf(session: Session): Promise<Profile> {
  const profile = await getProfile(session.sub);
  if (!profile) throw unauthorized();
  return profile;
}

const userOf = (profile: Profile, session: Session): User => toUser(profile, session.role);

/**
 * POST /api/create-{plan}-subscription → {clientSecret, amount} (the amount from the price table).
 * One paid subscription per user (purchase-rules.ts): refused with 409 while a plan renews or runs,
 * checked on the profile here and, for Stripe, on what Stripe itself reports (the provider).
 */
export async function createSubscription(session: Session, plan: Plan): Promise<CreateSubscriptionResponse> {
  const profile = await profileOf(session);
  const now = new Date();
  const refusal = planRules(profile.subscription, now)[plan].card;
  if (refusal) throw conflict(refusal);
  const provider = await withProvider(cardProvider);
  const { clientSecret, customerId } = await withProvider(() => provider.createSubscription(profile, plan, (existing) => planRules(existing, now)[plan].card));
  if (customerId && customerId !== profile.stripeCustomerId) await setStripeCustomerId(session.sub, customerId);
  return { clientSecret, amount: PRICES[plan].amount };
}

/** The plan, amount and currency a PayPal order paid, when it is this user's COMPLETED capture of exactly the plan's price. */
export function verifiedPaypalPayment(order: PaypalOrderState, userId: string) {
  const c = order.capture;
  if (order.userId !== userId || !order.plan) return null;
  if (order.status !== 'COMPLETED' || !c || c.status !== 'COMPLETED') return null;
  const price = PRICES[order.plan];
  if (c.amount !== price.amount || c.currency !== price.currency) return null;
  return { plan: order.plan, amount: c.amount, currency: c.currency };
}

/** Key part of a PayPal payment record: the sandbox's orders are kept apart from PayPal's. */
const paypalPaymentProvider = (providerName: 'paypal' | 'sandbox') => (providerName === 'sandbox' ? 'sandbox-paypal' : 'paypal');

/** A PayPal payment for `plan` that the rules forbid (a renewing card subscription): 409. */
function assertPaypalAllowed(profile: Profile, plan: Plan | null): void {
  const refusal = plan ? planRules(profile.subscription)[plan].paypal : null;
  if (refusal) throw conflict(refusal);
}

async function activatePaypalOrder(session: Session, order: PaypalOrderState, ip: string, providerName: 'paypal' | 'sandbox') {
  const paid = verifiedPaypalPayment(order, session.sub);
  if (!paid) return null;
  return activatePayment({
    userId: session.sub,
    payment: { provider: paypalPaymentProvider(providerName), id: order.id, ...paid },
    profileProvider: 'paypal',
    autoRenew: false,
    ip,
    ...(order.profile ? { profile: order.profile } : {}),
    ...(order.commitItems ? { extraItems: order.commitItems } : {}),
  });
}

/**
 * POST /api/auth/activate-subscription: grants nothing on the client's word. Card: asks the
 * provider for this user's paid subscription. PayPal: looks up the captured order. Idempotent.
 */
export async function activateSubscription(session: Session, input: ActivateSubscriptionRequest, ip: string): Promise<User> {
  if (input.paymentMethod === 'stripe') {
    const profile = await profileOf(session);
    const provider = await withProvider(cardProvider);
    const state = await withProvider(() => provider.findPaidSubscription(profile));
    if (!state || !state.plan) throw paymentRequired();
    // The sandbox activates atomically when the card is confirmed; nothing is left to do.
    if (provider.name === 'sandbox') {
      if (!hasActiveSubscription(profile)) throw paymentRequired();
      return userOf(profile, session);
    }
    const current = profile.subscription;
    if (current?.subscriptionId === state.subscriptionId && current.syncKey && current.syncKey >= syncKeyOf(state)) {
      return userOf(profile, session); // the webhook (or an earlier call) already applied this state
    }
    const outcome = await applyCardSubscription({ state, ip });
    if (outcome === 'applied') {
      const next = entitlementOf(state)!;
      return userOf({ ...profile, subscription: next }, session);
    }
    return userOf((await getProfile(session.sub)) ?? profile, session);
  }
  if (!input.transactionId) throw badRequest('transactionId: required for PayPal');
  if (!ORDER_ID.test(input.transactionId)) throw paymentRequired();
  const provider = await withProvider(paypal);
  // The sandbox reads the order together with the profile (one call); the real provider is an HTTP call.
  const order = await withProvider(() => provider.getOrder(session.sub, input.transactionId!));
  const profile = order?.profile ?? (await profileOf(session));
  const ref = paymentRef({ provider: paypalPaymentProvider(provider.name), id: input.transactionId });
  if (profile.subscription?.lastPaymentId === ref) return userOf(profile, session);
  if (!order) throw paymentRequired();
  const result = await activatePaypalOrder(session, { ...order, profile }, ip, provider.name);
  if (!result) throw paymentRequired();
  return userOf(result.profile ?? (await profileOf(session)), session);
}

/** The plan an order request asks for; an `{amount}` must be exactly one plan's price. */
export function planOfOrderRequest(input: PaypalOrderRequest): Plan {
  if (input.plan) return input.plan;
  if (input.amount === undefined) throw badRequest('plan: send either plan or amount');
  if (input.currency !== undefined && input.currency.toUpperCase() !== 'USD') throw badRequest('currency: must be USD');
  if (input.intent !== undefined && input.intent.toUpperCase() !== 'CAPTURE') throw badRequest('intent: must be CAPTURE');
  const cents = decimalToCents(input.amount);
  const plan = cents === null ? null : planForAmount(cents, 'USD');
  if (!plan) throw badRequest('amount: must be exactly a plan price (2.99 or 29.99)');
  return plan;
}

/** POST /paypal/order → {id}: amount and currency from the price table, PayPal-Request-Id set. */
export async function createPaypalOrder(session: Session, input: PaypalOrderRequest) {
  const plan = planOfOrderRequest(input);
  assertPaypalAllowed(await profileOf(session), plan);
  const provider = await withProvider(paypal);
  return withProvider(() => provider.createOrder(session.sub, plan));
}

/**
 * POST /paypal/order/{orderId}/capture → {status}. Activates only a COMPLETED capture of this
 * user's order with exactly the plan's amount and currency; PENDING or DECLINED grant nothing.
 */
export async function capturePaypalOrder(session: Session, orderId: string, ip: string) {
  if (!ORDER_ID.test(orderId)) throw notFound('Order not found');
  const provider = await withProvider(paypal);
  // The rules hold at the capture too (a card subscription may have started since the order was
  // made): PayPal takes the money at the capture, so the live check comes before it; the sandbox
  // reads the profile with the order and commits its capture with the activation.
  const profile = provider.name === 'paypal' ? await profileOf(session) : undefined;
  if (profile) assertPaypalAllowed(profile, (await withProvider(() => provider.getOrder(session.sub, orderId)))?.plan ?? null);
  const order = await withProvider(() => provider.captureOrder(session.sub, orderId));
  if (order.profile && order.status === 'COMPLETED' && order.commitItems) assertPaypalAllowed(order.profile, order.plan);
  if (order.status === 'COMPLETED' && order.capture?.status === 'COMPLETED') {
    const result = await activatePaypalOrder(session, profile ? { ...order, profile } : order, ip, provider.name);
    if (!result) throw paymentRequired('The captured payment does not match the plan price.');
    return { status: 'COMPLETED' };
  }
  return { status: order.capture?.status ?? order.status };
}

export async function paypalSetup() {
  const provider = await withProvider(paypal);
  return { clientToken: await withProvider(() => provider.clientToken()) };
}

/** POST /api/sandbox/card/confirm: a paid test card activates here, as Stripe's invoice.paid does. */
export async function sandboxConfirmCard(session: Session, input: { clientSecret: string; cardNumber: string }, ip: string) {
  const result = await sandbox().confirmCard(session.sub, input.clientSecret, input.cardNumber, ip);
  if (result.status !== 'paid') return result;
  // A checkout started before another plan began (another tab) pays nothing twice: the rules hold here too.
  // The card and the profile are read in one BatchGet, not one snapshot: a concurrent confirmation of this
  // same card may have activated in between (the profile names this payment): that is a success.
  if (result.profile.subscription?.lastPaymentId === paymentRef(result.payment)) return { status: 'succeeded' as const };
  const refusal = planRules(result.profile.subscription)[result.payment.plan].card;
  if (refusal) throw conflict(refusal);
  await activatePayment({
    userId: session.sub,
    payment: result.payment,
    profileProvider: 'stripe',
    subscriptionId: result.subscriptionId,
    autoRenew: true,
    ip,
    profile: result.profile,
    extraItems: result.commitItems,
  });
  return { status: 'succeeded' as const };
}

export async function sandboxApprovePaypal(session: Session, orderId: string, captureStatus?: 'COMPLETED' | 'PENDING') {
  return sandbox().approveOrder(session.sub, orderId, captureStatus);
}

function membershipOf(profile: Profile, now = new Date()): MembershipResponse {
  const s = profile.subscription;
  const active = hasActiveSubscription(profile, now);
  const autoRenew = active && s?.provider === 'stripe' && !!s.subscriptionId && s.autoRenew !== false;
  const rules = planRules(s, now);
  const option = (plan: Plan) => ({
    current: rules[plan].current,
    startsAt: rules[plan].startsAt,
    action: rules[plan].action,
    card: rules[plan].card === null,
    paypal: rules[plan].paypal === null,
    reason: rules[plan].card ?? rules[plan].paypal,
  });
  return {
    status: s?.status ?? 'none',
    hasActiveSubscription: active,
    plan: s?.plan ?? null,
    provider: s?.provider ?? null,
    expiresAt: s?.expiresAt ?? null,
    autoRenew,
    canCancel: autoRenew,
    nextPlan: (autoRenew && s?.nextPlan) || null,
    plans: { monthly: option('monthly'), yearly: option('yearly') },
  };
}

/** GET /api/subscription */
export async function getMembership(session: Session): Promise<MembershipResponse> {
  return membershipOf(await profileOf(session));
}

/** The sandbox's card subscriptions (`sandbox_<id>`) live in the table only: no provider call. */
const isSandboxSubscription = (subscriptionId: string) => subscriptionId.startsWith('sandbox_');

async function stripeOnly(): Promise<CardProvider> {
  const provider = await withProvider(cardProvider);
  if (provider.name !== 'stripe') throw conflict('This subscription cannot be changed in sandbox mode.');
  return provider;
}

/** POST /api/subscription/cancel: auto-renewal off (Stripe cancel_at_period_end); access runs to the period end. */
export async function cancelAutoRenewal(session: Session): Promise<MembershipResponse> {
  const profile = await profileOf(session);
  const s = profile.subscription;
  if (!membershipOf(profile).canCancel || !s?.subscriptionId) throw conflict('There is no auto-renewing subscription to cancel.');
  if (!isSandboxSubscription(s.subscriptionId)) {
    const provider = await stripeOnly();
    await withProvider(() => provider.cancelAtPeriodEnd(s.subscriptionId!));
  }
  await turnOffAutoRenew(session.sub, s.subscriptionId);
  const { nextPlan: _dropped, ...rest } = s;
  return membershipOf({ ...profile, subscription: { ...rest, autoRenew: false } });
}

/**
 * POST /api/subscription/change {plan}: the renewing card subscription switches to `plan` at the end
 * of the period it has paid (no proration, nothing charged now: Stripe subscription schedule), or,
 * asked for the current plan while a switch is scheduled, keeps it. Anything else is a 409.
 */
export async function changePlan(session: Session, input: ChangePlanRequest): Promise<MembershipResponse> {
  const profile = await profileOf(session);
  const rule = planRules(profile.subscription)[input.plan];
  const s = profile.subscription;
  if (rule.change || !s?.subscriptionId) throw conflict(rule.change ?? 'There is no renewing card subscription to switch.');
  const nextPlan = rule.action === 'keep' ? null : input.plan;
  if (!isSandboxSubscription(s.subscriptionId)) {
    const provider = await stripeOnly();
    await withProvider(() => provider.schedulePlanChange(s.subscriptionId!, nextPlan));
  }
  if (!(await setNextPlan(session.sub, s.subscriptionId, nextPlan))) throw conflict('Your subscription changed meanwhile. Reload and try again.');
  const { nextPlan: _old, ...rest } = s;
  return membershipOf({ ...profile, subscription: { ...rest, ...(nextPlan ? { nextPlan } : {}) } });
}
