import type { User, UserResponse } from '@fittrack/functions/contract/auth';
import type { ActivateSubscriptionRequest } from '@fittrack/functions/contract/billing';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/activate-subscription → the updated user. The server verifies the payment with
 * the provider itself (402 when there is none); the session decides who is activated.
 */
export async function activateSubscription(input: Omit<ActivateSubscriptionRequest, 'userId'>): Promise<User> {
  const res = await api.post<UserResponse>('/api/auth/activate-subscription', input);
  return res.user;
}
