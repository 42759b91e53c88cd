import type { MembershipResponse } from '@fittrack/functions/contract/billing';
import { api } from '@/lib/api-client';

/** POST /api/subscription/cancel: turns auto-renewal off; access continues to the period end. */
export function cancelAutoRenewal(): Promise<MembershipResponse> {
  return api.post<MembershipResponse>('/api/subscription/cancel');
}
