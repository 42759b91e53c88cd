import type { SignupRequest, User, UserResponse } from '@fittrack/functions/contract/auth';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/signup: 201 `{user}` (signed in); 409/400 `{message}`. */
export async function postAuthSignup(body: SignupRequest): Promise<User> {
  const response = await apiFetch<UserResponse>('/api/auth/signup', { method: 'POST', body });
  return response.user;
}
