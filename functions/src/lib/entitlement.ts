import { type TransactItem, keys, tableName } from './db';
import { forbidden } from './http-error';
import { type AppRequest } from './request';
import { type Profile, hasActiveSubscription } from './users';

export const SUBSCRIPTION_REQUIRED = 'An active subscription is required';

/** Deferred checks only (RouteDef.entitlementInHandler): is this request's subscription still to be checked? */
export const entitlementDeferred = (req: AppRequest): boolean => req.entitlement === 'deferred';

/**
 * A ConditionCheck on the caller's profile that holds only with an active subscription (the rule of
 * users.hasActiveSubscription: status active and no expiry or one in the future). Put it FIRST in a
 * transaction; a cancellation on item 0 means 403.
 */
export function entitlementConditionCheck(sub: string, now = new Date()): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.profile(sub),
      ConditionExpression: '#s.#st = :active AND (attribute_not_exists(#s.#exp) OR attribute_type(#s.#exp, :null) OR #s.#exp > :now)',
      ExpressionAttributeNames: { '#s': 'subscription', '#st': 'status', '#exp': 'expiresAt' },
      ExpressionAttributeValues: { ':active': 'active', ':null': 'NULL', ':now': now.toISOString() },
    },
  };
}

/** For a profile read in the handler's own BatchGet: 403 unless the subscription is active. */
export function assertEntitled(profile: Pick<Profile, 'subscription'> | undefined, now = new Date()): void {
  if (!hasActiveSubscription(profile, now)) throw forbidden(SUBSCRIPTION_REQUIRED);
}
