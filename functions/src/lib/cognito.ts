import { createHmac } from 'node:crypto';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { getEnv } from './env';

/** For lib/session.ts's refresh, which imports this module with `import()` (a namespace import of the SDK package would keep all its commands). */
export { AdminInitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';

/**
 * The Cognito client: the auth and admin functions call it, the others only to refresh an
 * expired session (lib/session.ts imports this module then). Verifying an access token needs
 * no client (lib/access-token.ts), so most cold starts never evaluate it (docs/decisions/0006).
 *
 * Cognito is reachable only through the app (DESIGN.md section 6, note 0014): the app client has a
 * secret and allows only the admin flows, which need IAM credentials (`AdminInitiateAuth` with
 * `ADMIN_USER_PASSWORD_AUTH` or `REFRESH_TOKEN_AUTH`, `AdminCreateUser`), so nothing learnt from a
 * token (pool id, client id) is enough to sign in, sign up or refresh at Cognito directly.
 */
let client: CognitoIdentityProviderClient | undefined;

export function cognito(): CognitoIdentityProviderClient {
  if (client) return client;
  const env = getEnv();
  client = new CognitoIdentityProviderClient({
    region: env.region,
    ...(env.cognitoEndpoint ? { endpoint: env.cognitoEndpoint } : {}),
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 1000, requestTimeout: 5000, throwOnRequestTimeout: true },
  });
  return client;
}

/** How long a secret read from Secrets Manager is used before it is read again (a rotated secret is picked up without a cold start). */
const SECRET_MAX_AGE_SECONDS = 300;

/**
 * The app client's secret: `COGNITO_CLIENT_SECRET` locally (the local bootstrap creates the client
 * and passes it), in AWS read from Secrets Manager (`COGNITO_CLIENT_SECRET_ARN`, filled by the stack
 * from the client itself) through Powertools Parameters, cached for SECRET_MAX_AGE_SECONDS.
 */
export async function clientSecret(): Promise<string> {
  const env = getEnv();
  if (env.cognitoClientSecret) return env.cognitoClientSecret;
  if (!env.cognitoClientSecretArn) throw new Error('Neither COGNITO_CLIENT_SECRET nor COGNITO_CLIENT_SECRET_ARN is set');
  const { getSecret } = await import('@aws-lambda-powertools/parameters/secrets');
  const value = await getSecret(env.cognitoClientSecretArn, { maxAge: SECRET_MAX_AGE_SECONDS });
  if (typeof value !== 'string' || !value) throw new Error('The Cognito client secret is empty');
  return value;
}

/** Cognito's SECRET_HASH: Base64(HMAC-SHA256(client secret, username + client id)). */
export async function secretHash(username: string): Promise<string> {
  return createHmac('sha256', await clientSecret())
    .update(username + getEnv().userPoolClientId)
    .digest('base64');
}

/** What every admin-flow call names: the pool and the client. */
export const appClient = () => ({ UserPoolId: getEnv().userPoolId, ClientId: getEnv().userPoolClientId });

/** Reads claims of an ID token that came straight from Cognito over TLS (never from the client). */
export function decodeTrustedIdToken(idToken: string | undefined): { email?: string; emailVerified?: boolean } {
  if (!idToken) return {};
  try {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return { email: typeof payload.email === 'string' ? payload.email : undefined, emailVerified: payload.email_verified === true || payload.email_verified === 'true' };
  } catch {
    return {};
  }
}
