import type { ChangeEmailRequest } from '@fittrack/functions/contract/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/change-email: the password is checked like a sign-in; 409 when another account uses the address; the new one is then unverified. */
export const postAuthChangeEmail = (body: ChangeEmailRequest) => api.post<{ message: string; email: string }>('/api/auth/change-email', body);
