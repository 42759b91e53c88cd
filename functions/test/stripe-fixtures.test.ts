import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { PINNED_API_VERSION, STRIPE_FIXTURES_FILE, stripeEvent, stripeFixture } from '../../test-support/stripe-fixtures';

/** The shared copy next to the repository (../shared/stripe), when this checkout has one. */
const SHARED = path.resolve(import.meta.dirname, '../../../shared/stripe/fixtures3.json');

describe("Stripe's published fixtures (test-support/stripe-fixtures.ts)", () => {
  it.runIf(existsSync(SHARED))('are an unchanged copy of ../shared/stripe/fixtures3.json', () => {
    expect(readFileSync(STRIPE_FIXTURES_FILE, 'utf8')).toBe(readFileSync(SHARED, 'utf8'));
  });

  it("give a fresh copy of Stripe's object with only the overrides changed", () => {
    const a = stripeFixture<Record<string, unknown>>('subscription', { id: 'sub_T1', status: 'incomplete' });
    const b = stripeFixture<Record<string, unknown>>('subscription');
    expect(a).toMatchObject({ object: 'subscription', id: 'sub_T1', status: 'incomplete' });
    expect(b.id).toBe('sub_1Pgc6rB7WZ01zgkWNy0Cn5nw');
    (a.items as { data: unknown[] }).data.length = 0;
    expect((stripeFixture<{ items: { data: unknown[] } }>('subscription').items.data)).toHaveLength(1);
    expect(() => stripeFixture('nope' as 'charge')).toThrow(/no resource nope/);
  });

  it('make events of the API version the SDK pins', () => {
    expect(PINNED_API_VERSION).toBe(Stripe.API_VERSION);
    const ev = stripeEvent('invoice.paid', { id: 'in_T1', object: 'invoice' });
    expect(ev).toMatchObject({ object: 'event', type: 'invoice.paid', api_version: Stripe.API_VERSION, data: { object: { id: 'in_T1' } } });
    expect(stripeEvent('invoice.paid', {}).id).not.toBe(ev.id);
  });
});
