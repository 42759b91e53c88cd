import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock';
import { ApiError, apiFetch, apiRequest, getJson } from './api-client';

function lastInit(fn: ReturnType<typeof mockFetch>): RequestInit {
  const call = fn.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return call[1] ?? {};
}

describe('api client', () => {
  it('sends cookies and the X-Time-Zone header, and no Content-Type without a body', async () => {
    const fn = mockFetch({ 'GET /api/thing': () => json({ ok: true }) });
    await expect(apiFetch('/api/thing')).resolves.toEqual({ ok: true });
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
    await apiFetch('/api/thing', { method: 'POST', body: { a: 1 } });
    let init = lastInit(fn);
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('X-Time-Zone')).toBeTruthy();

    await expect(apiFetch('/api/empty', { method: 'POST' })).resolves.toBeUndefined();
    init = lastInit(fn);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
    expect(new Headers(init.headers).get('X-Time-Zone')).toBeTruthy();
  });

  it('raises "<status>: <text>" with the status and the server message', async () => {
    mockFetch({ 'POST /api/auth/signup': () => json({ message: 'Username already taken' }, 409) });
    const error = await apiRequest('/api/auth/signup', { method: 'POST', body: {} }).catch((e: unknown) => e);
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
    await expect(apiFetch('/api/empty')).rejects.toThrow(new ApiError(503, 'Service Unavailable', ''));
    await expect(apiFetch('/api/empty')).rejects.toHaveProperty('message', '503: Service Unavailable');
    const error = (await apiFetch('/api/text').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: upstream down');
    expect(error.serverMessage).toBeUndefined();
  });

  it('the default reader raises on 401, and returns null when asked to', async () => {
    mockFetch({ 'GET /api/auth/me': () => json({ message: 'Not signed in' }, 401) });
    await expect(getJson('/api/auth/me')).rejects.toHaveProperty('status', 401);
    await expect(getJson('/api/auth/me', { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('propagates network failures as they are', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiFetch('/api/thing')).rejects.toThrow(TypeError);
  });
});
