import { vi } from 'vitest';
import type { User } from '@fittrack/functions/contract/auth';

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
    ...overrides,
  };
}
