import type { DeleteAccountRequest } from '@fittrack/functions/contract/account';
import { api } from '@/lib/api-client';

/** POST /api/account/delete: 400 `{message}` for a wrong password (nothing is deleted); on success the cookies are cleared (decision 0021). */
export const postAccountDelete = (body: DeleteAccountRequest) => api.post<{ message: string }>('/api/account/delete', body);
