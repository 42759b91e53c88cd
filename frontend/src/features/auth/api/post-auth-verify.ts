import type { User } from '@fittrack/functions/contract/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/verify-email: the mailed 6-digit code; 200 with the user (now `emailVerified`), 400 `{message}` for a wrong or expired code. */
export const postAuthVerifyEmail = (code: string) => api.post<{ user: User }>('/api/auth/verify-email', { code });

/** POST /api/auth/resend-verification (no body): 202 `{message}`; 429 `{message}` when a code was sent less than a minute ago. */
export const postAuthResendVerification = () => api.post<{ message: string }>('/api/auth/resend-verification');
