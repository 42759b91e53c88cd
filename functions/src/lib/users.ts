import { type SubscriptionStatus, type User } from '../contract/auth';
import { type Plan } from '../contract/billing';

/** The entitlement on a profile (SPEC 4); billing keeps its bookkeeping in the same map. */
export interface Subscription {
  status: SubscriptionStatus;
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
  /** a renewing card subscription switches to this plan at expiresAt (a Stripe subscription schedule) */
  nextPlan?: Plan;
}

/** The profile item: `USER#<sub>` / `PROFILE` (read and written by lib/profile-repository.ts). */
export interface Profile {
  id: string;
  username: string;
  email: string;
  subscription?: Subscription;
  /** optimistic lock of the subscription map (extensions read the current expiry first) */
  subscriptionVersion?: number;
  stripeCustomerId?: string;
  /**
   * The account's live sessions: session key (lib/session.ts `sessionKeyOf`, a hash of the refresh
   * token) → when it ends (epoch seconds). A request is served only while its key is here
   * (lib/profile-check.ts); logout removes one, sign out everywhere and a password change empty it.
   */
  sessions?: Record<string, number>;
  /** `email` is confirmed by a mailed code (decision 0024); absent on profiles from before verification */
  emailVerified?: boolean;
  /** when the last verification code was sent (ISO): resending waits VERIFICATION_RESEND_SECONDS */
  verificationSentAt?: string;
  createdAt: string;
}

/** The form of an address that decides "the same email": trimmed and lower-cased (one account per email, decision 0024). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export type Role = 'admin' | 'user';
export const roleFromGroups = (groups: readonly string[]): Role => (groups.includes('admin') ? 'admin' : 'user');

/** SPEC 4: active when status is active and there is no expiry or an expiry in the future. */
export function hasActiveSubscription(profile: Pick<Profile, 'subscription'> | undefined, now = new Date()): boolean {
  const s = profile?.subscription;
  if (!s || s.status !== 'active') return false;
  return !s.expiresAt || new Date(s.expiresAt).getTime() > now.getTime();
}

/** The session is one the account still has, and it has not ended. */
export function hasLiveSession(profile: Pick<Profile, 'sessions'> | undefined, sessionKey: string, now = new Date()): boolean {
  const end = profile?.sessions?.[sessionKey];
  return typeof end === 'number' && end > Math.floor(now.getTime() / 1000);
}

export function toUser(profile: Profile, role: Role, now = new Date()): User {
  return {
    id: profile.id,
    username: profile.username,
    email: profile.email,
    role,
    subscriptionStatus: profile.subscription?.status ?? 'none',
    subscriptionExpiresAt: profile.subscription?.expiresAt ?? null,
    hasActiveSubscription: hasActiveSubscription(profile, now),
    emailVerified: profile.emailVerified === true,
  };
}

/** A new account's profile: no subscription yet. */
export function newProfile(p: { id: string; username: string; email: string; now?: Date }): Profile {
  return { id: p.id, username: p.username, email: p.email, subscription: { status: 'none' }, sessions: {}, createdAt: (p.now ?? new Date()).toISOString() };
}
