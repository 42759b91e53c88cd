import { api } from '@/lib/api-client';

/** POST /api/auth/logout (no body): clears the session cookies; 204. */
export async function postAuthLogout(): Promise<void> {
  await api.post<undefined>('/api/auth/logout');
}
