import type { MembershipResponse } from '@fittrack/functions/contract/billing';
import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** SWR key of the signed-in user's membership (plan, renewal or expiry, auto-renewal). */
const membershipKey = '/api/subscription';

/** GET /api/subscription */
function getMembership(): Promise<MembershipResponse> {
  return api.get<MembershipResponse>(membershipKey);
}

/** The membership; `enabled` false (e.g. nobody is signed in) asks for nothing. */
export function useMembership(enabled = true) {
  return useSWR(enabled ? membershipKey : null, getMembership);
}
