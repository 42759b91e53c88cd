import { ulid } from 'ulidx';
import type { HistoryResponse, Lifetime, MealEntry, PatchProgressRequest, ProgressToday, PushupSet } from '../contract/tracking';
import {
  CALORIE_LIMIT_MESSAGE,
  DAY_LIMITS,
  GOALS,
  PATCHABLE_FIELDS,
  caloriesAfterRemoval,
  exceedsCalorieLimit,
} from '../contract/tracking-goals';
import { type Meal } from '../contract/catalog';
import { HttpError, conflict, notFound } from '../lib/http-error';
import {
  type DayState,
  addCalories,
  addDaySteps,
  addPushupSet,
  listMealEntries,
  listSets,
  queryDays,
  readMealAndToday,
  readMealEntryAndToday,
  readPushupSetAndToday,
  readToday,
  removeMealEntry,
  removeMealEntryAsStated,
  removePushupSet,
  removePushupSetAsStated,
  setDayValue,
  type Idempotency,
} from './tracking-repository';
import { type Item } from '../lib/db/toolkit';
import { dayKey, lastDays } from './day-key';

/** Who and when: identity from the session only, "today" from the request's time zone. */
export interface TrackingContext {
  sub: string;
  timeZone: string;
  now: Date;
}

const today = (c: TrackingContext) => dayKey(c.now, c.timeZone);

const toProgress = (date: string, day: DayState['values'], lifetime: Lifetime): ProgressToday => ({ date, ...day, lifetime });

/** The day and the lifetime totals as stored now: one consistent BatchGet. */
async function readTodayAsStored(c: TrackingContext, date: string): Promise<ProgressToday> {
  const { day, lifetime } = await readToday(c.sub, date);
  return toProgress(date, day.values, lifetime);
}

export const getProgressToday = (c: TrackingContext): Promise<ProgressToday> => readTodayAsStored(c, today(c));

/** A tracking write's answer, and whether it is the answer to a retry of a write already made. */
export interface Written {
  progress: ProgressToday;
  replayed: boolean;
}

/**
 * The Idempotency-Key of a write and what it asks, in a fixed form (decision 0105): a retry must
 * ask exactly the same, or it is refused with 422, never applied twice and never taken for another.
 */
const idempotencyOf = (key: string | undefined, request: string): Idempotency | undefined => (key ? { key, fingerprint: request } : undefined);

/**
 * A used key: the stored record must be of this request (else 422); then the day as stored answers,
 * or `asRead`, the day a read-first path read before its write (the write it repeats committed
 * before that read, so it holds it; a third call would break the budget of two).
 */
async function answerReplay(c: TrackingContext, date: string, replay: Item, idem: Idempotency, asRead?: ProgressToday): Promise<Written> {
  if (replay.fingerprint !== idem.fingerprint) throw new HttpError(422, 'This Idempotency-Key was already used for a different change');
  return { progress: asRead ?? (await readTodayAsStored(c, date)), replayed: true };
}

/**
 * Sets today's value in one transaction (the lifetime total moves by exactly the value replaced,
 * see the repository), then answers the new progress with one consistent read. With an
 * Idempotency-Key, a retry changes nothing and answers the day as stored.
 */
export async function patchProgressToday(c: TrackingContext, body: PatchProgressRequest, key?: string): Promise<Written> {
  const date = today(c);
  const idem = idempotencyOf(key, `PATCH /api/progress/today ${JSON.stringify(Object.entries(body).sort())}`);
  if (body.addSteps !== undefined) {
    const outcome = await addDaySteps({ sub: c.sub, date, steps: body.addSteps, max: DAY_LIMITS.steps, now: c.now, idempotency: idem });
    if (outcome.replay) return answerReplay(c, date, outcome.replay, idem!);
    if (!outcome.ok) throw conflict(`Adding ${body.addSteps} steps would take today's steps over ${DAY_LIMITS.steps}.`);
  } else {
    const field = PATCHABLE_FIELDS.find((f) => body[f] !== undefined)!;
    const outcome = await setDayValue({ sub: c.sub, date, field, value: body[field]!, now: c.now, idempotency: idem });
    if (outcome.replay) return answerReplay(c, date, outcome.replay, idem!);
  }
  return { progress: await readTodayAsStored(c, date), replayed: false };
}

/**
 * The seeded catalogue's meals by id (catalog/catalog-data.ts, the data the deployment seeds),
 * loaded by the first meal add rather than at every cold start (DESIGN.md section 10).
 */
let seeded: Promise<Map<string, Meal>> | undefined;
const seededMeal = async (id: string): Promise<Meal | undefined> =>
  (await (seeded ??= import('../catalog/catalog-data').then(({ meals }) => new Map(meals.map((m) => [m.id, m]))))).get(id);

/**
 * Adds a meal and answers the day as stored after the add (decision 0103). A meal of the seeded
 * catalogue needs no read first: the transaction writes its calories and checks that the catalogue
 * item still says them (the session check rides in it), then one consistent BatchGet reads the day
 * and the totals, so two tabs adding at once each get totals that include their own add and every
 * add committed before it. Two calls. A meal only the table knows (test meals; a catalogue change
 * between deploy and seed) is read first and answered as read plus this meal, as before.
 */
export async function addMeal(c: TrackingContext, mealId: string, key?: string): Promise<Written> {
  const date = today(c);
  const idem = idempotencyOf(key, `POST /api/progress/today/meals ${mealId}`);
  const known = await seededMeal(mealId);
  if (known) {
    // The update's condition holds on a day without calories yet: a meal over the limit on its own is refused here.
    if (exceedsCalorieLimit(0, known.calories)) throw conflict(CALORIE_LIMIT_MESSAGE);
    const entry = mealEntry(c, known);
    const outcome = await addCalories({ sub: c.sub, date, entry, limit: GOALS.caloriesConsumed, now: c.now, catalogCheck: known, idempotency: idem });
    if (outcome.replay) return answerReplay(c, date, outcome.replay, idem!);
    if (outcome.ok) return { progress: await readTodayAsStored(c, date), replayed: false };
    if (outcome.failed === 0) throw conflict(CALORIE_LIMIT_MESSAGE);
    // The catalogue item differs from the code's: read it as stored.
  }
  const { meal, day, lifetime, trackedToday } = await readMealAndToday(c.sub, date, mealId);
  if (!meal) throw notFound('Meal not found');
  const calories = meal.calories;
  // Cheap early refusal; the conditional update below is what guarantees the limit under concurrency.
  // With a key the write runs anyway: a retried add the day already holds is a replay (its key is
  // checked first), not a refusal; a new add is still refused by the update's condition.
  if (!idem && exceedsCalorieLimit(day.values.caloriesConsumed, calories)) throw conflict(CALORIE_LIMIT_MESSAGE);
  // The update's condition holds on a day without calories yet: a meal over the limit on its own is refused here, key or not.
  if (exceedsCalorieLimit(0, calories)) throw conflict(CALORIE_LIMIT_MESSAGE);
  const outcome = await addCalories({ sub: c.sub, date, entry: mealEntry(c, meal), limit: GOALS.caloriesConsumed, now: c.now, idempotency: idem });
  if (outcome.replay) return answerReplay(c, date, outcome.replay, idem!, toProgress(date, day.values, lifetime));
  if (!outcome.ok) throw conflict(CALORIE_LIMIT_MESSAGE);
  const progress = toProgress(
    date,
    { ...day.values, caloriesConsumed: day.values.caloriesConsumed + calories },
    calories > 0 && !trackedToday ? { ...lifetime, daysTracked: lifetime.daysTracked + 1 } : lifetime,
  );
  return { progress, replayed: false };
}

const mealEntry = (c: TrackingContext, meal: Meal): MealEntry => ({
  id: ulid(c.now.getTime()),
  mealId: meal.id,
  name: meal.name,
  calories: meal.calories,
  createdAt: c.now.toISOString(),
});

export async function getMealsToday(c: TrackingContext): Promise<MealEntry[]> {
  return listMealEntries(c.sub, today(c));
}

/**
 * Removes one of today's meal entries and its calories (DELETE /api/progress/today/meals/{id}).
 * 404 when today has no such entry: already removed, another day's, or another user's (the key is
 * the caller's own partition). With the calories the client's list shows (`stated`, checked by the
 * write's condition, decision 0104) it writes first and answers the day as stored after its write:
 * two calls, and two tabs removing at once each get totals that include their own removal. Without
 * them, or when they differ, the entry is read first and the answer is that read minus the entry.
 */
export async function removeMeal(c: TrackingContext, id: string, stated?: number): Promise<ProgressToday> {
  const date = today(c);
  if (stated !== undefined) {
    const outcome = await removeMealEntryAsStated({ sub: c.sub, date, id, calories: stated, now: c.now });
    if (outcome === 'gone') throw notFound('Meal entry not found');
    if (outcome === 'removed') return readTodayAsStored(c, date);
  }
  const { entry, day, lifetime } = await readMealEntryAndToday(c.sub, date, id);
  if (!entry) throw notFound('Meal entry not found');
  const consumed = day.values.caloriesConsumed;
  const outcome = await removeMealEntry({ sub: c.sub, date, entry, expectAtLeast: consumed >= entry.calories, now: c.now });
  if (outcome === 'gone') throw notFound('Meal entry not found');
  return toProgress(date, { ...day.values, caloriesConsumed: caloriesAfterRemoval(consumed, entry.calories) }, lifetime);
}

/** Removes one of today's push-up sets (DELETE /api/pushups/{id}); 404, `stated` and the answer as for a meal entry. */
export async function removePushups(c: TrackingContext, id: string, stated?: number): Promise<ProgressToday> {
  const date = today(c);
  if (stated !== undefined) {
    const outcome = await removePushupSetAsStated({ sub: c.sub, date, id, count: stated, now: c.now });
    if (outcome === 'gone') throw notFound('Push-up set not found');
    if (outcome === 'removed') return readTodayAsStored(c, date);
  }
  const { entry: set, day, lifetime } = await readPushupSetAndToday(c.sub, date, id);
  if (!set) throw notFound('Push-up set not found');
  const outcome = await removePushupSet({ sub: c.sub, date, set, now: c.now });
  if (outcome === 'gone') throw notFound('Push-up set not found');
  return toProgress(
    date,
    { ...day.values, pushups: Math.max(0, day.values.pushups - set.count) },
    { ...lifetime, pushups: Math.max(0, lifetime.pushups - set.count) },
  );
}

export async function getPushupsToday(c: TrackingContext): Promise<PushupSet[]> {
  return listSets(c.sub, today(c));
}

export async function postPushups(c: TrackingContext, count: number, idempotencyKey: string | undefined): Promise<{ set: PushupSet; replayed: boolean }> {
  const date = today(c);
  const set: PushupSet = { id: ulid(c.now.getTime()), count, createdAt: c.now.toISOString() };
  const outcome = await addPushupSet({ sub: c.sub, date, set, idempotencyKey, now: c.now });
  if (outcome.ok) return { set, replayed: false };
  // Only the idempotency record carries a condition: this key was used before.
  const stored = outcome.replay;
  if (stored?.count !== undefined && stored.count !== count) {
    throw new HttpError(422, 'Idempotency-Key was already used for a different push-up set');
  }
  return {
    set: { id: String(stored?.setId ?? ''), count, createdAt: String(stored?.createdAt ?? '') },
    replayed: true,
  };
}

export async function getHistory(c: TrackingContext, days: number): Promise<HistoryResponse> {
  const date = today(c);
  const dates = lastDays(date, days);
  const stored = await queryDays(c.sub, dates[0]!, date);
  return {
    today: date,
    days: dates.map((d) => stored.get(d) ?? { date: d, steps: 0, caloriesConsumed: 0, pushups: 0, caloriesBurned: 0 }),
  };
}
