import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { ApiError, api } from './api-client';

function lastInit(fn: ReturnType<typeof mockFetch>): RequestInit {
  const call = fn.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return call[1] ?? {};
}

describe('api client', () => {
  it('sends cookies and the X-Time-Zone header, and no Content-Type without a body', async () => {
    const fn = mockFetch({ 'GET /api/thing': () => json({ ok: true }) });
    await expect(api.get('/api/thing')).resolves.toEqual({ ok: true });
    const init = lastInit(fn);
    const headers = new Headers(init.headers);
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('X-Time-Zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(headers.get('X-Time-Zone')).toBeTruthy();
    expect(headers.has('Content-Type')).toBe(false);
    expect(init.body).toBeUndefined();
  });

  it('sets the JSON Content-Type only when there is a body', async () => {
    const fn = mockFetch({ 'POST /api/thing': () => json({ ok: true }), 'POST /api/empty': () => new Response(null, { status: 204 }) });
    await api.post('/api/thing', { a: 1 });
    let init = lastInit(fn);
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('X-Time-Zone')).toBeTruthy();

    await expect(api.post('/api/empty')).resolves.toBeUndefined();
    init = lastInit(fn);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
    expect(new Headers(init.headers).get('X-Time-Zone')).toBeTruthy();
  });

  it('raises "<status>: <text>" with the status and the server message', async () => {
    mockFetch({ 'POST /api/auth/signup': () => json({ message: 'Username already taken' }, 409) });
    const error = await api.post('/api/auth/signup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe('409: {"message":"Username already taken"}');
    expect(apiError.status).toBe(409);
    expect(apiError.serverMessage).toBe('Username already taken');
  });

  it('uses the status text when the body is empty, and has no server message for non-JSON', async () => {
    mockFetch({
      'GET /api/empty': () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
      'GET /api/text': () => new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }),
    });
    await expect(api.get('/api/empty')).rejects.toThrow(new ApiError(503, 'Service Unavailable', ''));
    await expect(api.get('/api/empty')).rejects.toHaveProperty('message', '503: Service Unavailable');
    const error = (await api.get('/api/text').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: upstream down');
    expect(error.serverMessage).toBeUndefined();
  });

  it('raises on 401 like any other error', async () => {
    mockFetch({ 'GET /api/auth/me': () => json({ message: 'Not signed in' }, 401) });
    await expect(api.get('/api/auth/me')).rejects.toHaveProperty('status', 401);
  });

  it('sends extra headers and a PATCH body', async () => {
    const fn = mockFetch({ 'PATCH /api/thing': () => json({ ok: true }) });
    await expect(api.patch('/api/thing', { b: 2 }, { headers: { 'Idempotency-Key': 'k1' } })).resolves.toEqual({ ok: true });
    const init = lastInit(fn);
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"b":2}');
    expect(new Headers(init.headers).get('Idempotency-Key')).toBe('k1');
  });

  it('propagates network failures as they are', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.get('/api/thing')).rejects.toThrow(TypeError);
  });
});
