import type { User } from '@fittrack/functions/contract/auth';
import { readJson, removeStorage, writeJson } from '@/lib/storage';

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

export function writeStoredUser(user: User): void {
  writeJson(USER_STORAGE_KEY, user);
}

export function clearStoredUser(): void {
  removeStorage(USER_STORAGE_KEY);
}
