import type { ForgotPasswordRequest, ResetPasswordRequest } from '@fittrack/functions/contract/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/forgot-password: 202 `{message}` whether or not the account exists. */
export const postAuthForgotPassword = (body: ForgotPasswordRequest) => api.post<{ message: string }>('/api/auth/forgot-password', body);

/** POST /api/auth/reset-password: the mailed code and a new password; every session ends. 400 `{message}` for a wrong code or weak password. */
export const postAuthResetPassword = (body: ResetPasswordRequest) => api.post<{ message: string }>('/api/auth/reset-password', body);
