import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './db/client';
import { keys } from './db/keys';
import { type Item, type TransactItem, fromItem, transact, unexpectedFailure } from './db/toolkit';
import { type Profile } from './users';

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

/** Creates the profile of a new account together with `alsoWrite` (its activity log) in one transaction. */
export async function createProfile(profile: Profile, alsoWrite: TransactItem[]): Promise<void> {
  const outcome = await transact([{ Put: putNew(profile) }, ...alsoWrite]);
  if (!outcome.ok) throw unexpectedFailure(outcome); // Cognito just issued this sub
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
