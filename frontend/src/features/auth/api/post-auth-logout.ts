import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/logout (no body): clears the session cookies; 204. */
export async function postAuthLogout(): Promise<void> {
  await apiRequest('/api/auth/logout', { method: 'POST' });
}
