import { describe, expect, it } from 'vitest';
import { entitlementOf, expiryAfterPayment, isActiveNow, paymentRef, syncKeyOf } from './entitlement-rules';
import { type CardSubscriptionState } from './providers/types';

describe('card subscription states', () => {
  const state = (o: Partial<CardSubscriptionState>): CardSubscriptionState => ({
    subscriptionId: 'sub_1',
    userId: 'u1',
    plan: 'monthly',
    status: 'active',
    periodEnd: '2026-02-01T00:00:00.000Z',
    endedAt: null,
    cancelAtPeriodEnd: false,
    paidInvoice: null,
    ...o,
  });

  it('maps provider states to entitlements; unpaid states grant nothing', () => {
    expect(entitlementOf(state({}))).toMatchObject({ status: 'active', expiresAt: '2026-02-01T00:00:00.000Z', autoRenew: true });
    expect(entitlementOf(state({ cancelAtPeriodEnd: true }))).toMatchObject({ status: 'active', autoRenew: false });
    expect(entitlementOf(state({ status: 'past_due' }))?.status).toBe('past_due');
    expect(entitlementOf(state({ status: 'unpaid' }))?.status).toBe('expired');
    expect(entitlementOf(state({ status: 'canceled', endedAt: '2026-01-20T00:00:00.000Z' }))).toMatchObject({ status: 'canceled', expiresAt: '2026-01-20T00:00:00.000Z' });
    expect(entitlementOf(state({ status: 'incomplete' }))).toBeNull();
    expect(entitlementOf(state({ plan: null }))).toBeNull();
  });

  it('orders states by period, then incomplete < past_due < active < unpaid < canceled', () => {
    const keys = [
      state({ status: 'incomplete' }),
      state({ status: 'past_due' }),
      state({ status: 'active' }),
      state({ status: 'unpaid' }),
      state({ status: 'canceled' }),
      state({ status: 'incomplete', periodEnd: '2026-03-01T00:00:00.000Z' }),
    ].map((s) => syncKeyOf(s));
    expect([...keys].sort()).toEqual(keys);
  });
});

describe('one-off payments', () => {
  const NOW = new Date('2026-01-10T12:00:00.000Z');

  it('names a payment by provider and id', () => {
    expect(paymentRef({ provider: 'sandbox-paypal', id: 'SANDBOX-1' })).toBe('sandbox-paypal#SANDBOX-1');
  });

  it('is active only with status active and no expiry or a future one', () => {
    expect(isActiveNow(undefined, NOW)).toBe(false);
    expect(isActiveNow({ status: 'active' }, NOW)).toBe(true);
    expect(isActiveNow({ status: 'active', expiresAt: '2026-01-10T12:00:01.000Z' }, NOW)).toBe(true);
    expect(isActiveNow({ status: 'active', expiresAt: NOW.toISOString() }, NOW)).toBe(false);
    expect(isActiveNow({ status: 'canceled', expiresAt: '2027-01-01T00:00:00.000Z' }, NOW)).toBe(false);
  });

  it('extends a running plan from its expiry, anything else from now', () => {
    expect(expiryAfterPayment({ status: 'active', expiresAt: '2026-01-20T00:00:00.000Z' }, 'monthly', NOW)).toBe('2026-02-20T00:00:00.000Z');
    expect(expiryAfterPayment({ status: 'active', expiresAt: '2026-01-20T00:00:00.000Z' }, 'yearly', NOW)).toBe('2027-01-20T00:00:00.000Z');
    expect(expiryAfterPayment({ status: 'active', expiresAt: '2026-01-01T00:00:00.000Z' }, 'monthly', NOW)).toBe('2026-02-10T12:00:00.000Z');
    expect(expiryAfterPayment({ status: 'past_due', expiresAt: '2026-01-20T00:00:00.000Z' }, 'monthly', NOW)).toBe('2026-02-10T12:00:00.000Z');
    expect(expiryAfterPayment(undefined, 'monthly', NOW)).toBe('2026-02-10T12:00:00.000Z');
    // active without an expiry: the period starts now
    expect(expiryAfterPayment({ status: 'active', expiresAt: null }, 'monthly', NOW)).toBe('2026-02-10T12:00:00.000Z');
  });
});
