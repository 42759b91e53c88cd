import { tableName } from '../lib/db/client';
import { CATALOG_COPIES, keys, randomShard } from '../lib/db/keys';
import { type Item, type TransactItem, type TxOutcome, batchGet, queryAll, queryPage, transact, unexpectedFailure } from '../lib/db/toolkit';
import { addDays } from './day-key';
import { type Meal } from '../contract/catalog';
import { type HistoryDay, type Lifetime, type MealEntry, type PushupSet } from '../contract/tracking';
import type { PatchableField } from '../contract/tracking-goals';

/**
 * Items (README access-pattern table):
 * - day     `USER#<sub>` / `DAY#<date>`:            steps, caloriesConsumed, pushups, caloriesBurned
 * - set     `USER#<sub>` / `DAY#<date>#SET#<ulid>`: id, count, createdAt
 * - meal    `USER#<sub>` / `DAY#<date>#MEAL#<ulid>`: id, mealId, name, calories, createdAt (one per add)
 * - totals  `USER#<sub>` / `TOTALS`:                steps, pushups, caloriesBurned (sums of the days'
 *           values) and trackedDays, a string set of the dates with activity (ADD to a set is
 *           idempotent, so "count each day once" needs no read); daysTracked is its size.
 * - idempotency `USER#<sub>` / `IDEMPOTENCY#<key>`:  the set a push-up submission created, TTL 24 h.
 * Every change to a day and to the totals happens in one TransactWriteItems (see decision 0100).
 */

interface DayValues {
  steps: number;
  caloriesConsumed: number;
  pushups: number;
  caloriesBurned: number;
}

export interface DayState {
  /** the stored day values (zeros when the day has no item) */
  values: DayValues;
  /** the fields the day item actually has (a PATCH conditions on the stored value or its absence) */
  present: Set<keyof DayValues>;
}

const FIELDS = ['steps', 'caloriesConsumed', 'pushups', 'caloriesBurned'] as const;
const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function toDayState(item: Item | undefined): DayState {
  const values: DayValues = { steps: 0, caloriesConsumed: 0, pushups: 0, caloriesBurned: 0 };
  const present = new Set<keyof DayValues>();
  for (const f of FIELDS) {
    if (item && typeof item[f] === 'number') {
      values[f] = int(item[f]);
      present.add(f);
    }
  }
  return { values, present };
}

const toPushupSet = (it: Item): PushupSet => ({ id: String(it.id), count: int(it.count), createdAt: String(it.createdAt) });

const toMealEntry = (it: Item): MealEntry => ({
  id: String(it.id),
  mealId: String(it.mealId),
  name: String(it.name),
  calories: int(it.calories),
  createdAt: String(it.createdAt),
});

/**
 * Lifetime steps and calories burned are set-able per day (PATCH sets an absolute value), so the
 * totals item keeps, for each, the sum of every value ever set (`<f>Set`) and the sum of every
 * value those replaced (`<f>Replaced`); the lifetime total is the difference. The value being
 * replaced is today's, kept on the totals item itself as `<f>@<date>`, so one UpdateItem reads and
 * replaces it atomically: exact under any concurrency, without a read or a condition (decision 0100).
 */
const setSum = (f: 'steps' | 'caloriesBurned') => `${f}Set`;
const replacedSum = (f: 'steps' | 'caloriesBurned') => `${f}Replaced`;
const dayValueAttr = (f: 'steps' | 'caloriesBurned', date: string) => `${f}@${date}`;

function toLifetime(item: Item | undefined): Lifetime {
  const tracked = item?.trackedDays;
  const sum = (f: 'steps' | 'caloriesBurned') => Math.max(0, int(item?.[setSum(f)]) - int(item?.[replacedSum(f)]));
  return {
    steps: sum('steps'),
    pushups: Math.max(0, int(item?.pushups)),
    caloriesBurned: sum('caloriesBurned'),
    daysTracked: tracked instanceof Set ? tracked.size : 0,
  };
}

const isTracked = (item: Item | undefined, date: string) => item?.trackedDays instanceof Set && item.trackedDays.has(date);

interface TodayState {
  day: DayState;
  lifetime: Lifetime;
  /** whether the date is already among the tracked days */
  trackedToday: boolean;
}

export async function readToday(sub: string, date: string): Promise<TodayState> {
  const [day, totals] = await batchGet([keys.day(sub, date), keys.totals(sub)], { consistent: true });
  return { day: toDayState(day), lifetime: toLifetime(totals), trackedToday: isTracked(totals, date) };
}

/** The meal (by id, at request time) and today's state, in one round trip. */
export async function readMealAndToday(sub: string, date: string, mealId: string) {
  const [mealItem, dayItem, totals] = await batchGet([keys.catalog('MEAL', mealId, randomShard(CATALOG_COPIES)), keys.day(sub, date), keys.totals(sub)], { consistent: true });
  // A catalogue item without a sane calorie count is not a meal that can be added.
  const meal = mealItem && Number.isInteger(mealItem.calories) && (mealItem.calories as number) >= 0 ? (mealItem as unknown as Meal) : undefined;
  const state: TodayState = { day: toDayState(dayItem), lifetime: toLifetime(totals), trackedToday: isTracked(totals, date) };
  return { meal, ...state };
}

const nowIso = (now: Date) => now.toISOString();

/** SET of the day item's bookkeeping attributes (used by every day update). */
const DAY_SET = 'SET #entity = :dayEntity, #date = :date, updatedAt = :now';
const dayNames = { '#entity': 'entity', '#date': 'date' };
const dayValues = (date: string, now: Date) => ({ ':dayEntity': 'DAY', ':date': date, ':now': nowIso(now) });

function totalsUpdate(sub: string, date: string, add: { pushups?: number }, tracked: boolean): TransactItem | undefined {
  const parts: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [f, v] of Object.entries(add)) {
    if (v === undefined || v === 0) continue;
    parts.push(`${f} :${f}`);
    values[`:${f}`] = v;
  }
  if (tracked) {
    parts.push('trackedDays :day');
    values[':day'] = new Set([date]);
  }
  if (parts.length === 0) return undefined;
  return {
    Update: {
      TableName: tableName(),
      Key: keys.totals(sub),
      UpdateExpression: `SET #entity = :totalsEntity ADD ${parts.join(', ')}`,
      ExpressionAttributeNames: { '#entity': 'entity' },
      ExpressionAttributeValues: { ...values, ':totalsEntity': 'TOTALS' },
    },
  };
}

/** Days before today whose per-day value attributes on the totals item are dropped by each PATCH. */
const STALE_FROM = 3; // "today" differs by at most 2 dates between time zones (UTC+14 vs UTC-12)
const STALE_TO = 40;

/** The REMOVE clause (and its names) of the per-day value attributes 3–40 days back. */
function staleDayValues(field: 'steps' | 'caloriesBurned', date: string): { names: Record<string, string>; remove: string } {
  const names: Record<string, string> = {};
  for (let back = STALE_FROM; back <= STALE_TO; back += 1) names[`#old${back}`] = dayValueAttr(field, addDays(date, -back));
  return { names, remove: ` REMOVE ${Object.keys(names).join(', ')}` };
}

/**
 * Sets one of today's values to an absolute number, in one transaction without a read: the day
 * item gets the value, and the totals item records it against the value it replaces (see
 * toLifetime). Each PATCH also removes the per-day attributes of days 3–40 days back, which can no
 * longer be set from any time zone, so the totals item does not grow with them.
 */
export async function setDayValue(p: {
  sub: string;
  date: string;
  field: PatchableField;
  value: number;
  now: Date;
  idempotency?: Idempotency;
}): Promise<IdempotentOutcome> {
  const { sub, date, field, value, now } = p;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.day(sub, date),
        UpdateExpression: `${DAY_SET}, #f = :value`,
        ExpressionAttributeNames: { ...dayNames, '#f': field },
        ExpressionAttributeValues: { ...dayValues(date, now), ':value': value },
      },
    },
  ];
  if (field === 'caloriesConsumed') {
    const totals = totalsUpdate(sub, date, {}, value > 0);
    if (totals) items.push(totals);
  } else {
    const stale = staleDayValues(field, date);
    const names: Record<string, string> = { '#entity': 'entity', '#cur': dayValueAttr(field, date), '#set': setSum(field), '#rep': replacedSum(field), ...stale.names };
    items.push({
      Update: {
        TableName: tableName(),
        Key: keys.totals(sub),
        // Every operand reads the item as it was before this update: #rep adds exactly the value replaced.
        UpdateExpression:
          'SET #entity = :totalsEntity, #cur = :value, #set = if_not_exists(#set, :zero) + :value, #rep = if_not_exists(#rep, :zero) + if_not_exists(#cur, :zero)' +
          (value > 0 ? ' ADD trackedDays :day' : '') +
          stale.remove,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':totalsEntity': 'TOTALS', ':value': value, ':zero': 0, ...(value > 0 ? { ':day': new Set([date]) } : {}) },
      },
    });
  }
  const outcome = await transactIdempotent(items, sub, p.idempotency, now);
  if (!outcome.ok && !outcome.replay) throw unexpectedFailure(outcome); // no other item carries a condition
  return outcome;
}

/**
 * Adds a meal to the day: its diary entry and its calories, only while the day stays within
 * `limit` (one conditional update; the entry is written in the same transaction, so every calorie
 * a meal add counted has an entry that can remove it again). Item 0 is the limit; with
 * `catalogCheck`, the last item is the check of the catalogue item.
 */
export async function addCalories(p: {
  sub: string;
  date: string;
  entry: MealEntry;
  limit: number;
  now: Date;
  /** the meal as the caller knows it without a read: the transaction's last item checks the catalogue item still says so */
  catalogCheck?: Pick<Meal, 'calories' | 'name'>;
  idempotency?: Idempotency;
}): Promise<IdempotentOutcome> {
  const { sub, date, entry, limit, now, catalogCheck } = p;
  const calories = entry.calories;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.day(sub, date),
        UpdateExpression: `${DAY_SET} ADD caloriesConsumed :c`,
        ConditionExpression: 'attribute_not_exists(caloriesConsumed) OR caloriesConsumed <= :max',
        ExpressionAttributeNames: dayNames,
        ExpressionAttributeValues: { ...dayValues(date, now), ':c': calories, ':max': limit - calories },
      },
    },
  ];
  items.push({ Put: { TableName: tableName(), Item: { ...keys.mealEntry(sub, date, entry.id), entity: 'MEAL_ENTRY', date, ...entry } } });
  const totals = totalsUpdate(sub, date, {}, calories > 0);
  if (totals) items.push(totals);
  if (catalogCheck) {
    items.push({
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.catalog('MEAL', entry.mealId, randomShard(CATALOG_COPIES)),
        ConditionExpression: 'calories = :c AND #n = :n',
        ExpressionAttributeNames: { '#n': 'name' },
        ExpressionAttributeValues: { ':c': catalogCheck.calories, ':n': catalogCheck.name },
      },
    });
  }
  return transactIdempotent(items, sub, p.idempotency, now);
}

/**
 * Adds steps to today's: the day's ADD (only while it stays within `max`) and, on the totals item,
 * today's value and the sum of every value set move by the same amount, so the lifetime total
 * (Set − Replaced, see toLifetime) grows by exactly `steps` and a later PATCH still replaces the
 * right value. Like a PATCH, it drops the per-day attributes that no time zone can set any more.
 * One transaction, no read; a failed condition means the day would exceed `max`.
 */
export async function addDaySteps(p: { sub: string; date: string; steps: number; max: number; now: Date; idempotency?: Idempotency }): Promise<IdempotentOutcome> {
  const { sub, date, steps, max, now } = p;
  const stale = staleDayValues('steps', date);
  return transactIdempotent([
    {
      Update: {
        TableName: tableName(),
        Key: keys.day(sub, date),
        UpdateExpression: `${DAY_SET} ADD steps :n`,
        ConditionExpression: 'attribute_not_exists(steps) OR steps <= :max',
        ExpressionAttributeNames: dayNames,
        ExpressionAttributeValues: { ...dayValues(date, now), ':n': steps, ':max': max - steps },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.totals(sub),
        UpdateExpression: `SET #entity = :totalsEntity, #cur = if_not_exists(#cur, :zero) + :n, #set = if_not_exists(#set, :zero) + :n ADD trackedDays :day${stale.remove}`,
        ExpressionAttributeNames: { '#entity': 'entity', '#cur': dayValueAttr('steps', date), '#set': setSum('steps'), ...stale.names },
        ExpressionAttributeValues: { ':totalsEntity': 'TOTALS', ':n': steps, ':zero': 0, ':day': new Set([date]) },
      },
    },
  ], sub, p.idempotency, now);
}

const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

/**
 * A tracking write's Idempotency-Key (decision 0105): the key, and what the request asked
 * (`fingerprint`), so that the same key sent with another request is told apart from a retry.
 */
export interface Idempotency {
  key: string;
  fingerprint: string;
}

/** The outcome of a write that may be a retry: `replay` is the stored record of the first one. */
export type IdempotentOutcome = TxOutcome & { replay?: Item };

/**
 * Runs a write's transaction with its idempotency record as item 0 (a Put on condition that the key
 * was not used in the last 24 h; TTL deletion is lazy, so an expired record counts as absent). A
 * used key fails it and nothing else is written: the outcome carries the stored record as `replay`.
 * Other failures keep the caller's own item indexes.
 */
async function transactIdempotent(items: TransactItem[], sub: string, idem: Idempotency | undefined, now: Date, extra: Item = {}): Promise<IdempotentOutcome> {
  if (!idem) return transact(items);
  const nowSec = Math.floor(now.getTime() / 1000);
  const record: TransactItem = {
    Put: {
      TableName: tableName(),
      Item: { ...keys.idempotency(sub, idem.key), entity: 'IDEMPOTENCY', fingerprint: idem.fingerprint, ...extra, expiresAt: nowSec + IDEMPOTENCY_TTL_SECONDS },
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :nowSec',
      ExpressionAttributeValues: { ':nowSec': nowSec },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
  const outcome = await transact([record, ...items]);
  if (outcome.ok) return outcome;
  if (outcome.failed === 0) return { ok: false, failed: -1, replay: outcome.item ?? {} };
  return { ...outcome, failed: outcome.failed - 1 };
}

/**
 * Records a push-up set: the set item, the day's ADD, the totals' ADD and (with a key) the
 * idempotency record, all in one transaction. A key seen before (and not expired) fails the
 * transaction; the outcome then carries the stored record so the caller can replay its answer.
 */
export async function addPushupSet(p: { sub: string; date: string; set: PushupSet; idempotencyKey?: string; now: Date }): Promise<IdempotentOutcome> {
  const { sub, date, set, idempotencyKey, now } = p;
  const items: TransactItem[] = [
    { Put: { TableName: tableName(), Item: { ...keys.pushupSet(sub, date, set.id), entity: 'SET', date, ...set } } },
    {
      Update: {
        TableName: tableName(),
        Key: keys.day(sub, date),
        UpdateExpression: `${DAY_SET} ADD pushups :n`,
        ExpressionAttributeNames: dayNames,
        ExpressionAttributeValues: { ...dayValues(date, now), ':n': set.count },
      },
    },
    totalsUpdate(sub, date, { pushups: set.count }, true)!,
  ];
  const idem = idempotencyKey ? { key: idempotencyKey, fingerprint: `POST /api/pushups ${set.count}` } : undefined;
  return transactIdempotent(items, sub, idem, now, { setId: set.id, count: set.count, createdAt: set.createdAt, date });
}

/** The day's sets, oldest first: one Query of the newest 100. */
export async function listSets(sub: string, date: string): Promise<PushupSet[]> {
  const { items } = await queryPage({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.day(sub, date).pk, ':prefix': `${keys.day(sub, date).sk}#SET#` },
    ScanIndexForward: false,
    Limit: 100,
  });
  return items.map(toPushupSet).reverse();
}

/** The day's meal entries, oldest first: one Query of the newest 100. */
export async function listMealEntries(sub: string, date: string): Promise<MealEntry[]> {
  const { items } = await queryPage({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.day(sub, date).pk, ':prefix': `${keys.day(sub, date).sk}#MEAL#` },
    ScanIndexForward: false,
    Limit: 100,
  });
  return items.map(toMealEntry).reverse();
}


async function readEntryAndToday<T>(sub: string, date: string, entryKey: { pk: string; sk: string }, toEntry: (it: Item) => T) {
  const [entryItem, dayItem, totals] = await batchGet([entryKey, keys.day(sub, date), keys.totals(sub)], { consistent: true });
  const state: TodayState = { day: toDayState(dayItem), lifetime: toLifetime(totals), trackedToday: isTracked(totals, date) };
  return { entry: entryItem ? toEntry(entryItem) : undefined, ...state };
}

/** One of today's meal entries (undefined when there is none of that id) and today's state, in one consistent BatchGet. */
export const readMealEntryAndToday = (sub: string, date: string, id: string) => readEntryAndToday(sub, date, keys.mealEntry(sub, date, id), toMealEntry);

/** One of today's push-up sets (undefined when there is none of that id) and today's state, in one consistent BatchGet. */
export const readPushupSetAndToday = (sub: string, date: string, id: string) => readEntryAndToday(sub, date, keys.pushupSet(sub, date, id), toPushupSet);

/** Outcome of a removal: done, or the entry was not there (already removed, or never this user's). */
export type RemoveOutcome = 'removed' | 'gone';

/**
 * Removes a meal entry and its calories from the day in one transaction, conditional on the entry
 * still existing (so a double delete subtracts once). The day's ADD of −calories is conditional on
 * the day holding at least that much; a day a PATCH set lower is set to 0 instead (never negative).
 * `expectAtLeast` is the branch the caller's read suggests; when a concurrent change crossed that
 * line, the other branch is tried (the two conditions are complements, so one of them holds).
 * The lifetime totals hold no consumed calories; `trackedDays` keeps the day (a day set back to 0
 * stays counted, decision 0100), so the totals item is not touched.
 */
export async function removeMealEntry(p: { sub: string; date: string; entry: MealEntry; expectAtLeast: boolean; now: Date }): Promise<RemoveOutcome> {
  const { sub, date, entry, now } = p;
  let atLeast = p.expectAtLeast;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const outcome = await transact([
      {
        Delete: {
          TableName: tableName(),
          Key: keys.mealEntry(sub, date, entry.id),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: keys.day(sub, date),
          ...(atLeast
            ? {
                UpdateExpression: `${DAY_SET} ADD caloriesConsumed :minus`,
                ConditionExpression: 'caloriesConsumed >= :c',
                ExpressionAttributeValues: { ...dayValues(date, now), ':minus': -entry.calories, ':c': entry.calories },
              }
            : {
                UpdateExpression: `${DAY_SET}, caloriesConsumed = :zero`,
                ConditionExpression: 'attribute_not_exists(caloriesConsumed) OR caloriesConsumed < :c',
                ExpressionAttributeValues: { ...dayValues(date, now), ':zero': 0, ':c': entry.calories },
              }),
          ExpressionAttributeNames: dayNames,
        },
      },
    ]);
    if (outcome.ok) return 'removed';
    if (outcome.failed === 0) return 'gone';
    atLeast = !atLeast;
  }
  throw new Error('Removing the meal entry kept failing its day condition');
}

/**
 * Removes a push-up set and its count from the day and the lifetime totals in one transaction,
 * conditional on the set still existing (a double delete subtracts once). The day's push-ups are
 * only ever changed by sets, each in the same transaction as its set item, so they hold the count.
 */
export async function removePushupSet(p: { sub: string; date: string; set: PushupSet; now: Date }): Promise<RemoveOutcome> {
  const { sub, date, set, now } = p;
  const outcome = await transact([
    {
      Delete: {
        TableName: tableName(),
        Key: keys.pushupSet(sub, date, set.id),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.day(sub, date),
        UpdateExpression: `${DAY_SET} ADD pushups :minus`,
        ExpressionAttributeNames: dayNames,
        ExpressionAttributeValues: { ...dayValues(date, now), ':minus': -set.count },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.totals(sub),
        UpdateExpression: 'SET #entity = :totalsEntity ADD pushups :minus',
        ExpressionAttributeNames: { '#entity': 'entity' },
        ExpressionAttributeValues: { ':totalsEntity': 'TOTALS', ':minus': -set.count },
      },
    },
  ]);
  if (outcome.ok) return 'removed';
  if (outcome.failed === 0) return 'gone';
  throw unexpectedFailure(outcome);
}

/** A removal as the client stated it: done, not there, or the entry (or the day) is not as stated. */
export type StatedRemoveOutcome = RemoveOutcome | 'differs';

/**
 * Removes a meal entry the client says holds `calories`, without reading it first (decision 0104):
 * the entry's delete is conditional on it holding exactly that, and the day's ADD of −calories on
 * the day holding at least that (the session check rides in the transaction as item 0). 'differs'
 * when the stored entry holds something else, or a PATCH set the day below it: the caller then
 * takes the read-first path, which knows what to do with both.
 */
export async function removeMealEntryAsStated(p: { sub: string; date: string; id: string; calories: number; now: Date }): Promise<StatedRemoveOutcome> {
  const { sub, date, id, calories, now } = p;
  const outcome = await transact([
    {
      Delete: {
        TableName: tableName(),
        Key: keys.mealEntry(sub, date, id),
        ConditionExpression: 'attribute_exists(pk) AND calories = :c',
        ExpressionAttributeValues: { ':c': calories },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.day(sub, date),
        UpdateExpression: `${DAY_SET} ADD caloriesConsumed :minus`,
        ConditionExpression: 'caloriesConsumed >= :c',
        ExpressionAttributeNames: dayNames,
        ExpressionAttributeValues: { ...dayValues(date, now), ':minus': -calories, ':c': calories },
      },
    },
  ]);
  if (outcome.ok) return 'removed';
  if (outcome.failed === 0) return outcome.item ? 'differs' : 'gone';
  return 'differs';
}

/**
 * Removes a push-up set the client says holds `count`, without reading it first (decision 0104):
 * the set's delete is conditional on its count, the day and the lifetime totals lose that count in
 * the same transaction. 'differs' when the stored set holds another count.
 */
export async function removePushupSetAsStated(p: { sub: string; date: string; id: string; count: number; now: Date }): Promise<StatedRemoveOutcome> {
  const { sub, date, id, count, now } = p;
  const outcome = await transact([
    {
      Delete: {
        TableName: tableName(),
        Key: keys.pushupSet(sub, date, id),
        ConditionExpression: 'attribute_exists(pk) AND #count = :n',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':n': count },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.day(sub, date),
        UpdateExpression: `${DAY_SET} ADD pushups :minus`,
        ExpressionAttributeNames: dayNames,
        ExpressionAttributeValues: { ...dayValues(date, now), ':minus': -count },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.totals(sub),
        UpdateExpression: 'SET #entity = :totalsEntity ADD pushups :minus',
        ExpressionAttributeNames: { '#entity': 'entity' },
        ExpressionAttributeValues: { ':totalsEntity': 'TOTALS', ':minus': -count },
      },
    },
  ]);
  if (outcome.ok) return 'removed';
  if (outcome.failed === 0) return outcome.item ? 'differs' : 'gone';
  throw unexpectedFailure(outcome);
}

/**
 * The stored days between two dates (inclusive), from one Query on the key range. The range also
 * holds those days' set items (`DAY#<date>#SET#…`), which the filter drops; pages are followed
 * if the range ever exceeds 1 MB.
 */
export async function queryDays(sub: string, from: string, to: string): Promise<Map<string, HistoryDay>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    FilterExpression: '#entity = :day',
    ExpressionAttributeNames: { '#entity': 'entity' },
    ExpressionAttributeValues: { ':pk': keys.day(sub, from).pk, ':from': keys.day(sub, from).sk, ':to': keys.day(sub, to).sk, ':day': 'DAY' },
  });
  const days = new Map<string, HistoryDay>();
  for (const it of items) {
    const date = String(it.date);
    days.set(date, { date, ...toDayState(it).values });
  }
  return days;
}
