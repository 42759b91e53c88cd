import { describe, expect, it } from 'vitest';
import { type Subscription } from '../lib/users';
import { dayOf, planRules } from './purchase-rules';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const LATER = '2026-12-20T09:30:00.000Z';
const EARLIER = '2026-11-20T09:30:00.000Z';

const card = (o: Partial<Subscription> = {}): Subscription => ({
  status: 'active',
  plan: 'monthly',
  expiresAt: LATER,
  provider: 'stripe',
  subscriptionId: 'sub_1',
  autoRenew: true,
  ...o,
});

/** What the browser is offered (action) and what the server lets through (true = allowed). */
const summary = (s: Subscription | undefined) => {
  const r = planRules(s, NOW);
  return Object.fromEntries(
    (['monthly', 'yearly'] as const).map((p) => [p, { current: r[p].current, action: r[p].action, card: !r[p].card, paypal: !r[p].paypal, change: !r[p].change }]),
  );
};

describe('one paid subscription per user: the rules', () => {
  it('nothing running (never subscribed, expired, cancelled, lapsed): either plan, by card or PayPal; nothing to switch', () => {
    const open = { current: false, action: 'checkout', card: true, paypal: true, change: false };
    for (const s of [undefined, { status: 'none' } as Subscription, card({ expiresAt: EARLIER }), card({ status: 'canceled' }), card({ status: 'expired' })]) {
      expect(summary(s)).toEqual({ monthly: open, yearly: open });
    }
  });

  it('a renewing card subscription: its plan is current and cannot be bought; the other plan is a switch', () => {
    expect(summary(card())).toEqual({
      monthly: { current: true, action: null, card: false, paypal: false, change: false },
      yearly: { current: false, action: 'switch', card: false, paypal: false, change: true },
    });
    expect(planRules(card(), NOW).monthly.card).toBe('You already have the Monthly plan. It renews on December 20, 2026.');
  });

  it('a switch scheduled: the current plan may be kept, the next plan shows when it starts and cannot be asked for again', () => {
    const r = planRules(card({ nextPlan: 'yearly' }), NOW);
    expect(r.monthly).toMatchObject({ current: true, action: 'keep', change: null });
    expect(r.yearly).toMatchObject({ current: false, action: null, startsAt: LATER });
    expect(r.yearly.change).toBe('Your switch to the Yearly plan is already scheduled for December 20, 2026.');
  });

  it('a plan that does not renew (PayPal, or auto-renewal off) runs to its end: PayPal may renew now, a card subscription waits', () => {
    const renew = (current: boolean) => ({ current, action: 'renew', card: false, paypal: true, change: false });
    for (const s of [card({ provider: 'paypal', subscriptionId: undefined, autoRenew: false }), card({ autoRenew: false })]) {
      expect(summary(s)).toEqual({ monthly: renew(true), yearly: renew(false) });
    }
    expect(planRules(card({ autoRenew: false }), NOW).yearly.card).toMatch(/^Your Monthly plan is paid until December 20, 2026\. A card subscription can start when it ends/);
  });

  it('past due (Stripe still retrying): only paying the overdue invoice by card', () => {
    expect(summary(card({ status: 'past_due', autoRenew: false }))).toEqual({
      monthly: { current: false, action: 'checkout', card: true, paypal: false, change: false },
      yearly: { current: false, action: null, card: false, paypal: false, change: false },
    });
  });

  it('names the day in words, in UTC', () => {
    expect(dayOf('2026-12-31T23:30:00.000Z')).toBe('December 31, 2026');
    expect(dayOf(null)).toBe('the end of the period');
  });
});
