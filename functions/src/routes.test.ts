import { existsSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDomainHandler } from './lib/domain-handler';
import { type RouteImpl } from './lib/request';
import { type Access, type Domain, apiPathPrefixes, findRouteByKey, functionEntries, matchRoute, routeKey, routes } from './routes';

/**
 * The authorisation matrix: every call of SPEC.md section 7 and every extra of DESIGN.md
 * section 4, with the access level it must have. A route added, removed or re-levelled
 * without changing this list fails here on purpose.
 */
const expected: Record<string, Access> = {
  // SPEC.md section 7
  'GET /api/progress/today': 'subscriber',
  'PATCH /api/progress/today': 'subscriber',
  'GET /api/pushups/today': 'subscriber',
  'POST /api/pushups': 'subscriber',
  'GET /api/stretches': 'subscriber',
  'GET /api/meals': 'subscriber',
  'GET /api/workouts': 'subscriber',
  'POST /api/auth/login': 'public',
  'POST /api/auth/signup': 'public',
  'POST /api/create-monthly-subscription': 'user',
  'POST /api/create-yearly-subscription': 'user',
  'POST /api/auth/activate-subscription': 'user',
  'POST /paypal/order': 'user',
  'POST /paypal/order/{orderId}/capture': 'user',
  'GET /paypal/setup': 'user',
  'POST /api/feedback': 'subscriber',
  'GET /api/feedback': 'admin',
  'PATCH /api/feedback/{id}/status': 'admin',
  'GET /api/admin/logs': 'admin',
  // DESIGN.md section 4 extras
  'GET /api/auth/me': 'user',
  // two-step sign-in (issue 15 point 5): any signed-in account sets up its own authenticator
  'POST /api/auth/mfa/setup': 'user',
  'POST /api/auth/mfa/verify': 'user',
  'POST /api/auth/logout': 'public',
  'GET /api/config': 'public',
  'POST /webhooks/stripe': 'stripe',
  // money going back (issue 16): PayPal's signature-checked webhook
  'POST /webhooks/paypal': 'stripe',
  'POST /api/progress/today/meals': 'subscriber',
  'GET /api/progress/history': 'subscriber',
  'POST /api/admin/system-tests/{test}': 'admin',
  // sandbox payment stand-ins (subscriptions issue)
  'POST /api/sandbox/card/confirm': 'user',
  'POST /api/sandbox/paypal/{orderId}/approve': 'user',
  // Settings › Membership (subscriptions issue)
  'GET /api/subscription': 'user',
  'POST /api/subscription/cancel': 'user',
  'POST /api/subscription/change': 'user',
  // accounts issue: sign out everywhere
  'POST /api/auth/logout-all': 'user',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/change-password': 'user',
  'GET /api/account/export': 'user',
  'POST /api/account/delete': 'user',
  // email verification and change email (decision 0024)
  'POST /api/auth/verify-email': 'user',
  'POST /api/auth/resend-verification': 'user',
  'POST /api/auth/change-email': 'user',
  // a diary you can correct (issue 18 point 3; DESIGN.md section 8, departure 10)
  'GET /api/progress/today/meals': 'subscriber',
  'DELETE /api/progress/today/meals/{id}': 'subscriber',
  'DELETE /api/pushups/{id}': 'subscriber',
  // payment history and admin refunds (issue 16 points 4 and 5, decision 0306)
  'GET /api/billing/payments': 'user',
  'GET /api/admin/payments': 'admin',
  'POST /api/admin/payments/{id}/refund': 'admin',
  'POST /api/admin/sandbox/payments/{id}/events': 'admin',
  'POST /api/sandbox/paypal/{orderId}/complete': 'user',
};

const ACCESS_LEVELS: readonly Access[] = ['public', 'user', 'subscriber', 'admin', 'stripe'];
const DOMAINS: readonly Domain[] = ['auth', 'tracking', 'catalog', 'billing', 'feedback', 'admin', 'stripe-webhook'];

describe('route table', () => {
  it.each(Object.entries(expected))('%s is in the table with access level %s', (key, access) => {
    const route = findRouteByKey(key);
    expect(route, `${key} is missing from routes.ts`).toBeDefined();
    expect(route!.access).toBe(access);
  });

  it('has no route that the matrix above does not know', () => {
    const unknown = routes.map(routeKey).filter((k) => !(k in expected));
    expect(unknown).toEqual([]);
  });

  it('gives every route a valid access level (default deny)', () => {
    for (const r of routes) expect(ACCESS_LEVELS, routeKey(r)).toContain(r.access);
  });

  it('only uses the stripe level for the signature-checked webhooks', () => {
    expect(routes.filter((r) => r.access === 'stripe').map(routeKey)).toEqual(['POST /webhooks/stripe', 'POST /webhooks/paypal']);
    expect(routes.filter((r) => r.domain === 'stripe-webhook').every((r) => r.access === 'stripe')).toBe(true);
  });

  it('has unique route keys and unique names', () => {
    const keys = routes.map(routeKey);
    const names = routes.map((r) => r.name);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(names).size).toBe(names.length);
  });

  it('names each route verb-noun in kebab case, starting with its method', () => {
    for (const r of routes) {
      expect(r.name, routeKey(r)).toMatch(/^[a-z]+(-[a-z0-9]+)+$/);
      expect(r.name.startsWith(`${r.method.toLowerCase()}-`), r.name).toBe(true);
    }
  });

  it('serves every path under an API prefix (CloudFront behaviours, local gateway)', () => {
    for (const r of routes) expect(apiPathPrefixes.some((p) => r.path.startsWith(p)), r.path).toBe(true);
  });

  it('uses only {name} path parameters that fill a whole segment', () => {
    for (const r of routes) {
      for (const seg of r.path.split('/').slice(1)) expect(seg, r.path).toMatch(/^([a-z0-9-]+|\{[A-Za-z]+\})$/);
    }
  });

  it('has a function entry for every domain, and every entry file exists', () => {
    expect(Object.keys(functionEntries).sort()).toEqual([...DOMAINS].sort());
    for (const r of routes) expect(functionEntries[r.domain], r.name).toBeDefined();
    for (const [domain, entry] of Object.entries(functionEntries)) {
      expect(existsSync(path.join(import.meta.dirname, entry)), `${domain}: ${entry}`).toBe(true);
    }
  });

  it('finds routes by key and nothing else', () => {
    expect(findRouteByKey('GET /api/auth/me')?.name).toBe('get-auth-me');
    expect(findRouteByKey('GET /api/auth/me/')).toBeUndefined();
    expect(findRouteByKey('get /api/auth/me')).toBeUndefined();
    expect(findRouteByKey('$default')).toBeUndefined();
  });
});

describe('matchRoute', () => {
  it('matches a static route', () => {
    const m = matchRoute('GET', '/api/auth/me');
    expect(m.route?.name).toBe('get-auth-me');
    expect(m).toMatchObject({ pathParameters: {} });
  });

  it('extracts path parameters', () => {
    const m = matchRoute('POST', '/paypal/order/ORDER-123/capture');
    expect(m.route?.name).toBe('post-paypal-order-capture');
    expect(m).toMatchObject({ pathParameters: { orderId: 'ORDER-123' } });
    const f = matchRoute('PATCH', '/api/feedback/01JZ8Q6W3K5M7N9P0R2S4T6V8X/status');
    expect(f).toMatchObject({ route: { name: 'patch-feedback-status' }, pathParameters: { id: '01JZ8Q6W3K5M7N9P0R2S4T6V8X' } });
  });

  it('decodes percent-encoded path parameters', () => {
    expect(matchRoute('POST', '/api/admin/system-tests/log%20in')).toMatchObject({ pathParameters: { test: 'log in' } });
    expect(matchRoute('POST', '/paypal/order/a%2Fb/capture')).toMatchObject({ pathParameters: { orderId: 'a/b' } });
    expect(matchRoute('POST', '/paypal/order/%C3%A9t%C3%A9/capture')).toMatchObject({ pathParameters: { orderId: 'été' } });
  });

  it('does not let a parameter span segments or be empty', () => {
    expect(matchRoute('POST', '/paypal/order/a/b/capture')).toEqual({ route: undefined, methodNotAllowed: false });
    expect(matchRoute('POST', '/paypal/order//capture')).toEqual({ route: undefined, methodNotAllowed: false });
  });

  it('flags a known path under another method', () => {
    expect(matchRoute('DELETE', '/api/feedback')).toEqual({ route: undefined, methodNotAllowed: true });
    expect(matchRoute('GET', '/api/auth/login')).toEqual({ route: undefined, methodNotAllowed: true });
    expect(matchRoute('GET', '/api/feedback/x/status')).toEqual({ route: undefined, methodNotAllowed: true });
  });

  it('tells two methods of one path apart', () => {
    expect(matchRoute('GET', '/api/progress/today').route?.name).toBe('get-progress-today');
    expect(matchRoute('PATCH', '/api/progress/today').route?.name).toBe('patch-progress-today');
    expect(matchRoute('GET', '/api/feedback').route?.name).toBe('get-feedback');
    expect(matchRoute('POST', '/api/feedback').route?.name).toBe('post-feedback');
    expect(matchRoute('GET', '/api/progress/today/meals').route?.name).toBe('get-progress-today-meals');
    expect(matchRoute('POST', '/api/progress/today/meals').route?.name).toBe('post-progress-today-meals');
  });

  it('keeps GET /api/pushups/today apart from DELETE /api/pushups/{id}', () => {
    expect(matchRoute('GET', '/api/pushups/today').route?.name).toBe('get-pushups-today');
    expect(matchRoute('DELETE', '/api/pushups/01JZ8Q6W3K5M7N9P0R2S4T6V8X')).toEqual({
      route: expect.objectContaining({ name: 'delete-pushups' }),
      pathParameters: { id: '01JZ8Q6W3K5M7N9P0R2S4T6V8X' },
    });
    expect(matchRoute('DELETE', '/api/progress/today/meals/01JZ8Q6W3K5M7N9P0R2S4T6V8X').route?.name).toBe('delete-progress-today-meal');
    expect(matchRoute('GET', '/api/pushups/01JZ8Q6W3K5M7N9P0R2S4T6V8X')).toEqual({ route: undefined, methodNotAllowed: true });
  });

  it('answers no match for unknown paths, trailing slashes and prefixes', () => {
    for (const p of ['/api/nope', '/api/auth/me/', '/api/auth', '/api/auth/me/extra', '/API/AUTH/ME', '/', '']) {
      expect(matchRoute('GET', p), p).toEqual({ route: undefined, methodNotAllowed: false });
    }
  });

  it('round-trips any parameter value through encoding (property)', () => {
    const withParams = routes.filter((r) => r.path.includes('{'));
    fc.assert(
      fc.property(fc.constantFrom(...withParams), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }), (route, value) => {
        const concrete = route.path.replace(/\{\w+\}/, encodeURIComponent(value));
        const m = matchRoute(route.method, concrete);
        expect(m.route?.name).toBe(route.name);
        expect(Object.values('pathParameters' in m ? m.pathParameters : {})).toEqual([value]);
      }),
    );
  });
});

describe('domain handler modules', () => {
  it.each(Object.entries(functionEntries))('%s (%s) exports a handler function', async (_domain, entry) => {
    const mod = (await import(/* @vite-ignore */ path.join(import.meta.dirname, entry))) as { handler?: unknown };
    expect(typeof mod.handler).toBe('function');
  });

  it('createDomainHandler refuses an implementation map that misses a route', () => {
    const noop: RouteImpl = async () => ({ status: 204 });
    for (const domain of DOMAINS) {
      const own = routes.filter((r) => r.domain === domain);
      const full = Object.fromEntries(own.map((r) => [routeKey(r), noop]));
      expect(() => createDomainHandler(domain, full as never), domain).not.toThrow();
      for (const missing of own) {
        const partial: Record<string, RouteImpl> = { ...full };
        delete partial[routeKey(missing)];
        expect(() => createDomainHandler(domain, partial as never)).toThrow(`No implementation for ${routeKey(missing)}`);
      }
    }
  });
});

describe('matchRoute with malformed percent-encoding', () => {
  it('answers no match instead of throwing', () => {
    expect(matchRoute('POST', '/paypal/order/%E0%A4%A/capture')).toEqual({ route: undefined, methodNotAllowed: false });
    expect(matchRoute('PATCH', '/api/feedback/%/status')).toEqual({ route: undefined, methodNotAllowed: false });
  });
});
