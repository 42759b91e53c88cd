import * as z from 'zod';
import { DAY_LIMITS, PUSHUP_SET_MAX, PUSHUP_SET_MIN } from './tracking-goals';

/** Daily goals and the calorie limit (SPEC.md sections 5 and 9); defined zod-free in tracking-goals.ts for the browser. */
export { CALORIE_LIMIT_MESSAGE, GOALS } from './tracking-goals';

export const lifetimeSchema = z.object({
  steps: z.number().int().nonnegative(),
  pushups: z.number().int().nonnegative(),
  caloriesBurned: z.number().int().nonnegative(),
  daysTracked: z.number().int().nonnegative(),
});
export type Lifetime = z.infer<typeof lifetimeSchema>;

/** GET /api/progress/today (and the answer of every change to today). */
export const progressTodaySchema = z.object({
  date: z.string(),
  steps: z.number().int().nonnegative(),
  caloriesConsumed: z.number().int().nonnegative(),
  pushups: z.number().int().nonnegative(),
  caloriesBurned: z.number().int().nonnegative(),
  lifetime: lifetimeSchema,
});
export type ProgressToday = z.infer<typeof progressTodaySchema>;

/** POST /api/progress/today/meals */
export const addMealRequest = z.strictObject({ mealId: z.string().min(1).max(100) });
export type AddMealRequest = z.infer<typeof addMealRequest>;

const dayValue = (field: keyof typeof DAY_LIMITS) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must not be negative`)
    .max(DAY_LIMITS[field], `${field} must be at most ${DAY_LIMITS[field]}`)
    .optional();

export const PATCHABLE_FIELDS = ['steps', 'caloriesConsumed', 'caloriesBurned'] as const;
export type PatchableField = (typeof PATCHABLE_FIELDS)[number];

/** PATCH /api/progress/today: exactly one of steps, caloriesConsumed, caloriesBurned (absolute value). */
export const patchProgressRequest = z
  .strictObject({ steps: dayValue('steps'), caloriesConsumed: dayValue('caloriesConsumed'), caloriesBurned: dayValue('caloriesBurned') })
  .refine((b) => PATCHABLE_FIELDS.filter((f) => b[f] !== undefined).length === 1, {
    message: 'Send exactly one of steps, caloriesConsumed, caloriesBurned',
  });
export type PatchProgressRequest = z.infer<typeof patchProgressRequest>;

/** POST /api/pushups: the spec's client sends {userId, count}; userId is ignored (the session decides). */
export const postPushupsRequest = z.strictObject({
  count: z
    .number({ error: 'count must be a number' })
    .int('count must be a whole number')
    .min(PUSHUP_SET_MIN, `count must be at least ${PUSHUP_SET_MIN}`)
    .max(PUSHUP_SET_MAX, `count must be at most ${PUSHUP_SET_MAX}`),
  userId: z.unknown().optional(),
});
export type PostPushupsRequest = z.infer<typeof postPushupsRequest>;

export const pushupSetSchema = z.object({ id: z.string(), count: z.number().int().positive(), createdAt: z.string() });
export type PushupSet = z.infer<typeof pushupSetSchema>;

/** GET /api/progress/history?days=7|30 (default 7). */
export const HISTORY_DAYS = ['7', '30'] as const;
export const historyQuery = z.object({
  days: z.enum(HISTORY_DAYS, { error: 'days must be 7 or 30' }).default('7'),
});

export const historyDaySchema = z.object({
  date: z.string(),
  steps: z.number().int().nonnegative(),
  caloriesConsumed: z.number().int().nonnegative(),
  pushups: z.number().int().nonnegative(),
  caloriesBurned: z.number().int().nonnegative(),
});
export type HistoryDay = z.infer<typeof historyDaySchema>;
/** One entry per calendar day, oldest first, ending today (zeros for empty days). */
export const historyResponse = z.object({ today: z.string(), days: z.array(historyDaySchema) });
export type HistoryResponse = z.infer<typeof historyResponse>;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
