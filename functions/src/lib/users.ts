import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type SubscriptionStatus, type User } from '../contract/auth';
import { ddb, fromItem, keys, tableName } from './db';
import { hasActiveSubscription } from './entitlement';

/** The profile item: `USER#<sub>` / `PROFILE`. */
export interface Profile {
  id: string;
  username: string;
  email: string;
  subscription?: {
    status: SubscriptionStatus;
    plan?: 'monthly' | 'yearly';
    expiresAt?: string | null;
    provider?: 'stripe' | 'paypal';
  };
  stripeCustomerId?: string;
  createdAt: string;
}

export type Role = 'admin' | 'user';
export const roleFromGroups = (groups: readonly string[]): Role => (groups.includes('admin') ? 'admin' : 'user');

/** The subscription rule lives with its enforcement (lib/entitlement.ts). */
export { hasActiveSubscription };

export function toUser(profile: Profile, role: Role, now = new Date()): User {
  return {
    id: profile.id,
    username: profile.username,
    email: profile.email,
    role,
    subscriptionStatus: profile.subscription?.status ?? 'none',
    subscriptionExpiresAt: profile.subscription?.expiresAt ?? null,
    hasActiveSubscription: hasActiveSubscription(profile, now),
  };
}

export function newProfileItem(p: { id: string; username: string; email: string; now?: Date }) {
  const profile: Profile = {
    id: p.id,
    username: p.username,
    email: p.email,
    subscription: { status: 'none' },
    createdAt: (p.now ?? new Date()).toISOString(),
  };
  return { ...keys.profile(p.id), entity: 'PROFILE', ...profile };
}

export async function getProfile(sub: string): Promise<Profile | undefined> {
  const res = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.profile(sub) }));
  return res.Item ? fromItem<Profile>(res.Item) : undefined;
}
