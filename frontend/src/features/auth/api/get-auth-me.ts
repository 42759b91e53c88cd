import type { User, UserResponse } from '@fittrack/functions/contract/auth';
import { ApiError, api } from '@/lib/api-client';

/** SWR key of the session check. */
export const authMeKey = '/api/auth/me';

/** GET /api/auth/me: the signed-in user, or `null` when the server says 401 (signed out). */
export async function getAuthMe(): Promise<User | null> {
  try {
    return (await api.get<UserResponse>(authMeKey)).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
