import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestEnv } from '../../test/env';
import { SECRET_MAX_AGE_SECONDS, providerSecrets, resetProviderSecrets } from './secrets';

const sm = mockClient(SecretsManagerClient);
const ARN = 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:stripe-key';

beforeEach(() => {
  setTestEnv({ STRIPE_SECRET_KEY_ARN: ARN });
  resetProviderSecrets();
  sm.reset();
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterAll(() => {
  vi.useRealTimers();
  setTestEnv();
});

describe('provider secrets in AWS (issue 17 point 6: a maximum age)', () => {
  it('are read through Secrets Manager and read again once older than the maximum age, so a rotated key is picked up without a cold start', async () => {
    sm.on(GetSecretValueCommand, { SecretId: ARN }).resolvesOnce({ SecretString: 'sk_live_first' }).resolves({ SecretString: 'sk_live_rotated' });
    const t0 = Date.now();
    expect((await providerSecrets(t0)).stripeSecretKey).toBe('sk_live_first');
    vi.setSystemTime(t0 + 60_000);
    expect((await providerSecrets(t0 + 60_000)).stripeSecretKey).toBe('sk_live_first'); // cached
    const later = t0 + (SECRET_MAX_AGE_SECONDS + 1) * 1000;
    vi.setSystemTime(later);
    expect((await providerSecrets(later)).stripeSecretKey).toBe('sk_live_rotated');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('treat the placeholder the stack stores as "not configured"', async () => {
    const placeholder = `${ARN}-placeholder`; // Powertools keeps its own cache per secret id
    setTestEnv({ STRIPE_SECRET_KEY_ARN: placeholder });
    sm.on(GetSecretValueCommand, { SecretId: placeholder }).resolves({ SecretString: 'REPLACE_ME' });
    expect((await providerSecrets()).stripeSecretKey).toBeNull();
  });
});
