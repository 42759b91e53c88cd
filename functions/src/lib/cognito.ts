import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { getEnv } from './env';

/** For lib/session.ts's refresh, which imports this module with `import()` (a namespace import of the SDK package would keep all its commands). */
export { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';

/**
 * The Cognito client: the auth and admin functions call it, the others only to refresh an
 * expired session (lib/session.ts imports this module then). Verifying an access token needs
 * no client (lib/access-token.ts), so most cold starts never evaluate it (docs/decisions/0006).
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

/** Reads claims of an ID token that came straight from Cognito over TLS (never from the client). */
export function decodeTrustedIdToken(idToken: string | undefined): { email?: string } {
  if (!idToken) return {};
  try {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return { email: typeof payload.email === 'string' ? payload.email : undefined };
  } catch {
    return {};
  }
}
