import { ulid } from 'ulidx';
import {
  CALORIE_LIMIT_MESSAGE,
  PATCHABLE_FIELDS,
  type HistoryResponse,
  type Lifetime,
  type PatchProgressRequest,
  type ProgressToday,
  type PushupSet,
} from '../contract/tracking';
import { GOALS, exceedsCalorieLimit } from '../contract/tracking-goals';
import { HttpError, conflict, notFound } from '../lib/http-error';
import { type DayState, addCalories, addPushupSet, listSets, queryDays, readMealAndToday, readToday, setDayValue } from './tracking-repository';
import { dayKey, lastDays } from './day-key';

/** Who and when: identity from the session only, "today" from the request's time zone. */
export interface TrackingContext {
  sub: string;
  timeZone: string;
  now: Date;
}

const today = (c: TrackingContext) => dayKey(c.now, c.timeZone);

const toProgress = (date: string, day: DayState['values'], lifetime: Lifetime): ProgressToday => ({ date, ...day, lifetime });

export async function getProgressToday(c: TrackingContext): Promise<ProgressToday> {
  const date = today(c);
  const { day, lifetime } = await readToday(c.sub, date);
  return toProgress(date, day.values, lifetime);
}

/**
 * Sets today's value in one transaction (the lifetime total moves by exactly the value replaced,
 * see the repository), then answers the new progress with one consistent read.
 */
export async function patchProgressToday(c: TrackingContext, body: PatchProgressRequest): Promise<ProgressToday> {
  const field = PATCHABLE_FIELDS.find((f) => body[f] !== undefined)!;
  const date = today(c);
  await setDayValue({ sub: c.sub, date, field, value: body[field]!, now: c.now });
  const { day, lifetime } = await readToday(c.sub, date);
  return toProgress(date, day.values, lifetime);
}

export async function addMeal(c: TrackingContext, mealId: string): Promise<ProgressToday> {
  const date = today(c);
  const { meal, day, lifetime, trackedToday } = await readMealAndToday(c.sub, date, mealId);
  if (!meal) throw notFound('Meal not found');
  const calories = meal.calories;
  // Cheap early refusal; the conditional update below is what guarantees the limit under concurrency.
  if (exceedsCalorieLimit(day.values.caloriesConsumed, calories)) throw conflict(CALORIE_LIMIT_MESSAGE);
  const outcome = await addCalories({ sub: c.sub, date, calories, limit: GOALS.caloriesConsumed, now: c.now });
  if (!outcome.ok) throw conflict(CALORIE_LIMIT_MESSAGE);
  return toProgress(
    date,
    { ...day.values, caloriesConsumed: day.values.caloriesConsumed + calories },
    calories > 0 && !trackedToday ? { ...lifetime, daysTracked: lifetime.daysTracked + 1 } : lifetime,
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
  const stored = outcome.item;
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
