import { vi } from 'vitest';
import type { User } from '@fittrack/functions/contract/auth';
import type { MembershipResponse } from '@fittrack/functions/contract/billing';

export type Handler = (request: { method: string; url: string; headers: Headers; body: unknown }) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A promise that never settles: a request that is still in flight. */
export const pending = () => new Promise<Response>(() => {});

/**
 * Replaces global fetch with handlers keyed by "METHOD /path" (query string ignored).
 * An unexpected request fails the test loudly (501 with the request in the message).
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const path = new URL(url, 'http://localhost').pathname;
    const handler = handlers[`${method} ${path}`];
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    if (!handler) return new Response(`unexpected request ${method} ${path}`, { status: 501 });
    return handler({ method, url, headers: new Headers(init.headers), body });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** The "METHOD /path" of every request made so far. */
export function requestsOf(fn: ReturnType<typeof mockFetch>): string[] {
  return fn.mock.calls.map(([input, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${String(input)}`);
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u-1',
    username: 'alex',
    email: 'alex@example.com',
    role: 'user',
    subscriptionStatus: 'active',
    subscriptionExpiresAt: null,
    hasActiveSubscription: true,
    emailVerified: true,
    ...overrides,
  };
}

type PlanOption = MembershipResponse['plans']['monthly'];
const open: PlanOption = { current: false, startsAt: null, action: 'checkout', card: true, paypal: true, reason: null };

/** GET /api/subscription as the server answers it (purchase rules included): no plan, unless overridden. */
export function makeMembership(overrides: Partial<MembershipResponse> = {}): MembershipResponse {
  return {
    status: 'none',
    hasActiveSubscription: false,
    plan: null,
    provider: null,
    expiresAt: null,
    autoRenew: false,
    canCancel: false,
    nextPlan: null,
    plans: { monthly: open, yearly: open },
    ...overrides,
  };
}

/** A yearly card subscription that renews on 2027-03-01: yearly is current, monthly a switch. */
export function renewingYearly(overrides: Partial<MembershipResponse> = {}): MembershipResponse {
  return makeMembership({
    status: 'active',
    hasActiveSubscription: true,
    plan: 'yearly',
    provider: 'stripe',
    expiresAt: '2027-03-01T12:00:00.000Z',
    autoRenew: true,
    canCancel: true,
    plans: {
      yearly: { current: true, startsAt: null, action: null, card: false, paypal: false, reason: 'You already have the Yearly plan. It renews on March 1, 2027.' },
      monthly: {
        current: false,
        startsAt: null,
        action: 'switch',
        card: false,
        paypal: false,
        reason: 'You have the Yearly plan, which renews on March 1, 2027. To switch to the Monthly plan, use Switch plan in Settings › Membership: it starts on March 1, 2027.',
      },
    },
    ...overrides,
  });
}

/** A yearly PayPal period that runs to 2027-03-01 and does not renew: PayPal may renew either plan. */
export function paidYearlyByPaypal(): MembershipResponse {
  const reason = 'Your Yearly plan is paid until March 1, 2027. A card subscription can start when it ends; to add another period now, pay with PayPal.';
  return makeMembership({
    status: 'active',
    hasActiveSubscription: true,
    plan: 'yearly',
    provider: 'paypal',
    expiresAt: '2027-03-01T12:00:00.000Z',
    plans: {
      yearly: { current: true, startsAt: null, action: 'renew', card: false, paypal: true, reason },
      monthly: { current: false, startsAt: null, action: 'renew', card: false, paypal: true, reason },
    },
  });
}
