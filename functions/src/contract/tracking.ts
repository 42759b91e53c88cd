import * as z from 'zod/mini';
import './zod-locale';
import { DAY_LIMITS, PATCHABLE_FIELDS, PUSHUP_SET_MAX, PUSHUP_SET_MIN } from './tracking-goals';

/** Daily goals and the calorie limit (SPEC.md sections 5 and 9); defined zod-free in tracking-goals.ts for the browser. */
export { CALORIE_LIMIT_MESSAGE, GOALS } from './tracking-goals';

export const lifetimeSchema = z.object({
  steps: z.number().check(z.int(), z.nonnegative()),
  pushups: z.number().check(z.int(), z.nonnegative()),
  caloriesBurned: z.number().check(z.int(), z.nonnegative()),
  daysTracked: z.number().check(z.int(), z.nonnegative()),
});
export type Lifetime = z.infer<typeof lifetimeSchema>;

/** GET /api/progress/today (and the answer of every change to today). */
export const progressTodaySchema = z.object({
  date: z.string(),
  steps: z.number().check(z.int(), z.nonnegative()),
  caloriesConsumed: z.number().check(z.int(), z.nonnegative()),
  pushups: z.number().check(z.int(), z.nonnegative()),
  caloriesBurned: z.number().check(z.int(), z.nonnegative()),
  lifetime: lifetimeSchema,
});
export type ProgressToday = z.infer<typeof progressTodaySchema>;

/** POST /api/progress/today/meals */
export const addMealRequest = z.strictObject({ mealId: z.string().check(z.minLength(1), z.maxLength(100)) });
export type AddMealRequest = z.infer<typeof addMealRequest>;

const dayValue = (field: keyof typeof DAY_LIMITS) =>
  z.optional(
    z
      .number({ error: `${field} must be a number` })
      .check(
        z.int(`${field} must be a whole number`),
        z.gte(0, `${field} must not be negative`),
        z.lte(DAY_LIMITS[field], `${field} must be at most ${DAY_LIMITS[field]}`),
      ),
  );

/** Every field a PATCH may carry: an absolute value, or `addSteps` (added to today's steps). */
const PATCH_FIELDS = [...PATCHABLE_FIELDS, 'addSteps'] as const;

/**
 * PATCH /api/progress/today: exactly one of steps, caloriesConsumed, caloriesBurned (absolute
 * value) or addSteps (a positive number of steps added to today's; today's steps stay within
 * DAY_LIMITS.steps).
 */
export const patchProgressRequest = z
  .strictObject({
    steps: dayValue('steps'),
    caloriesConsumed: dayValue('caloriesConsumed'),
    caloriesBurned: dayValue('caloriesBurned'),
    addSteps: z.optional(
      z
        .number({ error: 'addSteps must be a number' })
        .check(
          z.int('addSteps must be a whole number'),
          z.gte(1, 'addSteps must be at least 1'),
          z.lte(DAY_LIMITS.steps, `addSteps must be at most ${DAY_LIMITS.steps}`),
        ),
    ),
  })
  .check(
    z.refine((b) => PATCH_FIELDS.filter((f) => b[f] !== undefined).length === 1, {
      message: 'Send exactly one of steps, caloriesConsumed, caloriesBurned, addSteps',
    }),
  );
export type PatchProgressRequest = z.infer<typeof patchProgressRequest>;

/** POST /api/pushups: the spec's client sends {userId, count}; userId is ignored (the session decides). */
export const postPushupsRequest = z.strictObject({
  count: z
    .number({ error: 'count must be a number' })
    .check(
      z.int('count must be a whole number'),
      z.gte(PUSHUP_SET_MIN, `count must be at least ${PUSHUP_SET_MIN}`),
      z.lte(PUSHUP_SET_MAX, `count must be at most ${PUSHUP_SET_MAX}`),
    ),
  userId: z.optional(z.unknown()),
});
export type PostPushupsRequest = z.infer<typeof postPushupsRequest>;

export const pushupSetSchema = z.object({ id: z.string(), count: z.number().check(z.int(), z.positive()), createdAt: z.string() });
export type PushupSet = z.infer<typeof pushupSetSchema>;

/** GET /api/progress/today/meals: one entry per meal added today, oldest first. */
export const mealEntrySchema = z.object({
  /** the entry's own id (DELETE /api/progress/today/meals/{id}) */
  id: z.string(),
  /** the catalogue meal it was added from (re-adding it undoes a removal) */
  mealId: z.string(),
  name: z.string(),
  calories: z.number().check(z.int(), z.nonnegative()),
  /** when it was added (ISO 8601) */
  createdAt: z.string(),
});
export type MealEntry = z.infer<typeof mealEntrySchema>;

/**
 * The `{id}` of DELETE /api/progress/today/meals/{id} and DELETE /api/pushups/{id}: the entry's
 * ULID as the list answered it (26 Crockford base-32 characters; any letter case).
 */
export const entryIdParam = z.pipe(
  z.string().check(z.regex(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/i, 'id must be an entry id as listed for today (26 letters and digits)')),
  z.transform((id: string) => id.toUpperCase()),
);

/** GET /api/progress/history?days=7|30 (default 7). */
export const HISTORY_DAYS = ['7', '30'] as const;
/**
 * DELETE /api/progress/today/meals/{id}?calories=N and DELETE /api/pushups/{id}?count=N: what the
 * client's list says the entry holds. Optional, and never trusted: the removal is conditional on the
 * stored entry holding exactly that (decision 0104), which lets it write first and answer the day as
 * stored after its write; without it, or when it differs, the entry is read first as before.
 */
const statedAmount = (name: string) => z.optional(z.string().check(z.regex(/^\d{1,5}$/, { error: `${name} must be a whole number` })));
export const removeMealQuery = z.object({ calories: statedAmount('calories') });
export const removePushupsQuery = z.object({ count: statedAmount('count') });

export const historyQuery = z.object({
  days: z._default(z.enum(HISTORY_DAYS, { error: 'days must be 7 or 30' }), '7'),
});

export const historyDaySchema = z.object({
  date: z.string(),
  steps: z.number().check(z.int(), z.nonnegative()),
  caloriesConsumed: z.number().check(z.int(), z.nonnegative()),
  pushups: z.number().check(z.int(), z.nonnegative()),
  caloriesBurned: z.number().check(z.int(), z.nonnegative()),
});
export type HistoryDay = z.infer<typeof historyDaySchema>;
/** One entry per calendar day, oldest first, ending today (zeros for empty days). */
export const historyResponse = z.object({ today: z.string(), days: z.array(historyDaySchema) });
export type HistoryResponse = z.infer<typeof historyResponse>;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
