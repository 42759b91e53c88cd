import { describe, expect, it } from 'vitest';
import { json, makeUser, mockFetch } from '@/test/fetch-mock';
import { getAuthMe } from './get-auth-me';

describe('the session check', () => {
  it('answers the user, null on 401 (signed out), and raises any other error', async () => {
    const user = makeUser();
    mockFetch({ 'GET /api/auth/me': () => json({ user }) });
    await expect(getAuthMe()).resolves.toEqual(user);
    mockFetch({ 'GET /api/auth/me': () => json({ message: 'Not signed in' }, 401) });
    await expect(getAuthMe()).resolves.toBeNull();
    mockFetch({ 'GET /api/auth/me': () => json({ message: 'Down' }, 503) });
    await expect(getAuthMe()).rejects.toHaveProperty('status', 503);
  });
});
