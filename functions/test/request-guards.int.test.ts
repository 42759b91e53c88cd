import { describe, expect, it } from 'vitest';
import { routes } from '../src/routes';
import { ApiClient, adminClient } from './api-client';

/**
 * Route-table-driven guards (DESIGN.md section 6), for every route that exists now or later:
 * a state-changing request with a foreign Origin is refused (403) and a non-JSON body is refused
 * (415) before any handler runs; every API answer carries the security headers. The Stripe
 * webhook has no session and is exempt from the Origin/JSON checks (it verifies a signature).
 */
const samplePath = (p: string) => p.replace(/\{(\w+)\}/g, (_m, n: string) => (n === 'test' ? 'login' : `sample-${n}`));
const stateChanging = routes.filter((r) => r.method !== 'GET' && r.access !== 'stripe');

function expectSecurityHeaders(h: Headers, where: string) {
  expect(Number(/max-age=(\d+)/.exec(h.get('strict-transport-security') ?? '')?.[1]), where).toBeGreaterThanOrEqual(31536000);
  const csp = h.get('content-security-policy') ?? '';
  for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp, where).toContain(d);
  expect(h.get('x-content-type-options'), where).toBe('nosniff');
  expect(h.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
}

describe.each([
  ['anonymous', async () => new ApiClient()],
  ['admin', adminClient],
])('request guards as %s', (_who, makeClient) => {
  it.each(stateChanging.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: foreign Origin → 403, text/plain → 415', async (_k, r) => {
    const c = await makeClient();
    const path = samplePath(r.path);
    const foreign = await c.request(r.method, path, { body: {}, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ message: 'Cross-site request refused' });
    const noOrigin = await c.request(r.method, path, { body: {}, origin: null });
    expect(noOrigin.status).toBe(403);
    const plain = await c.request(r.method, path, { rawBody: 'a=b', headers: { 'content-type': 'text/plain' } });
    expect(plain.status).toBe(415);
    expect(plain.body).toEqual({ message: 'Content-Type must be application/json' });
    for (const res of [foreign, noOrigin, plain]) expectSecurityHeaders(res.headers, `${r.method} ${path}`);
  });
});

describe('security headers on every route', () => {
  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s answers with the security headers and a JSON body', async (_k, r) => {
    const res = await new ApiClient().request(r.method, samplePath(r.path), r.method === 'GET' ? {} : { body: {} });
    expect(res.status).toBeLessThan(500);
    expectSecurityHeaders(res.headers, `${r.method} ${r.path}`);
    if (res.status !== 204) expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});
