import { api } from '@/lib/api-client';

/** POST /api/auth/logout-all (no body): ends every session of the account, this one included, and clears its cookies; 204. */
export async function postAuthLogoutAll(): Promise<void> {
  await api.post<undefined>('/api/auth/logout-all');
}
