import { getEnv } from '../lib/env';
import { log } from '../lib/log';

/** The placeholder the CDK stack stores until the operator puts the real value (infra/lib/constructs/payments.ts). */
const PLACEHOLDER = 'REPLACE_ME';

interface ProviderSecrets {
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  paypal: { clientId: string; clientSecret: string } | null;
}

/**
 * How long provider secrets are used before they are read again: a key rotated in Secrets Manager
 * is picked up within five minutes, without a cold start (DESIGN.md section 6), as the Cognito
 * client secret is (lib/cognito.ts).
 */
export const SECRET_MAX_AGE_SECONDS = 300;

let cached: { readAt: number; value: Promise<ProviderSecrets> } | undefined;

const usable = (v: string | null | undefined): string | null => (v && v.trim() && v.trim() !== PLACEHOLDER ? v.trim() : null);

/** One secret through Powertools Parameters (loaded only when an ARN is configured, i.e. in AWS). */
async function readSecret(arn: string | null): Promise<string | null> {
  if (!arn) return null;
  const { getSecret } = await import('@aws-lambda-powertools/parameters/secrets');
  const value = await getSecret(arn, { maxAge: SECRET_MAX_AGE_SECONDS });
  return typeof value === 'string' ? value : null;
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
      log.error('PAYPAL_CREDENTIALS_ARN does not hold JSON {clientId, clientSecret}');
    }
  }
  return { stripeSecretKey: usable(stripeKey), stripeWebhookSecret: usable(webhook), paypal };
}

/** Provider secrets, read again once they are SECRET_MAX_AGE_SECONDS old (a failed read is retried on the next request). */
export function providerSecrets(now = Date.now()): Promise<ProviderSecrets> {
  if (!cached || now - cached.readAt > SECRET_MAX_AGE_SECONDS * 1000) {
    const value = load().catch((err: unknown) => {
      cached = undefined;
      throw err;
    });
    cached = { readAt: now, value };
  }
  return cached.value;
}

/** For tests that change the environment between cases. */
export function resetProviderSecrets(): void {
  cached = undefined;
}
