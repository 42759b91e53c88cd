import { AsyncLocalStorage } from 'node:async_hooks';
import { keys } from './db/keys';
import { getEnv } from './env';
import { HttpError, forbidden } from './http-error';
import { type Profile, hasActiveSubscription, hasLiveSession } from './users';

/**
 * The one place that checks, on every signed-in route, that the caller's session is still live
 * (DESIGN.md section 6: a session ends when it is ended) and, on subscriber routes, the
 * subscription rule (users.hasActiveSubscription) (docs/decisions/0011, 0013).
 *
 * The access middleware opens a check for a signed-in caller and the dispatcher runs the route
 * inside it (`runChecked`). While the check is pending, the request's first DynamoDB call makes it:
 * the toolkit's `batchGet` reads the profile in the same BatchGet, its `transact` puts a
 * ConditionCheck on the profile first, a GetItem of the profile itself settles it with what it reads,
 * and any other command is preceded by one GetItem of the profile (the client's `send`,
 * lib/db/client.ts). A route that made no DynamoDB call is checked by the access middleware when it
 * finishes. An ended session is 401 (and the cookies are cleared); a missing subscription is 403
 * `SUBSCRIPTION_REQUIRED`; either way every later command of the request is refused too.
 */

export const SUBSCRIPTION_REQUIRED = 'An active subscription is required';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** An ended (or unknown) session: the access middleware clears the cookies with the 401. */
export class SessionEndedError extends HttpError {
  constructor() {
    super(401, SESSION_ENDED);
  }
}

/** users.hasLiveSession as a condition on the profile item. */
const LIVE_SESSION_CONDITION = '#ss.#key > :nowSeconds';
/** The rule of users.hasActiveSubscription (SPEC 4) as a condition on the profile item. */
const ACTIVE_CONDITION = '#s.#st = :active AND (attribute_not_exists(#s.#exp) OR attribute_type(#s.#exp, :null) OR #s.#exp > :now)';

/** One request's check of the caller's profile. */
export interface ProfileCheck {
  readonly sub: string;
  /** the session's key in the profile's `sessions` map (users.sessionKeyOf) */
  readonly sessionKey: string;
  /** subscriber routes for a non-admin: the subscription rule too */
  readonly requireSubscription: boolean;
  readonly now: Date;
  /** no DynamoDB call has made the check yet */
  pending: boolean;
  /** the check ran and refused the caller (the error every later command throws again) */
  refusal?: HttpError;
  /** reads the caller's profile (injected: this module sits below the DynamoDB client) */
  readonly read: () => Promise<Pick<Profile, 'subscription' | 'sessions'> | undefined>;
  /** the profile read in flight, shared by concurrent commands */
  reading?: Promise<void>;
}

const scope = new AsyncLocalStorage<ProfileCheck>();

export function profileCheck(
  p: { sub: string; sessionKey: string; requireSubscription: boolean },
  read: ProfileCheck['read'],
  now = new Date(),
): ProfileCheck {
  return { ...p, now, pending: true, read };
}

/** Runs a route implementation inside its request's check (or as it is when there is none). */
export const runChecked = <T>(check: ProfileCheck | undefined, work: () => Promise<T>): Promise<T> => (check ? scope.run(check, work) : work());

/**
 * The check a DynamoDB call of this request must make first, if it is still pending; throws when
 * the check has already refused the caller (fail closed: nothing else is read or written).
 */
export function pendingCheck(): ProfileCheck | undefined {
  const check = scope.getStore();
  if (check?.refusal) throw check.refusal;
  return check?.pending ? check : undefined;
}

/** Runs DynamoDB work that carries the check itself (or is the check's own read) outside the scope. */
export const outsideCheck = <T>(work: () => T): T => scope.exit(work);

/** Records the check from the caller's profile as read (undefined when there is none): 401, 403 or nothing. */
export function settleWithProfile(check: ProfileCheck, profile: Pick<Profile, 'subscription' | 'sessions'> | undefined): void {
  check.pending = false;
  if (!hasLiveSession(profile, check.sessionKey, check.now)) check.refusal = new SessionEndedError();
  else if (check.requireSubscription && !hasActiveSubscription(profile, check.now)) check.refusal = forbidden(SUBSCRIPTION_REQUIRED);
  if (check.refusal) throw check.refusal;
}

/** Makes the check with one read of the profile (concurrent callers share it). */
export function settleByRead(check: ProfileCheck): Promise<void> {
  check.reading ??= outsideCheck(check.read).then((profile) => settleWithProfile(check, profile));
  return check.reading;
}

export const profileKey = (check: ProfileCheck) => keys.profile(check.sub);

/**
 * A ConditionCheck on the caller's profile that holds only while the check passes. When it fails,
 * DynamoDB returns the profile as stored (ALL_OLD), and settleWithProfile tells 401 from 403.
 */
export function profileConditionCheck(check: ProfileCheck) {
  const session: { names: Record<string, string>; values: Record<string, unknown> } = {
    names: { '#ss': 'sessions', '#key': check.sessionKey },
    values: { ':nowSeconds': Math.floor(check.now.getTime() / 1000) },
  };
  const subscription: typeof session = check.requireSubscription
    ? {
        names: { '#s': 'subscription', '#st': 'status', '#exp': 'expiresAt' },
        values: { ':active': 'active', ':null': 'NULL', ':now': check.now.toISOString() },
      }
    : { names: {}, values: {} };
  return {
    ConditionCheck: {
      TableName: getEnv().tableName,
      Key: profileKey(check),
      ConditionExpression: check.requireSubscription ? `${LIVE_SESSION_CONDITION} AND ${ACTIVE_CONDITION}` : LIVE_SESSION_CONDITION,
      ExpressionAttributeNames: { ...session.names, ...subscription.names },
      ExpressionAttributeValues: { ...session.values, ...subscription.values },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}
