import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestEnv } from '../../test/env';
import { clientSecret, secretHash } from './cognito';

/** The app client's secret in AWS comes from Secrets Manager (COGNITO_CLIENT_SECRET_ARN), cached for five minutes. */
const sm = mockClient(SecretsManagerClient);
const ARN = 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:FitTrackWebClientSecret-abc';

beforeEach(() => {
  sm.reset();
  vi.useRealTimers();
});

describe('clientSecret', () => {
  it('uses COGNITO_CLIENT_SECRET when it is set (local stack) and reads nothing', async () => {
    setTestEnv();
    await expect(clientSecret()).resolves.toBe('test-client-secret');
    expect(sm.calls()).toHaveLength(0);
  });

  it('reads the secret named by COGNITO_CLIENT_SECRET_ARN once, then serves it from the cache until it is five minutes old', async () => {
    setTestEnv({ COGNITO_CLIENT_SECRET: undefined, COGNITO_CLIENT_SECRET_ARN: ARN });
    sm.on(GetSecretValueCommand, { SecretId: ARN }).resolves({ SecretString: 'from-secrets-manager' });
    vi.useFakeTimers({ toFake: ['Date'] });
    await expect(clientSecret()).resolves.toBe('from-secrets-manager');
    await expect(secretHash('alex_runner')).resolves.toBe(
      (await import('node:crypto')).createHmac('sha256', 'from-secrets-manager').update('alex_runnertest-client-id').digest('base64'),
    );
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    sm.on(GetSecretValueCommand, { SecretId: ARN }).resolves({ SecretString: 'rotated' });
    vi.setSystemTime(Date.now() + 301_000);
    await expect(clientSecret()).resolves.toBe('rotated'); // a rotated secret is picked up without a cold start
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('refuses to run without a secret rather than send an empty SECRET_HASH', async () => {
    setTestEnv({ COGNITO_CLIENT_SECRET: undefined, COGNITO_CLIENT_SECRET_ARN: undefined });
    await expect(clientSecret()).rejects.toThrow(/COGNITO_CLIENT_SECRET/);
  });
});
