import { describe, expect, it } from 'vitest';
import { PRICES } from '../billing/prices';
import { PLANS, PLAN_IDS, isPlan } from './billing-plans';

describe('billing plans', () => {
  it('are the prices SPEC.md section 9 sets, which the server charges in USD', () => {
    expect(PRICES).toEqual({
      monthly: { amount: 299, currency: 'USD', interval: 'month' },
      yearly: { amount: 2999, currency: 'USD', interval: 'year' },
    });
    expect(PLANS.monthly.price).toBe('$2.99');
    expect(PLANS.yearly.price).toBe('$29.99');
  });

  it('recognises exactly the two plan names', () => {
    expect(PLAN_IDS.filter(isPlan)).toEqual(['monthly', 'yearly']);
    for (const v of ['', 'Monthly', 'weekly', 'toString', null, 1, undefined]) expect(isPlan(v)).toBe(false);
  });
});
