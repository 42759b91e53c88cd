/** Support mailbox for the footer's 'Contact Us' link (override with VITE_SUPPORT_EMAIL at build time). */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@fittrack.app';

/** Legal pages' date (SPEC.md section 9). */
export const LEGAL_LAST_UPDATED = 'June 22, 2025';

/** Plan prices (SPEC.md section 9). */
export const PLANS = {
  monthly: { label: 'Monthly', price: '$2.99', period: 'month', cents: 299 },
  yearly: { label: 'Yearly', price: '$29.99', period: 'year', cents: 2999 },
} as const;

export type Plan = keyof typeof PLANS;

export function isPlan(value: unknown): value is Plan {
  return value === 'monthly' || value === 'yearly';
}
