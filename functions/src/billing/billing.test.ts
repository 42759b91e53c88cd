import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestEnv } from '../../test/env';
import { signedInCookies, ddbMock, resetAwsMocks } from '../../test/fixtures';
import { stubJwksFetch } from '../../test/jwt';
import { expectJsonError, invoke } from '../../test/lambda';
import { loadEvent } from '../../test/events';
import { getEnv } from '../lib/env';
import { planOfOrderRequest } from './billing-service';
import { handler as billing } from './handler';
import { PRICES, addPeriod, centsToDecimal, decimalToCents, planForAmount } from './prices';
import { SECRET_MAX_AGE_SECONDS, providerSecrets, resetProviderSecrets } from './secrets';
import { handler as webhook } from './webhook-handler';

const smMock = mockClient(SecretsManagerClient);
stubJwksFetch();
vi.spyOn(console, 'error').mockImplementation(() => undefined);

/** The test environment without any billing variable (setTestEnv leaves unknown ones in place). */
const CLEAN = Object.fromEntries(
  ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY_ARN', 'STRIPE_WEBHOOK_SECRET_ARN', 'PAYPAL_CREDENTIALS_ARN', 'PAYPAL_CLIENT_SECRET'].map((k) => [k, undefined]),
);
const env = (o: Record<string, string> = {}) => setTestEnv({ ...CLEAN, ...o });

beforeEach(() => {
  env();
  resetProviderSecrets();
  resetAwsMocks();
  smMock.reset();
});
afterEach(() => {
  env();
  resetProviderSecrets();
});

describe('price table', () => {
  it('is 299 and 2999 cents in USD', () => {
    expect(PRICES).toEqual({ monthly: { amount: 299, currency: 'USD', interval: 'month' }, yearly: { amount: 2999, currency: 'USD', interval: 'year' } });
  });

  it('reads exact amounts only', () => {
    expect(decimalToCents('29.99')).toBe(2999);
    expect(decimalToCents(29.99)).toBe(2999);
    expect(decimalToCents('2.9')).toBe(290);
    expect(decimalToCents('3')).toBe(300);
    for (const bad of ['29.999', '-2.99', '2,99', '1e3', ' ', '', '29.99abc', 'NaN', '0x10']) expect(decimalToCents(bad), bad).toBeNull();
    expect(decimalToCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(planForAmount(2999, 'usd')).toBe('yearly');
    expect(planForAmount(2999, 'EUR')).toBeNull();
    expect(planForAmount(2998, 'USD')).toBeNull();
  });

  it('round-trips every cent amount (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_99 }), (cents) => {
        expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
      }),
    );
  });

  it('only a plan price is accepted as an order amount', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: true }), fc.string({ maxLength: 12 })), (amount) => {
        let plan: string | null = null;
        try {
          plan = planOfOrderRequest({ amount });
        } catch (e) {
          expect((e as { status: number }).status).toBe(400);
        }
        if (plan) expect(decimalToCents(amount)).toBe(PRICES[plan as 'monthly' | 'yearly'].amount);
      }),
    );
  });

  it('adds calendar periods, clamped to the end of a shorter month', () => {
    expect(addPeriod(new Date('2026-01-31T10:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addPeriod(new Date('2028-02-29T00:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(addPeriod(new Date('2026-12-15T00:00:00Z'), 'monthly').toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});

describe('secrets', () => {
  it('reads the Secrets Manager ARNs once per maximum age (not per request), and treats the CDK placeholder as unset', async () => {
    env({ PAYMENT_MODE: 'live', STRIPE_SECRET_KEY_ARN: 'arn:stripe', STRIPE_WEBHOOK_SECRET_ARN: 'arn:whsec', PAYPAL_CREDENTIALS_ARN: 'arn:paypal' });
    smMock.on(GetSecretValueCommand, { SecretId: 'arn:stripe' }).resolves({ SecretString: 'sk_live_from_sm' });
    smMock.on(GetSecretValueCommand, { SecretId: 'arn:whsec' }).resolves({ SecretString: 'REPLACE_ME' });
    smMock.on(GetSecretValueCommand, { SecretId: 'arn:paypal' }).resolves({ SecretString: JSON.stringify({ clientId: 'id', clientSecret: 'secret' }) });
    const first = await providerSecrets();
    const again = await providerSecrets();
    expect(first).toEqual({ stripeSecretKey: 'sk_live_from_sm', stripeWebhookSecret: null, paypal: { clientId: 'id', clientSecret: 'secret' } });
    expect(again).toBe(first);
    expect(smMock.commandCalls(GetSecretValueCommand)).toHaveLength(3);
  });

  it('reads them again once older than the maximum age, so a rotated key is used without a cold start', async () => {
    env({ PAYMENT_MODE: 'live', STRIPE_SECRET_KEY_ARN: 'arn:stripe-rotated' });
    smMock.on(GetSecretValueCommand, { SecretId: 'arn:stripe-rotated' }).resolvesOnce({ SecretString: 'sk_live_first' }).resolves({ SecretString: 'sk_live_rotated' });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const t0 = Date.now();
      expect((await providerSecrets(t0)).stripeSecretKey).toBe('sk_live_first');
      vi.setSystemTime(t0 + 60_000);
      expect((await providerSecrets(t0 + 60_000)).stripeSecretKey).toBe('sk_live_first');
      const later = t0 + (SECRET_MAX_AGE_SECONDS + 1) * 1000;
      vi.setSystemTime(later); // Powertools' own cache expires by the clock too
      expect((await providerSecrets(later)).stripeSecretKey).toBe('sk_live_rotated');
    } finally {
      vi.useRealTimers();
    }
  });

  it('retries after a failed read instead of caching the failure', async () => {
    // another ARN: Powertools Parameters keeps its own cache per secret id
    env({ PAYMENT_MODE: 'live', STRIPE_SECRET_KEY_ARN: 'arn:stripe-retry' });
    smMock.on(GetSecretValueCommand).rejectsOnce(new Error('throttled')).resolves({ SecretString: 'sk_live_2' });
    await expect(providerSecrets()).rejects.toThrow('throttled');
    await expect(providerSecrets()).resolves.toMatchObject({ stripeSecretKey: 'sk_live_2' });
  });
});

describe('payment mode', () => {
  it('is sandbox without keys, live with keys or when the operator says so', () => {
    expect(getEnv().paymentMode).toBe('sandbox');
    env({ STRIPE_SECRET_KEY: 'sk_test_1' });
    expect(getEnv().paymentMode).toBe('live');
    env({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' });
    expect(getEnv().paymentMode).toBe('live');
    env({ PAYMENT_MODE: 'live' });
    expect(getEnv().paymentMode).toBe('live');
  });

  it('live mode without keys answers 503 and never falls back to the sandbox', async () => {
    env({ PAYMENT_MODE: 'live' });
    const create = await invoke(billing, loadEvent('post-create-yearly-subscription', { cookies: signedInCookies('user') }));
    expectJsonError(create, 503);
    const order = await invoke(billing, loadEvent('post-paypal-order', { cookies: signedInCookies('user') }));
    expectJsonError(order, 503);
    const sandbox = await invoke(billing, loadEvent('post-sandbox-card-confirm', { cookies: signedInCookies('user') }));
    expectJsonError(sandbox, 404);
    const hook = await invoke(webhook, loadEvent('post-webhooks-stripe'));
    expectJsonError(hook, 503);
    env({ PAYMENT_MODE: 'sandbox' });
    expectJsonError(await invoke(webhook, loadEvent('post-webhooks-stripe')), 404, 'Not found');
    // nothing was written
    expect(ddbMock.calls().filter((c) => !/Get/.test(c.args[0].constructor.name))).toHaveLength(0);
  });
});

describe('billing routes (sample events)', () => {
  it('need a session (401) and ignore nothing else before it', async () => {
    for (const name of ['post-create-monthly-subscription', 'post-auth-activate-subscription', 'post-paypal-order', 'post-sandbox-card-confirm', 'get-subscription'] as const) {
      expectJsonError(await invoke(billing, loadEvent(name)), 401);
    }
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('the webhook refuses the sample event (placeholder signature) with 400 before touching anything', async () => {
    env({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    const res = await invoke(webhook, loadEvent('post-webhooks-stripe'));
    expectJsonError(res, 400, 'Invalid Stripe signature');
    expect(ddbMock.calls()).toHaveLength(0);
  });
});
