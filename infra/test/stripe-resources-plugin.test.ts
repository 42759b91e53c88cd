import * as fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_RESOURCES } from '@fittrack/functions/billing/providers/stripe-resources';
import { bundleFunction, bundleOptions } from '../lib/bundling';
import { stripeResourcesPlugin } from '../lib/stripe-resources-plugin';
import { build } from 'esbuild';

/**
 * The Stripe SDK as the functions bundle it (../lib/bundling.ts): the resources in STRIPE_RESOURCES
 * are the SDK's own, the others are stubs that fail loudly, and the webhook's signature check
 * works. Bundled from a one-line entry (fixtures/stripe-client.ts), imported, and called against a
 * local server.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const entry = path.join(import.meta.dirname, 'fixtures', 'stripe-client.ts');
let dir: string;
let client: Stripe;
let lastRequest: { method?: string; url?: string } = {};
const server = createServer((req, res) => {
  lastRequest = { method: req.method, url: req.url };
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_test' });
  res.end(JSON.stringify({ id: 'ch_test', object: 'charge', amount: 299, currency: 'usd' }));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fittrack-stripe-resources-'));
  await bundleFunction(entry, path.join(dir, 'out'), root);
  const bundled = (await import(pathToFileURL(path.join(dir, 'out', 'index.mjs')).href)) as { create: (port: number) => Stripe };
  client = bundled.create((server.address() as AddressInfo).port);
}, 60_000);

afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the Stripe SDK in a function bundle', () => {
  it('keeps every resource in STRIPE_RESOURCES with all of the SDK’s methods', () => {
    const full = new Stripe('sk_test_123');
    for (const name of STRIPE_RESOURCES) {
      const methods = (r: object) => Object.getOwnPropertyNames(Object.getPrototypeOf(r)).sort();
      expect(methods(client[name]), name).toEqual(methods(full[name]));
      expect(methods(client[name]).length, name).toBeGreaterThan(1);
    }
  });

  it('calls the API through a kept resource', async () => {
    const charge = await client.charges.retrieve('ch_test');
    expect(charge.amount).toBe(299);
    expect(lastRequest).toEqual({ method: 'GET', url: '/v1/charges/ch_test' });
  });

  it('replaces the other resources with stubs that name the list on use', () => {
    const unbundled = client as unknown as Record<string, Record<string, unknown>>;
    expect(() => unbundled.quotes!.list).toThrow(/QuoteResource is not in this bundle: add it to STRIPE_RESOURCES/);
    expect(() => unbundled.checkout!.sessions).toThrow(/Checkout is not in this bundle/);
  });

  it('verifies a webhook signature', () => {
    const payload = JSON.stringify({ id: 'evt_test', object: 'event', type: 'charge.refunded' });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' });
    expect(client.webhooks.constructEvent(payload, header, 'whsec_test').id).toBe('evt_test');
    expect(() => client.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(/signature/i);
  });

  it('fails the build for a resource the SDK does not have', async () => {
    const options = { ...bundleOptions(entry, path.join(dir, 'bad'), root), plugins: [stripeResourcesPlugin(['charges', 'noSuchThings'])], write: false, logLevel: 'silent' as const };
    await expect(build(options)).rejects.toThrow(/"noSuchThings".*no module/);
  });
});
