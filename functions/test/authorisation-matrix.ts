import { type Domain, type RouteKeyOf } from '../src/routes';

/** The key of each route that exists (RouteKey is every method × every path). */
export type ExistingRouteKey = RouteKeyOf<Domain>;

/**
 * The expected-outcome table of the authorisation matrix (hardening issue, DESIGN.md section 4),
 * written by hand and kept apart from the route table on purpose: the route table says what the
 * code does, this table says what we mean it to do, and the tests compare the two.
 *
 * One row per route; one HTTP status per caller, for the well-formed request that
 * `authorisation-matrix.int.test.ts` sends (in the local stack's sandbox payment mode):
 * - 401 / 403 mean "refused by access control" and must come with one of `DENIALS`;
 * - any other status means "let through", and must not carry a denial message.
 *
 * Callers: `anonymous` (no cookie), `user` (signed in, never subscribed), `lapsed` (signed in,
 * subscription expired yesterday), `subscriber` (active subscription), `admin` (group `admin`).
 *
 * A route added to routes.ts without a row here fails the tests (the type below requires every
 * route key, and the tests check it again at run time).
 */
export const CALLERS = ['anonymous', 'user', 'lapsed', 'subscriber', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export type Row = Readonly<Record<Caller, number>>;

export const DENIALS = {
  401: ['Authentication required', 'Your session has ended. Please sign in again.'],
  403: ['Administrator privileges required', 'An active subscription is required'],
} as const;

const publicRoute = (status: number): Row => ({ anonymous: status, user: status, lapsed: status, subscriber: status, admin: status });
const signedIn = (status: number): Row => ({ anonymous: 401, user: status, lapsed: status, subscriber: status, admin: status });
const subscribers = (status: number): Row => ({ anonymous: 401, user: 403, lapsed: 403, subscriber: status, admin: status });
const adminsOnly = (status: number): Row => ({ anonymous: 401, user: 403, lapsed: 403, subscriber: 403, admin: status });

export const expectedOutcomes: Readonly<Record<ExistingRouteKey, Row>> = {
  // auth: sign-up and sign-in are open to all (a fresh account each time, an existing account's credentials)
  'POST /api/auth/signup': publicRoute(201),
  'POST /api/auth/login': publicRoute(200),
  'POST /api/auth/logout': publicRoute(204),
  'POST /api/auth/logout-all': signedIn(204),
  // forgot password answers the same for an unknown user; the matrix's reset code and current password are wrong (nothing changes)
  'POST /api/auth/forgot-password': publicRoute(202),
  'POST /api/auth/reset-password': publicRoute(400),
  'POST /api/auth/change-password': signedIn(400),
  // the account's data: anyone signed in exports their own; the matrix's password is wrong, so nothing is deleted
  'GET /api/account/export': signedIn(200),
  'POST /api/account/delete': signedIn(400),
  'GET /api/auth/me': signedIn(200),
  // email verification: the matrix's code is wrong (400; the admin's address is verified already, also 400);
  // a new code is sent to each unverified account (202); change email with a wrong password is 400
  'POST /api/auth/verify-email': signedIn(400),
  'POST /api/auth/resend-verification': { ...signedIn(202), admin: 400 },
  'POST /api/auth/change-email': signedIn(400),
  // two-step sign-in: any account may set up an authenticator; the admin has one already (409), and
  // the matrix's code is wrong for everyone (400, nothing changes)
  'POST /api/auth/mfa/setup': { ...signedIn(200), admin: 409 },
  'POST /api/auth/mfa/verify': signedIn(400),

  // public runtime config; the catalogue is for subscribers (and admins)
  'GET /api/config': publicRoute(200),
  'GET /api/meals': subscribers(200),
  'GET /api/workouts': subscribers(200),
  'GET /api/stretches': subscribers(200),

  // daily tracking: subscribers and admins only, including the two routes that check inside the handler
  'GET /api/progress/today': subscribers(200),
  'PATCH /api/progress/today': subscribers(200),
  'POST /api/progress/today/meals': subscribers(200),
  'GET /api/progress/history': subscribers(200),
  'GET /api/pushups/today': subscribers(200),
  'POST /api/pushups': subscribers(201),
  // corrections: the matrix deletes an id that was never this caller's (nothing changes, 404)
  'GET /api/progress/today/meals': subscribers(200),
  'DELETE /api/progress/today/meals/{id}': subscribers(404),
  'DELETE /api/pushups/{id}': subscribers(404),

  // billing: any signed-in account may start or manage a subscription. The matrix sends unknown
  // payment ids, so that no caller changes category: a let-through answer is the handler's 404
  // (or 402 "No completed payment was found", the spec's answer for activation without payment).
  // one paid subscription per user (decision 0305): the subscriber's plan runs, so a card
  // subscription is refused (409) until it ends, while PayPal may add a period
  'POST /api/create-monthly-subscription': { ...signedIn(200), subscriber: 409 },
  'POST /api/create-yearly-subscription': { ...signedIn(200), subscriber: 409 },
  'POST /api/auth/activate-subscription': signedIn(402),
  'POST /paypal/order': signedIn(201),
  'POST /paypal/order/{orderId}/capture': signedIn(404),
  'GET /paypal/setup': signedIn(200),
  'POST /api/sandbox/card/confirm': signedIn(404),
  'POST /api/sandbox/paypal/{orderId}/approve': signedIn(404),
  'POST /api/sandbox/paypal/{orderId}/complete': signedIn(404),
  // payment history: every account sees its own (none here: an empty list)
  'GET /api/billing/payments': signedIn(200),
  'GET /api/subscription': signedIn(200),
  // nothing to cancel for these callers (the subscriber's entitlement was granted directly)
  'POST /api/subscription/cancel': { anonymous: 401, user: 409, lapsed: 409, subscriber: 409, admin: 409 },
  // nothing renews by card for these callers, so there is no plan to switch
  'POST /api/subscription/change': { anonymous: 401, user: 409, lapsed: 409, subscriber: 409, admin: 409 },
  // no session at all: the signature is the credential; in sandbox mode the route does not exist
  'POST /webhooks/stripe': publicRoute(404),
  'POST /webhooks/paypal': publicRoute(404),

  // feedback: subscribers send it, admins triage it
  'POST /api/feedback': subscribers(201),
  'GET /api/feedback': adminsOnly(200),
  'PATCH /api/feedback/{id}/status': adminsOnly(200),

  // admin
  'GET /api/admin/logs': adminsOnly(200),
  // payments across users; a refund (or a simulated sandbox event) of a payment that does not exist is 404
  'GET /api/admin/payments': adminsOnly(200),
  'POST /api/admin/payments/{id}/refund': adminsOnly(404),
  'POST /api/admin/sandbox/payments/{id}/events': adminsOnly(404),
  'POST /api/admin/system-tests/{test}': adminsOnly(200),
};
