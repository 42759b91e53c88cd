import { BatchGetCommand, QueryCommand, type QueryCommandInput, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { outsideCheck, pendingCheck, profileConditionCheck, profileKey, settleWithProfile } from '../profile-check';
import { HttpError } from '../http-error';
import { type Profile } from '../users';
import { ddb, tableName } from './client';

/**
 * The data toolkit every repository uses: one transaction helper with one retry policy and one
 * outcome type, BatchGet that retries unprocessed keys, the item-to-record strip and the pager.
 * While a request's profile check is pending, `transact` and `batchGet` carry it in the same
 * round trip (lib/profile-check.ts).
 */

export type Item = Record<string, unknown>;
export interface Key {
  pk: string;
  sk: string;
}
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A transaction committed, or the index of the (first) item whose condition failed and, when asked for, that item. */
export type TxOutcome = { ok: true } | { ok: false; failed: number; item?: Item };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Attempts of one transaction (and BatchGet rounds) before the request is answered 503. */
export const MAX_ATTEMPTS = 13;
/** Full jitter, capped: concurrent writers of the same items spread out instead of colliding again. */
const backoff = (attempt: number) => sleep(Math.random() * Math.min(400, 10 * 2 ** attempt));
const busy = () => new HttpError(503, 'Service busy. Please try again shortly.', { 'Retry-After': '1' });

const RETRYABLE = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/**
 * Runs one TransactWriteItems. A condition failure is an outcome (the index of the failed item and,
 * with ReturnValuesOnConditionCheckFailure, its stored value, unmarshalled); a cancellation only
 * because concurrent transactions touched the same items (the shared counters item makes that
 * common under load) or because of throttling is retried with jittered backoff, and answered 503
 * "Service busy" when it persists. Any other error is thrown as it is.
 */
export async function transact(items: TransactItem[]): Promise<TxOutcome> {
  const check = pendingCheck();
  // A transaction may not touch an item twice: one that touches the profile is checked by a read first (client.ts send).
  if (!check || items.some((t) => sameKey(touched(t), profileKey(check)))) return transactOnce(items);
  // The profile check rides along as item 0 (lib/profile-check.ts); callers see their own indexes.
  const outcome = await outsideCheck(() => transactOnce([profileConditionCheck(check), ...items]));
  if (!outcome.ok && outcome.failed === 0) {
    // The profile as stored (ALL_OLD; none when it is gone) says which rule refused: always throws.
    settleWithProfile(check, outcome.item as Pick<Profile, 'subscription' | 'sessions'> | undefined);
    throw new Error('A failed profile check let the caller through');
  }
  check.pending = false;
  return outcome.ok ? outcome : { ...outcome, failed: outcome.failed - 1 };
}

async function transactOnce(items: TransactItem[]): Promise<TxOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: items }));
      return { ok: true };
    } catch (err) {
      const e = err as { name?: string; CancellationReasons?: { Code?: string; Item?: Record<string, unknown> }[] } | undefined;
      if (e?.name !== 'TransactionCanceledException') throw err;
      const reasons = e.CancellationReasons ?? [];
      const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
      if (failed >= 0) {
        // The DocumentClient does not unmarshall cancellation reasons: the item is in wire format.
        const item = reasons[failed]?.Item;
        return { ok: false, failed, ...(item ? { item: unmarshall(item as never) } : {}) };
      }
      if (!reasons.some((r) => RETRYABLE.has(r.Code ?? ''))) throw err;
      if (attempt >= MAX_ATTEMPTS) throw busy();
      await backoff(attempt);
    }
  }
}

/** For an outcome whose transaction has no condition that may fail at that index. */
export const unexpectedFailure = (o: { failed: number }) => new Error(`Transaction item ${o.failed} failed a condition that cannot fail`);

const keyOf = (k: { pk?: unknown; sk?: unknown }) => `${String(k.pk)}|${String(k.sk)}`;
const sameKey = (a: { pk?: unknown; sk?: unknown } | undefined, b: Key) => a !== undefined && keyOf(a) === keyOf(b);
const touched = (t: TransactItem): Item | undefined => t.Put?.Item ?? t.Update?.Key ?? t.Delete?.Key ?? t.ConditionCheck?.Key;

/**
 * One BatchGetItem (up to 100 keys); keys DynamoDB leaves unprocessed are asked again with backoff.
 * Answers the items in the order of `keyList` (undefined where there is none).
 */
export async function batchGet(keyList: Key[], o: { consistent?: boolean } = {}): Promise<(Item | undefined)[]> {
  const check = pendingCheck();
  if (!check) return batchGetOnce(keyList, o);
  // The profile check rides along: the caller's profile is read in the same BatchGet, strongly
  // consistent so that a session ended a moment ago is seen ended (lib/profile-check.ts).
  const at = keyList.findIndex((k) => sameKey(k, profileKey(check)));
  const items = await outsideCheck(() => batchGetOnce(at >= 0 ? keyList : [...keyList, profileKey(check)], { ...o, consistent: true }));
  const profile = items[at >= 0 ? at : keyList.length] as Pick<Profile, 'subscription' | 'sessions'> | undefined;
  settleWithProfile(check, profile);
  return at >= 0 ? items : items.slice(0, -1);
}

async function batchGetOnce(keyList: Key[], o: { consistent?: boolean }): Promise<(Item | undefined)[]> {
  const found = new Map<string, Item>();
  let pending: Key[] = keyList;
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    if (attempt > 1) {
      if (attempt > MAX_ATTEMPTS) throw busy();
      await backoff(attempt);
    }
    const res = await ddb().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ...(o.consistent ? { ConsistentRead: true } : {}) } } }),
    );
    for (const it of res.Responses?.[tableName()] ?? []) found.set(keyOf(it), it);
    pending = (res.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Key[];
  }
  return keyList.map((k) => found.get(keyOf(k)));
}

/** The record an item stores, without the table's own attributes (keys, gsi1 keys, entity tag). */
export function fromItem<T>(item: Item): T {
  const { pk: _pk, sk: _sk, gsi1pk: _gpk, gsi1sk: _gsk, entity: _entity, ...rest } = item;
  return rest as T;
}

/** One page of a Query (the table name is filled in) and the key to continue from. */
export async function queryPage(input: Omit<QueryCommandInput, 'TableName'>): Promise<{ items: Item[]; lastKey: Item | undefined }> {
  const res = await ddb().send(new QueryCommand({ TableName: tableName(), ...input }));
  return { items: res.Items ?? [], lastKey: res.LastEvaluatedKey };
}

/** Every item a Query matches, following the pages (one call unless the result exceeds 1 MB). */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await queryPage({ ...input, ExclusiveStartKey: start });
    items.push(...page.items);
    start = page.lastKey;
  } while (start);
  return items;
}
