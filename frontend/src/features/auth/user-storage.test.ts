import { describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from '@/lib/browser-clock';
import { makeUser } from '@/test/fetch-mock';
import { clearStoredUser, writeStoredUser } from './user-storage';

const zone = browserTimeZone()!;
const subscriber = makeUser({ hasActiveSubscription: true });

describe('the cached user and the early requests of the next visit (lib/early-requests.ts)', () => {
  it('a confirmed user is cached with the zone, written only when it changed; signing out forgets both', () => {
    localStorage.setItem('timeZone', 'Elsewhere/Old');
    writeStoredUser(subscriber);
    expect(localStorage.getItem('timeZone')).toBe(zone);

    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    writeStoredUser(subscriber);
    expect(setItem.mock.calls.map(([key]) => key)).toEqual(['user']);

    clearStoredUser();
    expect(localStorage.getItem('timeZone')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
