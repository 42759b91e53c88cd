import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { activityLogItems } from '../lib/activity-log';
import { ddb, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { GSI1 } from '../lib/db/table';
import { type Item, type Key, batchGet, queryAll, transact, unexpectedFailure } from '../lib/db/toolkit';
import { outsideCheck, pendingCheck, settleWithProfile } from '../lib/profile-check';
import { emailReleaseItem } from '../lib/profile-repository';

/**
 * The account's whole item collection and what points out of it (decision 0021): every `USER#<sub>`
 * item, the feedback items its `FEEDBACK#<id>` pointers name, and its activity-log entries (gsi1
 * `LOGUSER#<sub>`).
 */

const isProfile = (it: Item) => it.sk === 'PROFILE';

/**
 * Every item of `USER#<sub>` (a paginated Query, strongly consistent), so kinds added later are
 * included without a change here. The request's profile check is made with the profile the Query
 * returns (no read of its own): nothing is answered before it has settled.
 */
export async function accountItems(sub: string): Promise<Item[]> {
  const check = pendingCheck();
  const items = await outsideCheck(() =>
    queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.profile(sub).pk }, ConsistentRead: true }),
  );
  if (check) settleWithProfile(check, items.find(isProfile) as never);
  return items;
}

/** The feedback items that pointers name (BatchGet, 100 keys a call). */
export async function feedbackItems(ids: string[]): Promise<Item[]> {
  const out: Item[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const found = await batchGet(ids.slice(i, i + 100).map((id) => keys.feedback(id)));
    out.push(...found.filter((it): it is Item => it !== undefined));
  }
  return out;
}

/** Marks the profile as being deleted (a retry after a failure half-way skips the password check once Cognito has no user). */
export async function markDeleting(sub: string, now: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.profile(sub),
      UpdateExpression: 'SET deletingSince = if_not_exists(deletingSince, :now)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now },
    }),
  );
}

const swallowMissing = (err: unknown) => {
  if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
};

/** Runs `work` over `list` with at most `width` at a time. */
async function inBatches<T>(list: T[], width: number, work: (t: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < list.length; i += width) await Promise.all(list.slice(i, i + width).map(work));
}

const ANONYMOUS = 'a deleted user';

/** Replaces the names a text holds (username, email) with `a deleted user`. */
export function anonymised(text: string, names: string[]): string {
  let out = text;
  // longest first: an email holds the username, and must go whole
  for (const n of names.filter((x) => x.length > 0).sort((a, b) => b.length - a.length)) out = out.split(n).join(ANONYMOUS);
  return out;
}

/** Feedback keeps its message, category, rating and status; author, name and email go (an item already gone is skipped). */
export async function anonymiseFeedback(ids: string[]): Promise<void> {
  await inBatches(ids, 10, (id) =>
    ddb()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.feedback(id),
          UpdateExpression: 'SET userId = :deleted, email = :none REMOVE #name',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':deleted': 'deleted', ':none': '' },
        }),
      )
      .then(() => undefined, swallowMissing),
  );
}

/**
 * Every activity-log entry of the account (gsi1 `LOGUSER#<sub>`) keeps its action and time; its
 * details lose the username and email, the entry its user id, address and index keys (so a retry
 * finds only the ones not done yet).
 */
export async function anonymiseLogs(sub: string, names: string[]): Promise<number> {
  const entries = await queryAll({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userLogGsi1pk(sub) },
  });
  await inBatches(entries, 10, (e) =>
    ddb()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: e.pk, sk: e.sk },
          UpdateExpression: 'SET details = :details, userId = :none REMOVE ipAddress, gsi1pk, gsi1sk',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':details': anonymised(String(e.details ?? ''), names), ':none': null },
        }),
      )
      .then(() => undefined, swallowMissing),
  );
  return entries.length;
}

/**
 * Deletes the items, 100 a transaction (TransactWriteItems rather than BatchWriteItem: the same
 * per-item IAM actions and capacity record as every other write; a deletion is rare, so the double
 * write cost of a transaction does not matter).
 */
export async function deleteItems(list: Key[]): Promise<void> {
  for (let i = 0; i < list.length; i += 100) {
    const outcome = await transact(list.slice(i, i + 100).map((k) => ({ Delete: { TableName: tableName(), Key: { pk: k.pk, sk: k.sk } } })));
    if (!outcome.ok) throw unexpectedFailure(outcome); // no conditions
  }
}

/**
 * The last step: the profile goes with the `account_deleted` entry (no personal data in it) and the
 * release of its email address (one account per email, decision 0024) in one transaction.
 */
export async function deleteProfileAndLog(sub: string, email: string, now: Date): Promise<void> {
  const outcome = await transact([
    { Delete: { TableName: tableName(), Key: keys.profile(sub) } },
    emailReleaseItem(email, sub),
    ...activityLogItems({ action: 'account_deleted', userId: null, details: 'An account was deleted by its owner', ipAddress: '', now }),
  ]);
  if (!outcome.ok) throw unexpectedFailure(outcome);
}
