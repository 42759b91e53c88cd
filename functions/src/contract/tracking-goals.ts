/**
 * Goal arithmetic shared by the API and the dashboard. Deliberately free of zod and of any
 * other import: the dashboard is on the first-paint path and imports this file.
 */

/** Daily goals (SPEC.md section 9). */
export const GOALS = { caloriesConsumed: 500, steps: 18_000, pushups: 40, caloriesBurned: 1000 } as const;
export type Metric = keyof typeof GOALS;

/** Upper bounds of a day's values (anything above is a typo, not a day). */
export const DAY_LIMITS = { steps: 200_000, caloriesConsumed: 20_000, caloriesBurned: 20_000, pushups: 1_000_000 } as const satisfies Record<Metric, number>;
/** The day's values a PATCH sets absolutely (PATCH /api/progress/today; the schema is in tracking.ts). */
export const PATCHABLE_FIELDS = ['steps', 'caloriesConsumed', 'caloriesBurned'] as const satisfies readonly Metric[];
export type PatchableField = (typeof PATCHABLE_FIELDS)[number];
/** One push-up set. */
export const PUSHUP_SET_MIN = 1;
export const PUSHUP_SET_MAX = 1000;

/** Ring fill in percent, clamped to 0–100 (SPEC.md section 5); NaN and negatives give 0. */
export function clampPercent(value: number, goal: number): number {
  if (!Number.isFinite(value) || !Number.isFinite(goal) || goal <= 0 || value <= 0) return 0;
  return Math.min(100, Math.max(0, (value / goal) * 100));
}

/** What is left to the goal, never negative. */
export function remainingTo(value: number, goal: number): number {
  if (!Number.isFinite(value)) return goal;
  return Math.max(0, goal - Math.max(0, value));
}

export interface GoalStatus {
  value: number;
  goal: number;
  percent: number;
  remaining: number;
  reached: boolean;
}

export function goalStatus(metric: Metric, value: number): GoalStatus {
  const goal = GOALS[metric];
  const remaining = remainingTo(value, goal);
  return { value, goal, percent: clampPercent(value, goal), remaining, reached: remaining === 0 };
}

/** The daily calorie limit (the calorie goal) and the refusal of a meal that would go over it (SPEC.md section 5). */
export const CALORIE_LIMIT = GOALS.caloriesConsumed;
export const CALORIE_LIMIT_MESSAGE = `Adding this meal would exceed your ${CALORIE_LIMIT} calorie limit.`;

/** True when adding `calories` to `consumed` would go over the daily limit (SPEC.md section 5). */
export function exceedsCalorieLimit(consumed: number, calories: number): boolean {
  return consumed + calories > CALORIE_LIMIT;
}

/** Today's calories after removing a meal entry: never below zero (a PATCH may have set the day lower). */
export function caloriesAfterRemoval(consumed: number, calories: number): number {
  return Math.max(0, consumed - calories);
}

/**
 * Current streak of days meeting the step goal, from a chronological list of days ending today.
 * Today counts when it already meets the goal; when it does not (yet), the streak ends yesterday,
 * so a morning without steps does not break a streak. `capped` says the whole window met the goal
 * (the real streak may be longer than the window).
 */
export function stepStreak(days: readonly { steps: number }[]): { days: number; capped: boolean } {
  let i = days.length - 1;
  if (i >= 0 && days[i]!.steps < GOALS.steps) i -= 1;
  let n = 0;
  for (; i >= 0 && days[i]!.steps >= GOALS.steps; i -= 1) n += 1;
  return { days: n, capped: n > 0 && i < 0 };
}
