import { type Domain, type RouteKeyOf } from '../../../routes';

/**
 * The traffic model of the capacity check (DESIGN.md section 11, decision 0020). These are
 * assumptions, each with its reasoning, chosen on the high side where unsure: the check is only
 * as good as they are, so change them when real traffic says otherwise. What each request does to
 * the table is NOT here: that comes from the integration run (access-record.json).
 */
export const TRAFFIC = {
  /** the size the product must hold without a redesign (issue 17) */
  monthlyActiveUsers: 10_000_000,
  /**
   * Daily actives as a share of monthly actives. Consumer apps are commonly quoted at 10–25 %
   * DAU/MAU and habit trackers at the top of that; a paid daily-logging app whose point is to be
   * opened every day may do better, so 30 % (above the usual range: more load, not less).
   */
  dailyActiveShare: 0.3,
  /**
   * Share of a day's requests in its busiest hour. A flat day would put 4.2 % in every hour;
   * the users are assumed to live mostly in one continent's time zones, log breakfast and a
   * morning workout within the same two hours, and the sign-in peak is the morning: 15 % (3.6
   * times flat).
   */
  peakHourShare: 0.15,
  /**
   * Peak second over the peak hour's mean: requests are not spread evenly over the hour (a
   * reminder push at the full hour, a TV mention). 2x.
   */
  peakSecondFactor: 2,
} as const;

/** How often a route is called: per daily active user per day, or a fixed number per day (admin, operators). */
export type RouteTraffic = { perActiveUserPerDay: number; why: string } | { perDay: number; why: string };

/** Administrators, who use the admin screens a working day long. */
const ADMINS = 20;
const ADMIN_DAY_HOURS = 8;

/**
 * Requests per route. Every route of the route table must have an entry (the capacity test
 * fails otherwise): the type makes a missing one a compile error too.
 */
export const ROUTE_TRAFFIC: Record<RouteKeyOf<Domain>, RouteTraffic> = {
  // --- auth
  'POST /api/auth/signup': {
    perActiveUserPerDay: 0.034,
    why: 'growth and churn: 1 % of the monthly users sign up each day (100,000 a day, ~0.034 per daily active)',
  },
  'POST /api/auth/login': {
    perActiveUserPerDay: 0.6,
    why: 'sessions last 30 days, but phones, laptops, sign-outs and failed attempts: 0.5 sign-ins and 0.1 failures per active a day (decision 0016 assumed about one logged event a day)',
  },
  'POST /api/auth/logout': { perActiveUserPerDay: 0.05, why: 'one sign-out per active every 20 days' },
  'POST /api/auth/logout-all': { perActiveUserPerDay: 0.005, why: 'rare: a lost phone' },
  'POST /api/auth/forgot-password': { perActiveUserPerDay: 0.005, why: 'rare: a forgotten password' },
  'POST /api/auth/reset-password': { perActiveUserPerDay: 0.005, why: 'follows a forgot-password' },
  'POST /api/auth/change-password': { perActiveUserPerDay: 0.002, why: 'rare' },
  'GET /api/account/export': { perActiveUserPerDay: 0.001, why: 'rare: a person asks for their data now and then' },
  'POST /api/account/delete': { perActiveUserPerDay: 0.0005, why: 'rare: once per account at most' },
  'POST /api/auth/verify-email': { perActiveUserPerDay: 0.01, why: 'once per sign-up and change of address, with a retyped code now and then' },
  'POST /api/auth/resend-verification': { perActiveUserPerDay: 0.005, why: 'a code that did not arrive or expired' },
  'POST /api/auth/change-email': { perActiveUserPerDay: 0.001, why: 'rare' },
  'GET /api/auth/me': { perActiveUserPerDay: 5, why: 'the session check of every app start and tab focus: about 5 opens a day' },
  'POST /api/auth/mfa/setup': { perDay: ADMINS, why: 'administrators only (two-step sign-in); at most once each a day' },
  'POST /api/auth/mfa/verify': { perDay: ADMINS * 2, why: 'administrators only' },
  // --- catalogue and config
  'GET /api/config': { perActiveUserPerDay: 5, why: 'every app start (no DynamoDB call)' },
  'GET /api/meals': { perActiveUserPerDay: 2, why: 'the diet screen, opened to add most meals (SWR revalidates on focus)' },
  'GET /api/workouts': { perActiveUserPerDay: 1, why: 'the workout screen once a day' },
  'GET /api/stretches': { perActiveUserPerDay: 0.5, why: 'the stretch timer every other day' },
  // --- tracking
  'GET /api/progress/today': { perActiveUserPerDay: 8, why: 'the dashboard on every open and after every change' },
  'PATCH /api/progress/today': { perActiveUserPerDay: 3, why: 'steps and calories burned, a few times a day' },
  'POST /api/progress/today/meals': { perActiveUserPerDay: 4, why: 'three meals and a snack' },
  'GET /api/progress/today/meals': { perActiveUserPerDay: 4, why: "today's diary after each meal" },
  'DELETE /api/progress/today/meals/{id}': { perActiveUserPerDay: 0.3, why: 'a correction every few days' },
  'GET /api/progress/history': { perActiveUserPerDay: 1, why: 'the history view once a day' },
  'GET /api/pushups/today': { perActiveUserPerDay: 1, why: 'the push-up card once a day' },
  'POST /api/pushups': { perActiveUserPerDay: 2, why: 'two sets a day' },
  'DELETE /api/pushups/{id}': { perActiveUserPerDay: 0.05, why: 'rare correction' },
  // --- billing (every monthly user pays once a month; new and returning subscribers check out)
  'POST /api/create-monthly-subscription': { perActiveUserPerDay: 0.02, why: 'checkouts: sign-ups that pay, plus retries' },
  'POST /api/create-yearly-subscription': { perActiveUserPerDay: 0.01, why: 'checkouts of the yearly plan' },
  'POST /api/auth/activate-subscription': { perActiveUserPerDay: 0.03, why: 'the payment return page after each checkout' },
  'POST /paypal/order': { perActiveUserPerDay: 0.01, why: 'PayPal checkouts' },
  'POST /paypal/order/{orderId}/capture': { perActiveUserPerDay: 0.01, why: 'PayPal captures' },
  'GET /paypal/setup': { perActiveUserPerDay: 0.02, why: 'the plan screen' },
  'POST /api/sandbox/card/confirm': { perActiveUserPerDay: 0.01, why: 'sandbox mode only (404 in live mode); counted as if it were live' },
  'POST /api/sandbox/paypal/{orderId}/approve': { perActiveUserPerDay: 0.01, why: 'sandbox mode only; counted as if it were live' },
  'POST /api/sandbox/paypal/{orderId}/complete': { perActiveUserPerDay: 0.001, why: 'sandbox mode only (a PENDING capture completed by hand); counted as if it were live' },
  'GET /api/billing/payments': { perActiveUserPerDay: 0.01, why: 'Settings › Membership, the payment history: one user in a hundred opens it each day' },
  'GET /api/subscription': { perActiveUserPerDay: 0.2, why: 'the membership tab in Settings' },
  'POST /api/subscription/cancel': { perActiveUserPerDay: 0.003, why: 'churn: a few per cent of subscribers a month' },
  'POST /api/subscription/change': { perActiveUserPerDay: 0.002, why: 'plan switches at the renewal: rarer than cancellations' },
  'POST /webhooks/stripe': {
    perActiveUserPerDay: 0.35,
    why: 'a renewal a month per card subscriber (10M / 30 a day) with about three events each (invoice.paid, subscription.updated, payment_intent): ~1M a day, 0.35 per daily active; renewals follow sign-up times, taken at the same peak as people',
  },
  'POST /webhooks/paypal': { perActiveUserPerDay: 0.05, why: 'PayPal captures and refunds' },
  // --- feedback
  'POST /api/feedback': { perActiveUserPerDay: 0.01, why: 'one user in a hundred writes each day' },
  'GET /api/feedback': { perDay: ADMINS * ADMIN_DAY_HOURS * 60, why: 'administrators: the feedback list, about once a minute each over a working day' },
  'PATCH /api/feedback/{id}/status': { perDay: ADMINS * 500, why: 'administrators: 500 status moves each a day' },
  // --- admin
  'GET /api/admin/logs': { perDay: ADMINS * ADMIN_DAY_HOURS * 120, why: 'the admin summary refreshes every 30 s (features/admin/api/admin-refresh.ts) while open' },
  'GET /api/admin/payments': { perDay: ADMINS * ADMIN_DAY_HOURS * 6, why: 'administrators: the Payments tab, opened and paged a few times an hour (no auto-refresh)' },
  'POST /api/admin/payments/{id}/refund': { perDay: ADMINS * 20, why: 'support refunds on request: generously twenty a day per administrator' },
  'POST /api/admin/sandbox/payments/{id}/events': { perDay: ADMINS * 5, why: 'sandbox mode only: simulated provider events; counted as if it were live' },
  'POST /api/admin/system-tests/{test}': { perDay: ADMINS * 5, why: 'a few manual system tests a day' },
};

/** The peak rate of a route, in requests per second. */
export function peakRate(t: RouteTraffic): number {
  const perDay = 'perDay' in t ? t.perDay : t.perActiveUserPerDay * TRAFFIC.monthlyActiveUsers * TRAFFIC.dailyActiveShare;
  // admin traffic happens within the working day, so its peak hour is 1/8 of it, not the users' share
  const hourShare = 'perDay' in t ? 1 / ADMIN_DAY_HOURS : TRAFFIC.peakHourShare;
  return (perDay * hourShare * TRAFFIC.peakSecondFactor) / 3600;
}
