import type { SignupRequest, User, UserResponse } from '@fittrack/functions/contract/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/signup: 201 `{user}` (signed in); 409/400 `{message}`. */
export async function postAuthSignup(body: SignupRequest): Promise<User> {
  const response = await api.post<UserResponse>('/api/auth/signup', body);
  return response.user;
}
