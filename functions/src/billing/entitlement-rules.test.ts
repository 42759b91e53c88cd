import { describe, expect, it } from 'vitest';
import { type PaidFor, afterReversal, entitlementOf, expiryAfterPayment, isActiveNow, paymentRef, periodOfPayment, syncKeyOf } from './entitlement-rules';
import { type Subscription } from '../lib/users';
import { type CardSubscriptionState } from './providers/types';

describe('card subscription states', () => {
  const state = (o: Partial<CardSubscriptionState>): CardSubscriptionState => ({
    subscriptionId: 'sub_1',
    userId: 'u1',
    plan: 'monthly',
    status: 'active',
    periodStart: '2026-01-01T00:00:00.000Z',
    periodEnd: '2026-02-01T00:00:00.000Z',
    endedAt: null,
    cancelAtPeriodEnd: false,
    paidInvoice: null,
    nextPlan: null,
    ...o,
  });

  it('maps provider states to entitlements; unpaid states grant nothing', () => {
    expect(entitlementOf(state({}))).toMatchObject({ status: 'active', expiresAt: '2026-02-01T00:00:00.000Z', autoRenew: true });
    expect(entitlementOf(state({ cancelAtPeriodEnd: true }))).toMatchObject({ status: 'active', autoRenew: false });
    // a switch scheduled for the period end is part of the entitlement while it renews, not after auto-renewal is off
    expect(entitlementOf(state({ nextPlan: 'yearly' }))).toMatchObject({ plan: 'monthly', nextPlan: 'yearly' });
    expect(entitlementOf(state({ nextPlan: 'yearly', cancelAtPeriodEnd: true }))).not.toHaveProperty('nextPlan');
    expect(entitlementOf(state({ nextPlan: 'monthly' }))).not.toHaveProperty('nextPlan');
    expect(entitlementOf(state({ status: 'past_due' }))?.status).toBe('past_due');
    expect(entitlementOf(state({ status: 'unpaid' }))?.status).toBe('expired');
    expect(entitlementOf(state({ status: 'canceled', endedAt: '2026-01-20T00:00:00.000Z' }))).toMatchObject({ status: 'canceled', expiresAt: '2026-01-20T00:00:00.000Z' });
    expect(entitlementOf(state({ status: 'incomplete' }))).toBeNull();
    expect(entitlementOf(state({ plan: null }))).toBeNull();
  });

  it('fails closed: no period end is no entitlement, never one without expiry', () => {
    for (const status of ['active', 'trialing', 'past_due', 'unpaid', 'paused'] as const) {
      expect(entitlementOf(state({ status, periodEnd: null })), status).toBeNull();
    }
    // a cancellation needs no period end: it ends access when it ended
    expect(entitlementOf(state({ status: 'canceled', periodEnd: null, endedAt: '2026-01-20T00:00:00.000Z' }))?.expiresAt).toBe('2026-01-20T00:00:00.000Z');
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

describe('money going back', () => {
  const NOW = new Date('2026-01-10T12:00:00.000Z');
  const jan: PaidFor = { period: { start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z' }, profileProvider: 'paypal', ref: 'paypal#A' };
  const feb: PaidFor = { period: { start: '2026-02-01T00:00:00.000Z', end: '2026-03-01T00:00:00.000Z' }, profileProvider: 'paypal', ref: 'paypal#B' };
  const running = (expiresAt: string, o: Partial<Subscription> = {}): Subscription => ({ status: 'active', plan: 'monthly', provider: 'paypal', autoRenew: false, expiresAt, ...o });

  it('the payment that activated the plan: the plan ends (canceled, back to when its period began)', () => {
    const r = afterReversal(running('2026-02-01T00:00:00.000Z', { lastPaymentId: 'paypal#A' }), jan, NOW);
    expect(r?.next).toMatchObject({ status: 'canceled', expiresAt: '2026-01-01T00:00:00.000Z', autoRenew: false });
    expect(isActiveNow(r?.next, NOW)).toBe(false);
    expect(r?.effect).toEqual({ shiftMs: 31 * 86_400_000, endedFrom: { status: 'active', autoRenew: false } });
  });

  it('a renewal paid ahead: the expiry moves back to when its period began, the plan runs on', () => {
    const r = afterReversal(running('2026-03-01T00:00:00.000Z', { lastPaymentId: 'paypal#B' }), feb, NOW);
    expect(r?.next).toMatchObject({ status: 'active', expiresAt: '2026-02-01T00:00:00.000Z' });
    expect(r?.effect).toEqual({ shiftMs: 28 * 86_400_000 });
  });

  it('an earlier payment followed by another: the entitlement loses that period’s length', () => {
    const r = afterReversal(running('2026-03-01T00:00:00.000Z'), jan, NOW);
    expect(r?.next.expiresAt).toBe('2026-01-29T00:00:00.000Z');
  });

  it('changes nothing that is not this payment’s: another provider or subscription, a period already gone, no plan', () => {
    expect(afterReversal(running('2026-02-01T00:00:00.000Z', { provider: 'stripe' }), jan, NOW)).toBeNull();
    expect(afterReversal(running('2026-02-01T00:00:00.000Z', { provider: 'stripe', subscriptionId: 'sub_new' }), { ...jan, profileProvider: 'stripe', subscriptionId: 'sub_old' }, NOW)).toBeNull();
    expect(afterReversal(running('2026-01-01T00:00:00.000Z', { status: 'canceled' }), jan, NOW)).toBeNull();
    expect(afterReversal({ status: 'none' }, jan, NOW)).toBeNull();
    expect(afterReversal(undefined, jan, NOW)).toBeNull();
  });

  it('a payment recorded without its period ends the plan now if it is the latest payment (fail closed)', () => {
    const legacy: PaidFor = { period: null, profileProvider: 'paypal', ref: 'paypal#OLD' };
    expect(afterReversal(running('2026-02-01T00:00:00.000Z', { lastPaymentId: 'paypal#OLD' }), legacy, NOW)?.next).toMatchObject({ status: 'canceled', expiresAt: NOW.toISOString() });
    expect(afterReversal(running('2026-02-01T00:00:00.000Z', { lastPaymentId: 'paypal#NEWER' }), legacy, NOW)).toBeNull();
  });

  it('a one-off payment records the period it bought', () => {
    expect(periodOfPayment({ status: 'active', expiresAt: '2026-01-20T00:00:00.000Z' }, 'monthly', NOW)).toEqual({ start: '2026-01-20T00:00:00.000Z', end: '2026-02-20T00:00:00.000Z' });
    expect(periodOfPayment(undefined, 'monthly', NOW)).toEqual({ start: NOW.toISOString(), end: '2026-02-10T12:00:00.000Z' });
  });
});
