import { createHash, randomBytes } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulidx';
import { type Plan } from '../../contract/billing';
import { activityLogItems } from '../../lib/activity-log';
import { ddb, tableName } from '../../lib/db/client';
import { keys } from '../../lib/db/keys';
import { type Item, batchGet, fromItem, queryPage, transact } from '../../lib/db/toolkit';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { profileFromItem } from '../../lib/profile-repository';
import { type Profile } from '../../lib/users';
import { PRICES } from '../prices';
import { type TransactItem } from '../../lib/db/toolkit';
import { type CardProvider, type CardSubscriptionState, type PaypalCaptureState, type PaypalOrderState, type PaypalProvider, type PaypalWebhookApi, type SandboxBuyer, type SandboxCardResult } from './types';

/**
 * The sandbox adapter (sandbox mode: no provider keys, the local default). It stands in for
 * Stripe and PayPal behind the same interfaces, keeping its "provider objects" in the table under
 * their owner (`USER#<sub>` / `SANDBOX#CARD#<id>`, `SANDBOX#PAYPAL#<id>`), so another user's
 * secret or order id simply does not exist. Like Stripe and PayPal it never activates anything itself:
 * it answers the payment (and the writes that commit it), and the billing service activates.
 */

const TTL_SECONDS = 30 * 86_400;
const ttl = (now = new Date()) => Math.floor(now.getTime() / 1000) + TTL_SECONDS;

const SANDBOX_CARDS = { succeeds: '4242424242424242', declined: '4000000000000002' } as const;
const DECLINED_MESSAGE = 'Your card was declined.';

interface SandboxCard {
  id: string;
  plan: Plan;
  amount: number;
  currency: string;
  secret: string;
  /** canceled: replaced by a checkout of the other plan; refunded: by the admin refund */
  status: 'incomplete' | 'paid' | 'canceled' | 'refunded';
  createdAt: string;
}

interface SandboxOrder {
  id: string;
  plan: Plan;
  amount: number;
  currency: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  /** what the capture answers: COMPLETED, or PENDING when the buyer asked for one (until PayPal completes it) */
  captureStatus?: 'COMPLETED' | 'PENDING' | 'REFUNDED';
  createdAt: string;
}

const CLIENT_SECRET = /^sandbox_([0-9A-HJKMNP-TV-Z]{26})_secret_([A-Za-z0-9_-]{16,64})$/;
const ORDER_ID = /^SANDBOX-([0-9A-HJKMNP-TV-Z]{26})$/;

/** `sandbox_<id>_secret_<random>`: the id names the sandbox subscription, the random part proves the secret. */
function parseClientSecret(secret: string): { id: string; secret: string } | null {
  const m = CLIENT_SECRET.exec(secret);
  return m ? { id: m[1]!, secret: m[2]! } : null;
}

const orderKeyId = (orderId: string): string | null => ORDER_ID.exec(orderId)?.[1] ?? null;

/** A sandbox object without its TTL (the table's own attributes go with fromItem). */
const strip = <T>(item: Item): T => {
  const { expiresAt: _x, ...rest } = fromItem<Item>(item);
  return rest as T;
};

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The sandbox subscription a user's checkout of `plan` pays in this generation of their
 * entitlement (the profile's subscriptionVersion, which every activation moves on): the same id for
 * every start until one is paid, so concurrent or repeated starts reuse one subscription and never
 * make a second (Stripe: the idempotency key and the reuse of the incomplete subscription). Shaped
 * like a ULID (26 Crockford base-32 characters), unique per user, plan and generation.
 */
function checkoutId(userId: string, plan: Plan, generation: number): string {
  const hash = createHash('sha256').update(`${userId}#${plan}#${generation}`).digest();
  return Array.from(hash.subarray(0, 26), (b) => CROCKFORD[b & 31]).join('');
}

const otherPlan = (plan: Plan): Plan => (plan === 'monthly' ? 'yearly' : 'monthly');

export const sandboxCardProvider: CardProvider = {
  name: 'sandbox',
  /**
   * One transaction: this plan's sandbox subscription of the current generation, new or reused
   * (an unpaid one gets a fresh secret: only the latest checkout can pay it), and the other plan's
   * unpaid one cancelled (a checkout left open in another tab can no longer pay). The entitlement
   * rules were applied by the billing service to the profile, which is the sandbox's whole state.
   */
  async createSubscription(profile: Profile, plan: Plan) {
    const generation = profile.subscriptionVersion ?? 0;
    const id = checkoutId(profile.id, plan, generation);
    const secret = randomBytes(18).toString('base64url');
    const now = new Date();
    const names = { '#st': 'status', '#id': 'id', '#plan': 'plan', '#entity': 'entity', '#exp': 'expiresAt' };
    const outcome = await transact([
      {
        Update: {
          TableName: tableName(),
          Key: keys.sandboxPayment(profile.id, 'CARD', id),
          UpdateExpression:
            'SET #entity = :entity, #id = :id, #plan = :plan, amount = :amount, currency = :currency, secret = :secret, #st = :incomplete, createdAt = if_not_exists(createdAt, :now), #exp = :ttl',
          ConditionExpression: 'attribute_not_exists(#st) OR #st <> :paid',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: {
            ':entity': 'SANDBOX_CARD',
            ':id': id,
            ':plan': plan,
            ':amount': PRICES[plan].amount,
            ':currency': PRICES[plan].currency,
            ':secret': secret,
            ':incomplete': 'incomplete',
            ':paid': 'paid',
            ':now': now.toISOString(),
            ':ttl': ttl(now),
          },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: keys.sandboxPayment(profile.id, 'CARD', checkoutId(profile.id, otherPlan(plan), generation)),
          UpdateExpression: 'SET #entity = :entity, #plan = :plan, #st = :canceled, #exp = if_not_exists(#exp, :ttl)',
          ConditionExpression: 'attribute_not_exists(#st) OR #st <> :paid',
          ExpressionAttributeNames: { '#st': 'status', '#plan': 'plan', '#entity': 'entity', '#exp': 'expiresAt' },
          ExpressionAttributeValues: { ':entity': 'SANDBOX_CARD', ':plan': otherPlan(plan), ':canceled': 'canceled', ':paid': 'paid', ':ttl': ttl(now) },
        },
      },
    ]);
    // Paid in this generation already: the activation that moves the generation on is under way.
    if (!outcome.ok) throw new HttpError(409, 'Your payment has just gone through. Reload to see your plan.');
    return { clientSecret: `sandbox_${id}_secret_${secret}` };
  },
  async schedulePlanChange() {
    // The sandbox keeps no renewal schedule: the switch is the profile's nextPlan alone.
  },
  async findPaidSubscription(profile: Profile) {
    const { items } = await queryPage({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${profile.id}`, ':prefix': 'SANDBOX#CARD#' },
      ScanIndexForward: false,
      Limit: 20,
    });
    const paid = items.map((i) => strip<SandboxCard>(i)).find((c) => c.status === 'paid');
    if (!paid) return null;
    const state: CardSubscriptionState = {
      subscriptionId: `sandbox_${paid.id}`,
      userId: profile.id,
      plan: paid.plan,
      status: 'active',
      periodStart: null,
      periodEnd: null,
      endedAt: null,
      cancelAtPeriodEnd: false,
      paidInvoice: { id: paid.id, amount: paid.amount, currency: paid.currency },
      nextPlan: null,
    };
    return state;
  },
  async cancelAtPeriodEnd() {
    // The sandbox keeps no renewal schedule: turning auto-renewal off is the profile change alone.
  },
  async cancelAllNow() {
    // The sandbox's subscriptions live on the profile only: deleting it ends them.
    return [];
  },
};

/**
 * POST /api/sandbox/card/confirm: 4242 4242 4242 4242 pays (the billing service then activates the
 * user exactly as after Stripe's invoice.paid), 4000 0000 0000 0002 is declined, anything else is a 400.
 */
async function confirmCard(userId: string, clientSecret: string, cardNumber: string, ip: string): Promise<SandboxCardResult> {
  const parsed = parseClientSecret(clientSecret);
  if (!parsed) throw badRequest('clientSecret: not a sandbox client secret');
  const number = cardNumber.replace(/[\s-]/g, '');
  if (number !== SANDBOX_CARDS.succeeds && number !== SANDBOX_CARDS.declined) {
    throw badRequest('cardNumber: use the sandbox test card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline)');
  }
  const cardKey = keys.sandboxPayment(userId, 'CARD', parsed.id);
  const [cardItem, profileItem] = await batchGet([cardKey, keys.profile(userId)]);
  if (!cardItem || cardItem.secret !== parsed.secret) throw notFound('Payment not found');
  if (!profileItem) throw notFound('Profile not found');
  const card = strip<SandboxCard>(cardItem);
  if (card.status === 'paid') return { status: 'succeeded' };
  if (card.status === 'canceled') throw new HttpError(409, `This checkout was replaced by one for the other plan. Please start again from Choose Your Plan.`);
  if (number === SANDBOX_CARDS.declined) {
    await transact(
      activityLogItems({
        action: 'payment_failed',
        userId: userId,
        details: `Sandbox card declined for the ${card.plan} plan (${card.id})`,
        ipAddress: ip,
      }),
    );
    return { status: 'declined', message: DECLINED_MESSAGE };
  }
  return {
    status: 'paid',
    payment: { provider: 'sandbox-card', id: card.id, plan: card.plan, amount: card.amount, currency: card.currency },
    subscriptionId: `sandbox_${card.id}`,
    profile: profileFromItem(profileItem),
    // The card turns paid inside the activation transaction: paid = activated.
    commitItems: [
      {
        Update: {
          TableName: tableName(),
          Key: cardKey,
          UpdateExpression: 'SET #st = :paid, paidAt = :now',
          ConditionExpression: '#st = :incomplete',
          ExpressionAttributeNames: { '#st': 'status' },
          ExpressionAttributeValues: { ':paid': 'paid', ':incomplete': 'incomplete', ':now': new Date().toISOString() },
        },
      },
    ],
  };
}

/** The update that moves a sandbox order to `to`, only from one of the statuses `from`. */
function moveOrder(userId: string, id: string, from: SandboxOrder['status'][], to: SandboxOrder['status']) {
  const fromValues = Object.fromEntries(from.map((status, i) => [`:from${i}`, status]));
  return {
    TableName: tableName(),
    Key: keys.sandboxPayment(userId, 'PAYPAL', id),
    UpdateExpression: 'SET #st = :to',
    ConditionExpression: `attribute_exists(pk) AND #st IN (${Object.keys(fromValues).join(', ')})`,
    ExpressionAttributeNames: { '#st': 'status' },
    ExpressionAttributeValues: { ':to': to, ...fromValues },
  };
}

/** POST /api/sandbox/paypal/{orderId}/approve: the buyer approves their own sandbox order. */
async function approveOrder(userId: string, orderId: string, captureStatus: 'COMPLETED' | 'PENDING' = 'COMPLETED') {
  const id = orderKeyId(orderId);
  if (!id) throw notFound('Order not found');
  // One transaction, so that the request's profile check rides along (lib/profile-check.ts); a failed
  // condition answers the order as stored (ALL_OLD): none is 404, one in another state is captured.
  const move = moveOrder(userId, id, ['CREATED', 'APPROVED'], 'APPROVED');
  const update = {
    ...move,
    UpdateExpression: `${move.UpdateExpression}, captureStatus = :capture`,
    ExpressionAttributeValues: { ...move.ExpressionAttributeValues, ':capture': captureStatus },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
  };
  const outcome = await transact([{ Update: update }]);
  if (!outcome.ok) {
    if (!outcome.item) throw notFound('Order not found');
    throw new HttpError(422, 'This order is already captured.');
  }
  return { id: orderId, status: 'APPROVED' as const };
}

export const sandboxBuyer: SandboxBuyer = { confirmCard, approveOrder };

function orderState(order: SandboxOrder, userId: string): PaypalOrderState {
  return {
    id: `SANDBOX-${order.id}`,
    status: order.status,
    userId,
    plan: order.plan,
    capture: order.status === 'COMPLETED' ? { id: `SANDBOX-${order.id}`, status: order.captureStatus ?? 'COMPLETED', amount: order.amount, currency: order.currency } : null,
  };
}

export const sandboxPaypalProvider: PaypalProvider = {
  name: 'sandbox',
  async createOrder(userId: string, plan: Plan) {
    const id = ulid();
    const now = new Date();
    const order: SandboxOrder = { id, plan, amount: PRICES[plan].amount, currency: PRICES[plan].currency, status: 'CREATED', createdAt: now.toISOString() };
    await ddb().send(
      new PutCommand({ TableName: tableName(), Item: { ...keys.sandboxPayment(userId, 'PAYPAL', id), entity: 'SANDBOX_ORDER', ...order, expiresAt: ttl(now) } }),
    );
    return { id: `SANDBOX-${id}` };
  },
  async getOrder(userId: string, orderId: string) {
    const id = orderKeyId(orderId);
    if (!id) return null;
    const [orderItem, profileItem] = await batchGet([keys.sandboxPayment(userId, 'PAYPAL', id), keys.profile(userId)]);
    if (!orderItem) return null;
    const order = strip<SandboxOrder>(orderItem);
    return {
      ...orderState(order, userId),
      ...(profileItem ? { profile: profileFromItem(profileItem) } : {}),
      ...(order.status === 'APPROVED' && order.captureStatus === 'PENDING' ? { capturePending: true } : {}),
    };
  },
  async captureOrder(userId: string, orderId: string) {
    const found = await this.getOrder(userId, orderId);
    if (!found) throw notFound('Order not found');
    if (found.status === 'CREATED') throw new HttpError(422, 'The buyer has not approved this order yet.');
    if (found.status === 'COMPLETED') return found;
    const id = orderKeyId(orderId)!;
    if (found.capturePending) {
      // The buyer asked for a capture PayPal holds (PENDING): captured now, nothing is granted until
      // PayPal completes it (POST /api/sandbox/paypal/{orderId}/complete, the webhook's code).
      await ddb().send(new UpdateCommand(moveOrder(userId, id, ['APPROVED'], 'COMPLETED')));
      return { ...found, status: 'COMPLETED', capture: { id: orderId, status: 'PENDING', amount: PRICES[found.plan!].amount, currency: PRICES[found.plan!].currency } };
    }
    // The capture commits inside the activation transaction (commitItems): captured = activated.
    return {
      ...found,
      status: 'COMPLETED',
      capture: { id: orderId, status: 'COMPLETED', amount: PRICES[found.plan!].amount, currency: PRICES[found.plan!].currency },
      commitItems: [
        { Update: moveOrder(userId, id, ['APPROVED'], 'COMPLETED') },
      ],
    };
  },
  async clientToken() {
    return `sandbox_client_token_${randomBytes(12).toString('base64url')}`;
  },
};

/** The sandbox object of a payment takes the refund (its TTL kept, or set again when it expired). */
export function sandboxRefundItems(userId: string, provider: 'sandbox-card' | 'sandbox-paypal', paymentId: string): TransactItem[] {
  const paypal = provider === 'sandbox-paypal';
  const id = paypal ? orderKeyId(paymentId) : paymentId;
  if (!id) return [];
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.sandboxPayment(userId, paypal ? 'PAYPAL' : 'CARD', id),
        UpdateExpression: `SET ${paypal ? 'captureStatus' : '#st'} = :refunded, #exp = if_not_exists(#exp, :ttl)`,
        ExpressionAttributeNames: { '#exp': 'expiresAt', ...(paypal ? {} : { '#st': 'status' }) },
        ExpressionAttributeValues: { ':refunded': paypal ? 'REFUNDED' : 'refunded', ':ttl': ttl() },
      },
    },
  ];
}

/**
 * The sandbox's side of PayPal's webhooks, for one buyer's order: what PayPal would answer when the
 * webhook code (paypal-webhook-service) asks for the capture and its order. `capture` says what
 * the simulated event reports: COMPLETED (a PENDING capture that PayPal completed: the order's
 * capture status moves with the activation, `commitItems`), REFUNDED or REVERSED. The order and the
 * buyer's profile are read once, together.
 */
export function sandboxPaypalWebhookApi(userId: string, capture: 'COMPLETED' | 'REFUNDED' | 'REVERSED'): PaypalWebhookApi {
  let read: Promise<PaypalOrderState | null> | undefined;
  const order = (orderId: string) =>
    (read ??= (async () => {
      const id = orderKeyId(orderId);
      if (!id) return null;
      const [orderItem, profileItem] = await batchGet([keys.sandboxPayment(userId, 'PAYPAL', id), keys.profile(userId)], { consistent: true });
      if (!orderItem) return null;
      const stored = strip<SandboxOrder>(orderItem);
      if (stored.status !== 'COMPLETED') return null;
      const pending = stored.captureStatus === 'PENDING';
      // COMPLETED: PayPal completes a PENDING capture; REFUNDED: the capture is refunded; REVERSED: the capture stays as it was
      const reported = capture === 'REFUNDED' || (capture === 'COMPLETED' && pending) ? capture : stored.captureStatus;
      const state = orderState({ ...stored, ...(reported ? { captureStatus: reported } : {}) }, userId);
      const completes: TransactItem[] =
        capture === 'COMPLETED' && pending
          ? [
              {
                Update: {
                  TableName: tableName(),
                  Key: keys.sandboxPayment(userId, 'PAYPAL', id),
                  UpdateExpression: 'SET captureStatus = :completed',
                  ConditionExpression: 'captureStatus = :pending',
                  ExpressionAttributeValues: { ':completed': 'COMPLETED', ':pending': 'PENDING' },
                },
              },
            ]
          : [];
      return { ...state, ...(profileItem ? { profile: profileFromItem(profileItem) } : {}), ...(completes.length ? { commitItems: completes } : {}) };
    })());
  return {
    async verifySignature() {
      return true; // the sandbox's events are made by the server itself
    },
    async getCapture(captureId) {
      const found = await order(captureId);
      return found?.capture ? ({ id: found.capture.id, status: found.capture.status, orderId: found.id } satisfies PaypalCaptureState) : null;
    },
    getOrder: order,
  };
}
