import { describe, expect, it } from 'vitest';
import { PRICES } from '../billing/prices';
import { PLANS, PLAN_IDS, isPlan } from './billing-plans';

describe('billing plans', () => {
  it('show the prices the server charges', () => {
    for (const plan of PLAN_IDS) {
      expect(PLANS[plan].cents).toBe(PRICES[plan].amount);
      expect(PLANS[plan].period).toBe(PRICES[plan].interval);
    }
    expect(PLANS.monthly.price).toBe('$2.99');
    expect(PLANS.yearly.price).toBe('$29.99');
  });

  it('recognises exactly the two plan names', () => {
    expect(PLAN_IDS.filter(isPlan)).toEqual(['monthly', 'yearly']);
    for (const v of ['', 'Monthly', 'weekly', 'toString', null, 1, undefined]) expect(isPlan(v)).toBe(false);
  });
});
