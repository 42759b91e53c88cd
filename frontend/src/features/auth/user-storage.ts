import type { User } from '@fittrack/functions/contract/auth';
import { browserTimeZone } from '@/lib/browser-clock';
import { forgetZoneForEarlyRequests, keepZoneForEarlyRequests } from '@/lib/early-requests';
import { readJson, readStorage, removeStorage, writeJson, writeStorage } from '@/lib/storage';

/**
 * The user in browser storage is only a cache (DESIGN.md departure 5): it is never used to grant
 * access; the session is always confirmed with GET /api/auth/me.
 */
const USER_STORAGE_KEY = 'user';

function isUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.username === 'string' &&
    typeof v.email === 'string' &&
    (v.role === 'admin' || v.role === 'user') &&
    typeof v.subscriptionStatus === 'string' &&
    (v.subscriptionExpiresAt === null || typeof v.subscriptionExpiresAt === 'string') &&
    typeof v.hasActiveSubscription === 'boolean'
  );
}

/** Restores the cached user; invalid stored data is removed. */
export function readStoredUser(): User | null {
  return readJson(USER_STORAGE_KEY, isUser);
}

/**
 * Caches the user the server confirmed, with the browser's time zone: together they let the next
 * visit's inline script ask for a subscriber's dashboard early (lib/early-requests.ts).
 */
export function writeStoredUser(user: User): void {
  writeJson(USER_STORAGE_KEY, user);
  keepZoneForEarlyRequests(browserTimeZone());
}

export function clearStoredUser(): void {
  removeStorage(USER_STORAGE_KEY);
  forgetZoneForEarlyRequests();
}

/**
 * The id of the account created in this browser by its last sign-up, until the next sign-in or
 * sign-out: that user is brand new (greeted 'Welcome', not 'Welcome back').
 */
const NEW_ACCOUNT_KEY = 'newAccount';

export function markNewAccount(user: User | null): void {
  if (user) writeStorage(NEW_ACCOUNT_KEY, user.id);
  else removeStorage(NEW_ACCOUNT_KEY);
}

/** True for the account this browser has just signed up (see markNewAccount). */
export function isNewAccount(user: User): boolean {
  return readStorage(NEW_ACCOUNT_KEY) === user.id;
}

/** True when this browser keeps a signed-in user (worth asking the server about the session). */
export function hasStoredUser(): boolean {
  return readStoredUser() !== null;
}

/** The cached user had a plan when last confirmed (a hint for preloading only, never for access). */
export function storedUserHasPlan(): boolean {
  return readStoredUser()?.hasActiveSubscription === true;
}
