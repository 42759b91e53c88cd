import type { Plan } from '@fittrack/functions/contract/billing-plans';
import type { ChangePlanRequest, MembershipResponse } from '@fittrack/functions/contract/billing';
import { api } from '@/lib/api-client';

/**
 * POST /api/subscription/change: the renewing card subscription switches to `plan` at the end of
 * the paid period (nothing is charged now), or keeps the current plan when a switch was scheduled.
 */
export function changePlan(plan: Plan): Promise<MembershipResponse> {
  return api.post<MembershipResponse>('/api/subscription/change', { plan } satisfies ChangePlanRequest);
}
