/**
 * THE route table. One list drives the CDK routes, the local gateway, the
 * authorisation matrix test and the sample events (DESIGN.md section 4).
 *
 * Access levels:
 * - public:     anyone
 * - user:       signed in (any role, with or without a subscription)
 * - subscriber: signed in with an active subscription, or an admin
 * - admin:      member of the Cognito group `admin`
 * - stripe:     no session, no JSON parsing, no CSRF check; the handler checks the provider's
 *               signature on the exact raw body instead (Stripe's, and PayPal's on /webhooks/paypal)
 *
 * Default is deny: `access` is required by the type, so a route without a
 * level does not compile.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Access = 'public' | 'user' | 'subscriber' | 'admin' | 'stripe';
export type Domain = 'auth' | 'tracking' | 'catalog' | 'billing' | 'feedback' | 'admin' | 'stripe-webhook';

export interface RouteDef {
  readonly method: HttpMethod;
  readonly path: string;
  readonly domain: Domain;
  readonly access: Access;
  /** verb-noun operation name; also the sample event's file name */
  readonly name: string;
}

export const routes = [
  // auth
  { method: 'POST', path: '/api/auth/signup', domain: 'auth', access: 'public', name: 'post-auth-signup' },
  { method: 'POST', path: '/api/auth/login', domain: 'auth', access: 'public', name: 'post-auth-login' },
  { method: 'POST', path: '/api/auth/logout', domain: 'auth', access: 'public', name: 'post-auth-logout' },
  { method: 'POST', path: '/api/auth/logout-all', domain: 'auth', access: 'user', name: 'post-auth-logout-all' },
  { method: 'POST', path: '/api/auth/forgot-password', domain: 'auth', access: 'public', name: 'post-auth-forgot-password' },
  { method: 'POST', path: '/api/auth/reset-password', domain: 'auth', access: 'public', name: 'post-auth-reset-password' },
  { method: 'POST', path: '/api/auth/change-password', domain: 'auth', access: 'user', name: 'post-auth-change-password' },
  { method: 'POST', path: '/api/auth/verify-email', domain: 'auth', access: 'user', name: 'post-auth-verify-email' },
  { method: 'POST', path: '/api/auth/resend-verification', domain: 'auth', access: 'user', name: 'post-auth-resend-verification' },
  { method: 'POST', path: '/api/auth/change-email', domain: 'auth', access: 'user', name: 'post-auth-change-email' },
  { method: 'GET', path: '/api/auth/me', domain: 'auth', access: 'user', name: 'get-auth-me' },
  { method: 'POST', path: '/api/auth/mfa/setup', domain: 'auth', access: 'user', name: 'post-auth-mfa-setup' },
  { method: 'POST', path: '/api/auth/mfa/verify', domain: 'auth', access: 'user', name: 'post-auth-mfa-verify' },

  // catalogue and public runtime config
  { method: 'GET', path: '/api/config', domain: 'catalog', access: 'public', name: 'get-config' },
  { method: 'GET', path: '/api/meals', domain: 'catalog', access: 'subscriber', name: 'get-meals' },
  { method: 'GET', path: '/api/workouts', domain: 'catalog', access: 'subscriber', name: 'get-workouts' },
  { method: 'GET', path: '/api/stretches', domain: 'catalog', access: 'subscriber', name: 'get-stretches' },

  // daily tracking
  { method: 'GET', path: '/api/progress/today', domain: 'tracking', access: 'subscriber', name: 'get-progress-today' },
  { method: 'PATCH', path: '/api/progress/today', domain: 'tracking', access: 'subscriber', name: 'patch-progress-today' },
  { method: 'POST', path: '/api/progress/today/meals', domain: 'tracking', access: 'subscriber', name: 'post-progress-today-meals' },
  // the day's diary: today's meal entries, and corrections (remove a meal entry or a push-up set)
  { method: 'GET', path: '/api/progress/today/meals', domain: 'tracking', access: 'subscriber', name: 'get-progress-today-meals' },
  { method: 'DELETE', path: '/api/progress/today/meals/{id}', domain: 'tracking', access: 'subscriber', name: 'delete-progress-today-meal' },
  { method: 'GET', path: '/api/progress/history', domain: 'tracking', access: 'subscriber', name: 'get-progress-history' },
  { method: 'GET', path: '/api/pushups/today', domain: 'tracking', access: 'subscriber', name: 'get-pushups-today' },
  { method: 'POST', path: '/api/pushups', domain: 'tracking', access: 'subscriber', name: 'post-pushups' },
  { method: 'DELETE', path: '/api/pushups/{id}', domain: 'tracking', access: 'subscriber', name: 'delete-pushups' },

  // billing
  { method: 'POST', path: '/api/create-monthly-subscription', domain: 'billing', access: 'user', name: 'post-create-monthly-subscription' },
  { method: 'POST', path: '/api/create-yearly-subscription', domain: 'billing', access: 'user', name: 'post-create-yearly-subscription' },
  { method: 'POST', path: '/api/auth/activate-subscription', domain: 'billing', access: 'user', name: 'post-auth-activate-subscription' },
  { method: 'POST', path: '/paypal/order', domain: 'billing', access: 'user', name: 'post-paypal-order' },
  { method: 'POST', path: '/paypal/order/{orderId}/capture', domain: 'billing', access: 'user', name: 'post-paypal-order-capture' },
  { method: 'GET', path: '/paypal/setup', domain: 'billing', access: 'user', name: 'get-paypal-setup' },
  // sandbox stand-ins for the providers (local default; 404 when real provider keys are configured)
  { method: 'POST', path: '/api/sandbox/card/confirm', domain: 'billing', access: 'user', name: 'post-sandbox-card-confirm' },
  { method: 'POST', path: '/api/sandbox/paypal/{orderId}/approve', domain: 'billing', access: 'user', name: 'post-sandbox-paypal-approve' },
  { method: 'POST', path: '/api/sandbox/paypal/{orderId}/complete', domain: 'billing', access: 'user', name: 'post-sandbox-paypal-complete' },
  { method: 'GET', path: '/api/billing/payments', domain: 'billing', access: 'user', name: 'get-billing-payments' },
  { method: 'GET', path: '/api/admin/payments', domain: 'billing', access: 'admin', name: 'get-admin-payments' },
  { method: 'POST', path: '/api/admin/payments/{id}/refund', domain: 'billing', access: 'admin', name: 'post-admin-payment-refund' },
  { method: 'POST', path: '/api/admin/sandbox/payments/{id}/events', domain: 'billing', access: 'admin', name: 'post-admin-sandbox-payment-event' },
  // membership in Settings: current plan, renewal or expiry, cancel auto-renewal (Stripe cancel_at_period_end)
  { method: 'GET', path: '/api/subscription', domain: 'billing', access: 'user', name: 'get-subscription' },
  { method: 'POST', path: '/api/subscription/cancel', domain: 'billing', access: 'user', name: 'post-subscription-cancel' },
  // switch plans at the period end, or keep the current one (one paid subscription per user, decision 0305)
  { method: 'POST', path: '/api/subscription/change', domain: 'billing', access: 'user', name: 'post-subscription-change' },
  { method: 'POST', path: '/webhooks/stripe', domain: 'stripe-webhook', access: 'stripe', name: 'post-webhooks-stripe' },
  // PayPal's webhook: in the billing Lambda, which already has the PayPal SDK and credentials (decision 0304)
  { method: 'POST', path: '/webhooks/paypal', domain: 'billing', access: 'stripe', name: 'post-webhooks-paypal' },

  // the account's data: export it, delete the account (decision 0021). In the billing Lambda: deletion
  // cancels the Stripe subscription, and only this one holds the Stripe SDK and key.
  { method: 'GET', path: '/api/account/export', domain: 'billing', access: 'user', name: 'get-account-export' },
  { method: 'POST', path: '/api/account/delete', domain: 'billing', access: 'user', name: 'post-account-delete' },

  // feedback
  { method: 'POST', path: '/api/feedback', domain: 'feedback', access: 'subscriber', name: 'post-feedback' },
  { method: 'GET', path: '/api/feedback', domain: 'feedback', access: 'admin', name: 'get-feedback' },
  { method: 'PATCH', path: '/api/feedback/{id}/status', domain: 'feedback', access: 'admin', name: 'patch-feedback-status' },

  // admin
  { method: 'GET', path: '/api/admin/logs', domain: 'admin', access: 'admin', name: 'get-admin-logs' },
  { method: 'POST', path: '/api/admin/system-tests/{test}', domain: 'admin', access: 'admin', name: 'post-admin-system-test' },
] as const satisfies readonly RouteDef[];

export type Route = (typeof routes)[number];
/** API Gateway HTTP API route key, e.g. "GET /api/auth/me" */
export type RouteKey = `${Route['method']} ${Route['path']}`;
export type RouteKeyOf<D extends Domain> = Extract<Route, { domain: D }> extends infer R
  ? R extends Route
    ? `${R['method']} ${R['path']}`
    : never
  : never;

/** Where each domain's Lambda handler lives, relative to functions/src (CDK entry and local gateway). */
export const functionEntries: Record<Domain, string> = {
  auth: 'auth/handler.ts',
  tracking: 'tracking/handler.ts',
  catalog: 'catalog/handler.ts',
  billing: 'billing/handler.ts',
  feedback: 'feedback/handler.ts',
  admin: 'admin/handler.ts',
  'stripe-webhook': 'billing/webhook-handler.ts',
};

/** Path prefixes that go to the API (CloudFront behaviours, local gateway). */
export const apiPathPrefixes = ['/api/', '/paypal/', '/webhooks/'] as const;

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): RouteKey => `${r.method} ${r.path}` as RouteKey;

export const findRouteByKey = (key: string): Route | undefined => routes.find((r) => routeKey(r) === key);

const compiled = routes.map((r) => {
  const names: string[] = [];
  const source = r.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route: r, regex: new RegExp(`^${source}$`), names };
});

/**
 * Matches a concrete request (as API Gateway would) to a route and its path parameters.
 * Returns `methodNotAllowed` when the path exists under another method.
 */
export function matchRoute(
  method: string,
  path: string,
): { route: Route; pathParameters: Record<string, string> } | { route: undefined; methodNotAllowed: boolean } {
  let pathExists = false;
  for (const c of compiled) {
    const m = c.regex.exec(path);
    if (!m) continue;
    pathExists = true;
    if (c.route.method !== method) continue;
    const pathParameters: Record<string, string> = {};
    try {
      c.names.forEach((n, i) => {
        pathParameters[n] = decodeURIComponent(m[i + 1] ?? '');
      });
    } catch {
      return { route: undefined, methodNotAllowed: false }; // malformed percent-encoding: no such route
    }
    return { route: c.route, pathParameters };
  }
  return { route: undefined, methodNotAllowed: pathExists };
}
