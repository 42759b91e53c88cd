import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { getEnv } from '../lib/env';

/** The placeholder the CDK stack stores until the operator puts the real value (infra/lib/constructs/payments.ts). */
const PLACEHOLDER = 'REPLACE_ME';

interface ProviderSecrets {
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  paypal: { clientId: string; clientSecret: string } | null;
}

let cached: Promise<ProviderSecrets> | undefined;
let client: SecretsManagerClient | undefined;

const usable = (v: string | null | undefined): string | null => (v && v.trim() && v.trim() !== PLACEHOLDER ? v.trim() : null);

async function readSecret(arn: string | null): Promise<string | null> {
  if (!arn) return null;
  client ??= new SecretsManagerClient({ region: getEnv().region, maxAttempts: 2 });
  const res = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  return res.SecretString ?? null;
}

async function load(): Promise<ProviderSecrets> {
  const env = getEnv();
  // Plain values (local development, tests) win; in AWS the ARNs are read from Secrets Manager.
  const [stripeKey, webhook, paypalJson] = await Promise.all([
    env.stripeSecretKey ? env.stripeSecretKey : readSecret(env.stripeSecretKeyArn),
    env.stripeWebhookSecret ? env.stripeWebhookSecret : readSecret(env.stripeWebhookSecretArn),
    env.paypalClientSecret ? null : readSecret(env.paypalCredentialsArn),
  ]);
  let paypal: ProviderSecrets['paypal'] = null;
  if (env.paypalClientSecret && env.paypalClientId) {
    paypal = { clientId: env.paypalClientId, clientSecret: env.paypalClientSecret };
  } else if (paypalJson) {
    try {
      const parsed = JSON.parse(paypalJson) as { clientId?: unknown; clientSecret?: unknown };
      const id = usable(typeof parsed.clientId === 'string' ? parsed.clientId : null);
      const secret = usable(typeof parsed.clientSecret === 'string' ? parsed.clientSecret : null);
      paypal = id && secret ? { clientId: id, clientSecret: secret } : null;
    } catch {
      console.error(JSON.stringify({ level: 'error', msg: 'PAYPAL_CREDENTIALS_ARN does not hold JSON {clientId, clientSecret}' }));
    }
  }
  return { stripeSecretKey: usable(stripeKey), stripeWebhookSecret: usable(webhook), paypal };
}

/** Provider secrets, read once per cold start (a failed read is retried on the next request). */
export function providerSecrets(): Promise<ProviderSecrets> {
  cached ??= load().catch((err: unknown) => {
    cached = undefined;
    throw err;
  });
  return cached;
}

/** For tests that change the environment between cases. */
export function resetProviderSecrets(): void {
  cached = undefined;
}
