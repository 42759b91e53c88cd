import { type Plan } from '../contract/billing';
import { type Profile } from '../lib/users';

/**
 * The profile as billing sees it: `subscription` carries a few more fields than lib/users.ts
 * declares (they live in the same map, so /api/auth/me and the access check are unchanged).
 */
export interface BillingSubscription {
  status: NonNullable<Profile['subscription']>['status'];
  plan?: Plan;
  expiresAt?: string | null;
  provider?: 'stripe' | 'paypal';
  /** the card subscription this entitlement follows (Stripe `sub_…` or sandbox `sandbox_…`) */
  subscriptionId?: string;
  /** renews by itself at expiresAt */
  autoRenew?: boolean;
  /** `<periodEnd>#<rank>` of the last applied provider state: older states never overwrite newer ones */
  syncKey?: string;
  /** `<provider>#<id>` of the last payment that activated or extended the entitlement */
  lastPaymentId?: string;
}

export interface BillingProfile extends Omit<Profile, 'subscription'> {
  subscription?: BillingSubscription;
  /** optimistic lock of the subscription map (extensions read the current expiry first) */
  subscriptionVersion?: number;
}
