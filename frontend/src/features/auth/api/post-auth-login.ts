import type { LoginRequest, User, UserResponse } from '@fittrack/functions/contract/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/login: sets the session cookies; 401 `{message}` on bad credentials, 400/429 `{message}`. */
export async function postAuthLogin(body: LoginRequest): Promise<User> {
  const response = await api.post<UserResponse>('/api/auth/login', body);
  return response.user;
}
