import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './db/client';
import { keys } from './db/keys';
import { type Item, type TransactItem, fromItem, transact, unexpectedFailure } from './db/toolkit';
import { type Profile, normaliseEmail } from './users';

/** The one repository of the profile item `USER#<sub>` / `PROFILE` (lib/users.ts has the type and its rules). */

export const profileItem = (profile: Profile) => ({ ...keys.profile(profile.id), entity: 'PROFILE', ...profile });

/** A profile item as read (BatchGet, Query): the record without the table's attributes. */
export const profileFromItem = (item: Item): Profile => fromItem<Profile>(item);

/**
 * Strongly consistent: a session ended a moment ago must be seen ended (lib/profile-check.ts), and a
 * request's own read of the caller's profile is the check's read (lib/db/client.ts).
 */
export async function getProfile(sub: string): Promise<Profile | undefined> {
  const res = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.profile(sub), ConsistentRead: true }));
  return res.Item ? profileFromItem(res.Item) : undefined;
}

const putNew = (profile: Profile) => ({ TableName: tableName(), Item: profileItem(profile), ConditionExpression: 'attribute_not_exists(pk)' });

/**
 * Creates the profile of a new account with its claim of the email address (one account per email,
 * decision 0024) and `alsoWrite` in one transaction: 'email-taken' when another account holds the address.
 */
export async function createProfileWithEmail(profile: Profile, alsoWrite: TransactItem[]): Promise<'created' | 'email-taken'> {
  const outcome = await transact([{ Put: putNew(profile) }, emailClaimItem(profile.email, profile.id), ...alsoWrite]);
  if (outcome.ok) return 'created';
  if (outcome.failed === 1) return 'email-taken';
  throw unexpectedFailure(outcome); // Cognito just issued this sub
}

/** The account using an address, if any (a read before sign-up asks Cognito; the claim itself is the race-safe check). */
export async function emailOwner(email: string): Promise<string | undefined> {
  const res = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.emailOwner(normaliseEmail(email)) }));
  return (res.Item as { userId?: string } | undefined)?.userId;
}

/** Creates the profile unless one exists (a Cognito user made by an operator signs in the first time). */
export async function createProfileIfAbsent(profile: Profile): Promise<void> {
  await ddb()
    .send(new PutCommand(putNew(profile)))
    .catch((err: unknown) => {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    });
}

export async function deleteProfile(sub: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: keys.profile(sub) }));
}

/** Live sessions an account keeps at most: past it, the ones that end first are dropped at the next sign-in. */
export const MAX_SESSIONS = 50;

/**
 * The write that starts a session (sign-in), for the sign-in's transaction: adds `key` to the
 * profile's `sessions` map (users.ts) and drops ended entries and, past MAX_SESSIONS, the oldest,
 * all read from `profile` as read just before. A profile from before sessions were kept gets the map.
 */
export function sessionStartItem(profile: Profile, key: string, endsAt: number, now = new Date()): TransactItem {
  const Key = keys.profile(profile.id);
  if (!profile.sessions) {
    return {
      Update: {
        TableName: tableName(),
        Key,
        UpdateExpression: 'SET #ss = :map',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#ss)',
        ExpressionAttributeNames: { '#ss': 'sessions' },
        ExpressionAttributeValues: { ':map': { [key]: endsAt } },
      },
    };
  }
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const live = Object.entries(profile.sessions).filter(([k, end]) => k !== key && end > nowSeconds);
  const kept = new Set(live.sort(([, a], [, b]) => b - a).slice(0, MAX_SESSIONS - 1).map(([k]) => k));
  const dropped = Object.keys(profile.sessions).filter((k) => k !== key && !kept.has(k));
  const names: Record<string, string> = { '#ss': 'sessions', '#k': key };
  dropped.forEach((k, i) => (names[`#d${i}`] = k));
  return {
    Update: {
      TableName: tableName(),
      Key,
      UpdateExpression: `SET #ss.#k = :end${dropped.length ? ` REMOVE ${dropped.map((_k, i) => `#ss.#d${i}`).join(', ')}` : ''}`,
      ConditionExpression: 'attribute_exists(#ss)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':end': endsAt },
    },
  };
}

/** Ends one session (logout). Ending one that has already ended, or of an account that is gone, changes nothing. */
export async function endSession(sub: string, key: string): Promise<void> {
  await ddb()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(sub),
        UpdateExpression: 'REMOVE #ss.#k',
        ConditionExpression: 'attribute_exists(#ss)',
        ExpressionAttributeNames: { '#ss': 'sessions', '#k': key },
      }),
    )
    .catch((err: unknown) => {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    });
}

/**
 * The update that ends every session of the account (sign out everywhere, password change or reset), for a transaction;
 * `keep` is the one session that replaces them all (a password change signs this browser in again).
 */
export const endAllSessionsItem = (sub: string, keep: Record<string, number> = {}): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.profile(sub),
    UpdateExpression: 'SET #ss = :none',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#ss': 'sessions' },
    ExpressionAttributeValues: { ':none': keep },
  },
});

/**
 * One account per email (decision 0024): the item `EMAIL#<normalised>` names the account using that
 * address. Claimed in the same transaction as the profile (sign-up) or the profile's new address
 * (change email), so two concurrent claims cannot both succeed; its condition fails when another
 * account holds the address (the caller answers 409).
 */
export const emailClaimItem = (email: string, sub: string): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...keys.emailOwner(normaliseEmail(email)), entity: 'EMAIL', userId: sub },
    ConditionExpression: 'attribute_not_exists(pk) OR userId = :sub',
    ExpressionAttributeValues: { ':sub': sub },
  },
});

/** Releases an address the account no longer uses (change email, account deletion); never another account's. */
export const emailReleaseItem = (email: string, sub: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: keys.emailOwner(normaliseEmail(email)),
    ConditionExpression: 'attribute_not_exists(pk) OR userId = :sub',
    ExpressionAttributeValues: { ':sub': sub },
  },
});

/** Releases an address on its own (an account removed outside a transaction, e.g. the admin's throwaway test accounts). */
export async function releaseEmail(email: string, sub: string): Promise<void> {
  await ddb()
    .send(new DeleteCommand({ ...emailReleaseItem(email, sub).Delete! }))
    .catch((err: unknown) => {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    });
}
