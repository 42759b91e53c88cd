import { describe, expect, it } from 'vitest';
import { routes } from '../routes';
import { createProviderWebhookHandler } from './handler-chain';

describe('createProviderWebhookHandler', () => {
  it('refuses a domain with any route that needs a session, CSRF check or JSON body', () => {
    // billing also has the PayPal webhook (access stripe), but its other routes need the full chain
    expect(routes.some((r) => r.domain === 'billing' && r.access === 'stripe')).toBe(true);
    expect(() => createProviderWebhookHandler('billing', {} as never)).toThrow(/^billing has routes that need the full chain: /);
  });

  it('builds the Stripe webhook, whose every route is a provider webhook', () => {
    expect(routes.filter((r) => r.domain === 'stripe-webhook').map((r) => r.access)).toEqual(['stripe']);
    expect(typeof createProviderWebhookHandler('stripe-webhook', { 'POST /webhooks/stripe': () => Promise.resolve({ status: 200 }) })).toBe('function');
  });
});
