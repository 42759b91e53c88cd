import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './db/client';
import { keys } from './db/keys';
import { type Item, type TransactItem, fromItem, transact, unexpectedFailure } from './db/toolkit';
import { type Profile } from './users';

/** The one repository of the profile item `USER#<sub>` / `PROFILE` (lib/users.ts has the type and its rules). */

export const profileItem = (profile: Profile) => ({ ...keys.profile(profile.id), entity: 'PROFILE', ...profile });

/** A profile item as read (BatchGet, Query): the record without the table's attributes. */
export const profileFromItem = (item: Item): Profile => fromItem<Profile>(item);

export async function getProfile(sub: string): Promise<Profile | undefined> {
  const res = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.profile(sub) }));
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
