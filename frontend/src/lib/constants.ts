/** Support mailbox for the footer's 'Contact Us' link (override with VITE_SUPPORT_EMAIL at build time). */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@fittrack.app';

/** Legal pages' date (SPEC.md section 9). */
export const LEGAL_LAST_UPDATED = 'June 22, 2025';
