import type { ChangePasswordRequest } from '@fittrack/functions/contract/auth';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/change-password: 400 `{message}` for a wrong current password or a weak new one. Every other
 * session ends; this browser gets new cookies unless `signedOut` (an account with two-step sign-in signs in again).
 */
export const postAuthChangePassword = (body: ChangePasswordRequest) => api.post<{ message: string; signedOut: boolean }>('/api/auth/change-password', body);

