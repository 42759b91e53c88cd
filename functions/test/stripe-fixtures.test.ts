import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { PINNED_API_VERSION, STRIPE_FIXTURES_FILE, stripeEvent, stripeFixture } from '../../test-support/stripe-fixtures';

/** The shared copy next to the repository (../shared/stripe), when this checkout has one. */
const SHARED = path.resolve(import.meta.dirname, '../../../shared/stripe/fixtures3.json');
/** SHA-256 of Stripe's published fixtures3.json as ../shared/stripe holds it (recorded 2026-11-25). */
const PUBLISHED_SHA256 = '41486e14a5b930447f53ecc4e71e34e3184462ba3d18212a39d4a40f70eaba44';
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe("Stripe's published fixtures (test-support/stripe-fixtures.ts)", () => {
  it("are an unchanged copy of Stripe's published fixtures3.json (../shared/stripe where the checkout has it, its recorded hash everywhere)", () => {
    expect(sha256(STRIPE_FIXTURES_FILE)).toBe(PUBLISHED_SHA256);
    if (existsSync(SHARED)) expect(sha256(SHARED)).toBe(PUBLISHED_SHA256);
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
