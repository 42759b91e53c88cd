import type { Plan } from '@fittrack/functions/contract/billing-plans';
import type { CreateSubscriptionResponse } from '@fittrack/functions/contract/billing';
import { api } from '@/lib/api-client';

/** POST /api/create-monthly-subscription or /api/create-yearly-subscription → {clientSecret, amount}. */
export function createSubscription(plan: Plan): Promise<CreateSubscriptionResponse> {
  return api.post<CreateSubscriptionResponse>(`/api/create-${plan}-subscription`);
}
