/**
 * Admin constants the handler and the service use at every cold start; zod-free, so the admin
 * function loads its schemas (contract/admin.ts) only where a route needs them (DESIGN.md section 10).
 */

/** SPEC.md section 9: the log list shows 50 entries; recent logins means the last 24 hours. */
export const LOG_LIST_SIZE = 50;
export const RECENT_LOGIN_WINDOW_MS = 24 * 3600 * 1000;

/** POST /api/admin/system-tests/{test}: the tests an admin can run. */
export const systemTests = ['login', 'signup', 'feedback'] as const;
export type SystemTest = (typeof systemTests)[number];
