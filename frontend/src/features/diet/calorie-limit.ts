import type { GOALS } from '@fittrack/functions/contract/tracking';

/**
 * SPEC.md sections 5 and 9: the daily calorie goal and the refusal text. Declared here rather than
 * imported as values from the contract module, which would pull zod into this screen's chunk; the
 * type annotation ties the number to the contract's GOALS.
 */
export const CALORIE_LIMIT: (typeof GOALS)['caloriesConsumed'] = 500;
export const CALORIE_LIMIT_MESSAGE = 'Adding this meal would exceed your 500 calorie limit.';
