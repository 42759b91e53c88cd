import type { User, UserResponse } from '@fittrack/functions/contract/auth';
import { getJson } from '../../../lib/api-client';

/** SWR key of the session check. */
export const authMeKey = '/api/auth/me';

/** GET /api/auth/me: the signed-in user, or `null` when the server says 401 (signed out). */
export async function getAuthMe(): Promise<User | null> {
  const response = await getJson<UserResponse>(authMeKey, { on401: 'returnNull' });
  return response?.user ?? null;
}
