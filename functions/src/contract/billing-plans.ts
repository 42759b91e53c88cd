/**
 * The two plans (SPEC.md section 9), shared by the API and the browser (no zod here, so the
 * browser bundle stays small). The server's price table (billing/prices.ts) takes its amounts from here.
 */

const usd = (cents: number) => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export const PLANS = {
  monthly: { label: 'Monthly', cents: 299, price: usd(299), period: 'month' },
  yearly: { label: 'Yearly', cents: 2999, price: usd(2999), period: 'year' },
} as const;

export type Plan = keyof typeof PLANS;
export const PLAN_IDS = ['monthly', 'yearly'] as const satisfies readonly Plan[];

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}
