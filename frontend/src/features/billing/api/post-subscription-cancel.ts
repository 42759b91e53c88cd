import type { MembershipResponse } from '@fittrack/functions/contract/billing';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/subscription/cancel: turns auto-renewal off; access continues to the period end. */
export function cancelAutoRenewal(): Promise<MembershipResponse> {
  return apiFetch<MembershipResponse>('/api/subscription/cancel', { method: 'POST' });
}
