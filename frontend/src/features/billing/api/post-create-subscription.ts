import type { Plan } from '@fittrack/functions/contract/billing-plans';
import type { CreateSubscriptionResponse } from '@fittrack/functions/contract/billing';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/create-monthly-subscription or /api/create-yearly-subscription → {clientSecret, amount}. */
export function createSubscription(plan: Plan): Promise<CreateSubscriptionResponse> {
  return apiFetch<CreateSubscriptionResponse>(`/api/create-${plan}-subscription`, { method: 'POST' });
}
