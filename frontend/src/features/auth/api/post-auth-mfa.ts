import type { MfaSetupResponse } from '@fittrack/functions/contract/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/mfa/setup: a new authenticator secret for the signed-in account (409 when one is set up). */
export const postAuthMfaSetup = () => api.post<MfaSetupResponse>('/api/auth/mfa/setup');

/** POST /api/auth/mfa/verify: the app's first code turns two-step sign-in on (400 `{message}` for a wrong code). */
export const postAuthMfaVerify = (code: string) => api.post<void>('/api/auth/mfa/verify', { code });
