import { PLANS, type Plan } from '../contract/billing-plans';

const price = (plan: Plan) => ({ amount: PLANS[plan].cents, currency: 'USD' as const, interval: PLANS[plan].period });

/**
 * The server's price table: the amounts of the shared plan constants (contract/billing-plans.ts,
 * SPEC.md section 9). Every amount charged or accepted comes from here, never from the client.
 */
export const PRICES: Readonly<Record<Plan, { amount: number; currency: 'USD'; interval: 'month' | 'year' }>> = {
  monthly: price('monthly'),
  yearly: price('yearly'),
};

/** "29.99" for 2999 cents (PayPal's decimal string). */
export const centsToDecimal = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** 2999 for "29.99" / 29.99; null for anything that is not an exact amount with at most two decimals. */
export function decimalToCents(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The plan whose price is exactly this amount and currency, if any. */
export function planForAmount(cents: number, currency: string): Plan | null {
  for (const plan of ['monthly', 'yearly'] as const) {
    if (PRICES[plan].amount === cents && PRICES[plan].currency === currency.toUpperCase()) return plan;
  }
  return null;
}

/** `from` plus one billing period of the plan (calendar month / year, clamped to the month's end). */
export function addPeriod(from: Date, plan: Plan): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  if (plan === 'monthly') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
