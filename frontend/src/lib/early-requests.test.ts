import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, makeUser, mockFetch, requestsOf } from '@/test/fetch-mock';
import { runInlineScript } from '@/test/inline-script';
import { api } from './api-client';
import { browserTimeZone } from './browser-clock';

const zone = browserTimeZone()!;
const subscriber = makeUser({ hasActiveSubscription: true });

function storeVisit(user: unknown = subscriber, storedZone: string | null = zone) {
  localStorage.setItem('user', JSON.stringify(user));
  if (storedZone) localStorage.setItem('timeZone', storedZone);
}

describe('early requests: the inline script asks, the API client takes the answer', () => {
  beforeEach(() => history.replaceState(null, '', '/'));
  afterEach(() => {
    delete window.__earlyRequests;
    document.body.innerHTML = '';
    history.replaceState(null, '', '/');
  });

  it('a returning subscriber on the dashboard: the session check and today are sent once, by the inline script', async () => {
    storeVisit();
    const fn = mockFetch({ 'GET /api/auth/me': () => json({ user: subscriber }), 'GET /api/progress/today': () => json({ calories: 5 }) });
    runInlineScript();
    expect(requestsOf(fn)).toEqual(['GET /api/auth/me', 'GET /api/progress/today']);
    for (const [, init] of fn.mock.calls) {
      expect(init?.credentials).toBe('same-origin');
      expect(new Headers(init?.headers).get('X-Time-Zone')).toBe(zone);
    }

    await expect(api.get('/api/progress/today')).resolves.toEqual({ calories: 5 });
    await expect(api.get('/api/auth/me')).resolves.toEqual({ user: subscriber });
    expect(fn).toHaveBeenCalledTimes(2); // the app's first requests took the early answers

    await api.get('/api/progress/today'); // handed out once: a later request is a new one
    expect(requestsOf(fn)).toEqual(['GET /api/auth/me', 'GET /api/progress/today', 'GET /api/progress/today']);
  });

  it('/dashboard too; a refused early answer is the app\'s error like any other', async () => {
    history.replaceState(null, '', '/dashboard');
    storeVisit();
    mockFetch({ 'GET /api/auth/me': () => json({ message: 'Not signed in' }, 401), 'GET /api/progress/today': () => json({ message: 'Not signed in' }, 401) });
    runInlineScript();
    await expect(api.get('/api/auth/me')).rejects.toMatchObject({ status: 401, serverMessage: 'Not signed in' });
  });

  it('a failed early request reaches the app as a failed request', async () => {
    storeVisit();
    const fn = mockFetch({});
    fn.mockRejectedValue(new TypeError('Failed to fetch'));
    runInlineScript();
    await expect(api.get('/api/progress/today')).rejects.toThrow('Failed to fetch');
  });

  it('an answer asked for in another time zone is dropped: the app asks again with its own', async () => {
    storeVisit(subscriber, zone === 'Asia/Tokyo' ? 'Europe/Paris' : 'Asia/Tokyo');
    const fn = mockFetch({ 'GET /api/progress/today': () => json({ calories: 1 }) });
    runInlineScript();
    await api.get('/api/progress/today');
    expect(fn).toHaveBeenCalledTimes(3);
    expect(new Headers(fn.mock.calls[2]![1]?.headers).get('X-Time-Zone')).toBe(zone);
  });

  it('only a plain GET of the same path takes an early answer', async () => {
    storeVisit();
    const fn = mockFetch({ 'GET /api/progress/today': () => json({ calories: 1 }), 'PATCH /api/progress/today': () => json({ calories: 2 }), 'GET /api/auth/me': () => json({ user: subscriber }) });
    runInlineScript();
    await expect(api.patch('/api/progress/today', { steps: 1 })).resolves.toEqual({ calories: 2 });
    await api.get('/api/progress/today', { headers: { 'X-Extra': '1' } });
    expect(requestsOf(fn)).toEqual(['GET /api/auth/me', 'GET /api/progress/today', 'PATCH /api/progress/today', 'GET /api/progress/today']);
  });

  it.each(['/', '/dashboard'])('no stored user on %s: the session check alone is sent at once, without a zone, and the app takes its answer', async (page) => {
    history.replaceState(null, '', page);
    const fn = mockFetch({ 'GET /api/auth/me': () => json({ user: subscriber }) });
    runInlineScript();
    expect(requestsOf(fn)).toEqual(['GET /api/auth/me']);
    expect(fn.mock.calls[0]![1]?.credentials).toBe('same-origin');
    expect(new Headers(fn.mock.calls[0]![1]?.headers).get('X-Time-Zone')).toBeNull();
    // signed in after all (cookies without a stored user): the app's session check is that answer
    await expect(api.get('/api/auth/me')).resolves.toEqual({ user: subscriber });
    expect(fn).toHaveBeenCalledTimes(1);
    await api.get('/api/auth/me');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('no stored user, signed in after all as a subscriber, the app not started yet: the figures are asked for as soon as the session check answers, in the browser\'s zone, and the app takes both', async () => {
    document.body.innerHTML = '<div id="root" data-prerendered="/"></div>';
    const fn = mockFetch({ 'GET /api/auth/me': () => json({ user: subscriber }), 'GET /api/progress/today': () => json({ calories: 7 }) });
    runInlineScript();
    await waitFor(() => expect(requestsOf(fn)).toEqual(['GET /api/auth/me', 'GET /api/progress/today']));
    expect(new Headers(fn.mock.calls[1]![1]?.headers).get('X-Time-Zone')).toBe(zone);
    expect(fn.mock.calls[1]![1]?.credentials).toBe('same-origin');
    await expect(api.get('/api/auth/me')).resolves.toEqual({ user: subscriber }); // the body is still the app's to read
    await expect(api.get('/api/progress/today')).resolves.toEqual({ calories: 7 });
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['without a plan', makeUser({ hasActiveSubscription: false }), '<div id="root" data-prerendered="/"></div>'],
    ['once the app has started (it asks for the figures itself)', subscriber, '<div id="root"></div>'],
  ])('no stored user, signed in %s: no figures are asked for early', async (_, user, root) => {
    document.body.innerHTML = root;
    const fn = mockFetch({ 'GET /api/auth/me': () => json({ user }) });
    runInlineScript();
    await expect(api.get('/api/auth/me')).resolves.toEqual({ user });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requestsOf(fn)).toEqual(['GET /api/auth/me']);
  });

  it('no stored user, signed out: the app that takes the answer sees the 401 like any other', async () => {
    // (before the app has started, the inline script sends the browser to /auth: e2e/first-paint)
    document.body.innerHTML = '<div id="root"></div>'; // the app has taken over: no data-prerendered
    const fn = mockFetch({ 'GET /api/auth/me': () => json({ message: 'Not signed in' }, 401) });
    runInlineScript();
    await expect(api.get('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['another page', '/settings', subscriber, zone],
    ['the sign-in page', '/auth', subscriber, zone],
    ['no plan', '/', makeUser({ hasActiveSubscription: false }), zone],
    ['no stored zone (a first visit)', '/', subscriber, null],
    ['a stored user that is not JSON', '/', '{', zone],
  ])('nothing is sent early on %s', (_, page, user, storedZone) => {
    history.replaceState(null, '', page);
    if (typeof user === 'string') {
      localStorage.setItem('user', user);
      localStorage.setItem('timeZone', storedZone!);
    } else storeVisit(user, storedZone);
    const fn = mockFetch({});
    expect(runInlineScript).not.toThrow();
    expect(fn).not.toHaveBeenCalled();
    expect(window.__earlyRequests).toBeUndefined();
    expect(document.documentElement.dataset.theme).toBe('light'); // the appearance part still ran
  });
});
