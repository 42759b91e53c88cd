import { describe, expect, it } from 'vitest';
import { profileItem } from './profile-repository';
import { type Profile, hasActiveSubscription, newProfile, normaliseEmail, roleFromGroups, toUser } from './users';

const NOW = new Date('2026-01-01T12:00:00.000Z');
const base: Profile = { id: 'sub-1', username: 'alex_runner', email: 'alex@example.com', createdAt: '2025-12-01T00:00:00.000Z' };
const withSub = (subscription: Profile['subscription']): Profile => ({ ...base, subscription });

describe('hasActiveSubscription (SPEC.md section 4)', () => {
  it('is false without a profile or a subscription', () => {
    expect(hasActiveSubscription(undefined, NOW)).toBe(false);
    expect(hasActiveSubscription(base, NOW)).toBe(false);
    expect(hasActiveSubscription(withSub({ status: 'none' }), NOW)).toBe(false);
  });

  it('is true when active without an expiry', () => {
    expect(hasActiveSubscription(withSub({ status: 'active' }), NOW)).toBe(true);
    expect(hasActiveSubscription(withSub({ status: 'active', expiresAt: null }), NOW)).toBe(true);
  });

  it('is true when active with a future expiry, false with a past or exactly-now expiry', () => {
    expect(hasActiveSubscription(withSub({ status: 'active', expiresAt: '2026-01-01T12:00:01.000Z' }), NOW)).toBe(true);
    expect(hasActiveSubscription(withSub({ status: 'active', expiresAt: '2027-01-01T00:00:00.000Z', plan: 'yearly' }), NOW)).toBe(true);
    expect(hasActiveSubscription(withSub({ status: 'active', expiresAt: '2026-01-01T11:59:59.999Z' }), NOW)).toBe(false);
    expect(hasActiveSubscription(withSub({ status: 'active', expiresAt: NOW.toISOString() }), NOW)).toBe(false);
  });

  it('fails closed on an unreadable expiry', () => {
    expect(hasActiveSubscription(withSub({ status: 'active', expiresAt: 'not a date' }), NOW)).toBe(false);
  });

  it('is false for every status other than active, whatever the expiry', () => {
    for (const status of ['canceled', 'expired', 'past_due', 'none'] as const) {
      expect(hasActiveSubscription(withSub({ status }), NOW), status).toBe(false);
      expect(hasActiveSubscription(withSub({ status, expiresAt: '2030-01-01T00:00:00.000Z' }), NOW), status).toBe(false);
    }
  });

  it('uses the current time by default', () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(hasActiveSubscription(withSub({ status: 'active', expiresAt: soon }))).toBe(true);
    expect(hasActiveSubscription(withSub({ status: 'active', expiresAt: past }))).toBe(false);
  });
});

describe('normaliseEmail', () => {
  it('makes one form of an address whatever its case and surrounding spaces (one account per email)', () => {
    expect(normaliseEmail('  Alex.Runner@Example.COM ')).toBe('alex.runner@example.com');
  });
});

describe('toUser', () => {
  it('maps a subscriber profile to the User contract', () => {
    const p = withSub({ status: 'active', plan: 'yearly', expiresAt: '2027-01-01T00:00:00.000Z', provider: 'stripe' });
    expect(toUser({ ...p, stripeCustomerId: 'cus_1', emailVerified: true }, 'user', NOW)).toEqual({
      id: 'sub-1',
      username: 'alex_runner',
      email: 'alex@example.com',
      role: 'user',
      subscriptionStatus: 'active',
      subscriptionExpiresAt: '2027-01-01T00:00:00.000Z',
      hasActiveSubscription: true,
      emailVerified: true,
    });
  });

  it('defaults a profile without a subscription to none / null / false and keeps the role', () => {
    expect(toUser(base, 'admin', NOW)).toEqual({
      id: 'sub-1',
      username: 'alex_runner',
      email: 'alex@example.com',
      role: 'admin',
      subscriptionStatus: 'none',
      subscriptionExpiresAt: null,
      hasActiveSubscription: false,
      // a profile from before verification (decision 0024) has no flag: unverified
      emailVerified: false,
    });
  });

  it('reports an expired active subscription as not active', () => {
    const u = toUser(withSub({ status: 'active', expiresAt: '2025-06-01T00:00:00.000Z' }), 'user', NOW);
    expect(u.subscriptionStatus).toBe('active');
    expect(u.hasActiveSubscription).toBe(false);
  });

  it('never leaks internal profile fields', () => {
    const u = toUser({ ...base, stripeCustomerId: 'cus_secret' }, 'user', NOW);
    expect(JSON.stringify(u)).not.toContain('cus_secret');
    expect(u).not.toHaveProperty('createdAt');
  });
});

describe('roleFromGroups', () => {
  it('is admin only for the Cognito group named exactly admin', () => {
    expect(roleFromGroups(['admin'])).toBe('admin');
    expect(roleFromGroups(['beta', 'admin'])).toBe('admin');
    expect(roleFromGroups([])).toBe('user');
    expect(roleFromGroups(['Admin', 'admins', 'ADMIN', ' admin'])).toBe('user');
  });
});

describe('newProfile and its item', () => {
  it('builds the PROFILE item with keys and no subscription', () => {
    expect(profileItem(newProfile({ id: 'sub-1', username: 'alex_runner', email: 'alex@example.com', now: NOW }))).toEqual({
      pk: 'USER#sub-1',
      sk: 'PROFILE',
      entity: 'PROFILE',
      id: 'sub-1',
      username: 'alex_runner',
      email: 'alex@example.com',
      subscription: { status: 'none' },
      sessions: {},
      createdAt: NOW.toISOString(),
    });
  });
});
