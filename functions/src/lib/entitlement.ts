import { AsyncLocalStorage } from 'node:async_hooks';
import { keys } from './db/keys';
import { getEnv } from './env';
import { forbidden } from './http-error';
import { type Profile, hasActiveSubscription } from './users';

/**
 * The one place that enforces the subscription rule (users.hasActiveSubscription) on subscriber routes
 * (docs/decisions/0007).
 *
 * For a signed-in non-admin on a subscriber route the access middleware opens a check
 * (`subscriptionCheck`) and the dispatcher runs the route inside it (`runChecked`). While the check
 * is pending, the request's first DynamoDB call makes it: the toolkit's `batchGet` reads the profile
 * in the same BatchGet, its `transact` puts a ConditionCheck on the profile first, and any other
 * command is preceded by one GetItem of the profile (the client middleware, lib/db/client.ts). A route
 * that made no DynamoDB call is checked by the access middleware when it finishes. A failed check is
 * 403 `SUBSCRIPTION_REQUIRED`, and every later command of the request is refused too.
 */

export const SUBSCRIPTION_REQUIRED = 'An active subscription is required';

/** The rule of users.hasActiveSubscription (SPEC 4) as a condition on the profile item, for a ConditionCheck. */
const ACTIVE_CONDITION = '#s.#st = :active AND (attribute_not_exists(#s.#exp) OR attribute_type(#s.#exp, :null) OR #s.#exp > :now)';

/** One request's subscription check. */
export interface SubscriptionCheck {
  readonly sub: string;
  readonly now: Date;
  /** no DynamoDB call has checked the subscription yet */
  pending: boolean;
  /** the check ran and the caller has no active subscription */
  refused: boolean;
  /** reads the caller's profile (injected: this module sits below the DynamoDB client) */
  readonly read: () => Promise<Pick<Profile, 'subscription'> | undefined>;
  /** the profile read in flight, shared by concurrent commands */
  reading?: Promise<void>;
}

const scope = new AsyncLocalStorage<SubscriptionCheck>();

export function subscriptionCheck(sub: string, read: SubscriptionCheck['read'], now = new Date()): SubscriptionCheck {
  return { sub, now, pending: true, refused: false, read };
}

/** Runs a route implementation inside its request's check (or as it is when there is none). */
export const runChecked = <T>(check: SubscriptionCheck | undefined, work: () => Promise<T>): Promise<T> => (check ? scope.run(check, work) : work());

/**
 * The check a DynamoDB call of this request must make first, if it is still pending; throws 403 when
 * the check has already failed (fail closed: nothing else is read or written for that request).
 */
export function pendingCheck(): SubscriptionCheck | undefined {
  const check = scope.getStore();
  if (check?.refused) throw forbidden(SUBSCRIPTION_REQUIRED);
  return check?.pending ? check : undefined;
}

/** Runs DynamoDB work that carries the check itself (or is the check's own read) outside the scope. */
export const outsideCheck = <T>(work: () => T): T => scope.exit(work);

/** Records the result of the check; 403 unless the caller is entitled. */
export function settle(check: SubscriptionCheck, entitled: boolean): void {
  check.pending = false;
  if (!entitled) check.refused = true;
  if (check.refused) throw forbidden(SUBSCRIPTION_REQUIRED);
}

/** Records the check from the caller's profile as read (undefined when there is none); 403 unless it passes the rule. */
export function settleWithProfile(check: SubscriptionCheck, profile: Pick<Profile, 'subscription'> | undefined): void {
  settle(check, hasActiveSubscription(profile, check.now));
}

/** Makes the check with one read of the profile (concurrent callers share it). */
export function settleByRead(check: SubscriptionCheck): Promise<void> {
  check.reading ??= outsideCheck(check.read).then((profile) => settleWithProfile(check, profile));
  return check.reading;
}

export const profileKey = (check: SubscriptionCheck) => keys.profile(check.sub);

/** A ConditionCheck on the caller's profile that holds only with an active subscription. */
export function profileConditionCheck(check: SubscriptionCheck) {
  return {
    ConditionCheck: {
      TableName: getEnv().tableName,
      Key: profileKey(check),
      ConditionExpression: ACTIVE_CONDITION,
      ExpressionAttributeNames: { '#s': 'subscription', '#st': 'status', '#exp': 'expiresAt' },
      ExpressionAttributeValues: { ':active': 'active', ':null': 'NULL', ':now': check.now.toISOString() },
    },
  };
}
