import * as z from 'zod';

/** Daily goals (SPEC.md section 9). */
export const GOALS = { caloriesConsumed: 500, steps: 18_000, pushups: 40, caloriesBurned: 1000 } as const;
export const CALORIE_LIMIT_MESSAGE = 'Adding this meal would exceed your 500 calorie limit.';

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
