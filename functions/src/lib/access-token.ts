import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { type Fetcher } from 'aws-jwt-verify/https';
import { getEnv } from './env';

/**
 * Cognito access tokens, verified locally against the user pool's key set (aws-jwt-verify): no
 * Cognito client and no call per request (the client is in lib/cognito.ts).
 */

/** The key set could not be fetched: a dependency outage (503), not an invalid token. */
export class JwksUnavailableError extends Error {
  override readonly name = 'ServiceUnavailable';
}

/**
 * aws-jwt-verify's default fetcher speaks HTTPS only; cognito-local serves its JWKS over
 * plain HTTP. This fetcher uses the runtime's fetch, which handles both, so the same
 * verification code runs locally and in Lambda.
 */
const fetchFetcher: Fetcher = {
  async fetch(uri) {
    let res: Response;
    try {
      res = await fetch(uri, { signal: AbortSignal.timeout(3000) });
    } catch (err) {
      throw new JwksUnavailableError(`JWKS fetch failed: ${String(err)}`);
    }
    if (!res.ok) throw new JwksUnavailableError(`JWKS fetch failed with ${res.status}`);
    return res.arrayBuffer();
  },
};

export interface VerifiedAccessToken {
  sub: string;
  username: string;
  groups: string[];
  exp: number;
}

type Verifier = { verify: (token: string) => Promise<Record<string, unknown>> };
let verifier: Verifier | undefined;

function getVerifier(): Verifier {
  if (verifier) return verifier;
  const env = getEnv();
  verifier = JwtRsaVerifier.create(
    {
      issuer: env.jwtIssuer,
      jwksUri: env.jwksUri,
      audience: null,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access') throw new Error('Not an access token');
        if (payload.client_id !== env.userPoolClientId) throw new Error('Token issued for another client');
      },
    },
    { jwksCache: new SimpleJwksCache({ fetcher: fetchFetcher }) },
  ) as unknown as Verifier;
  return verifier;
}

/** Verifies a Cognito access token (signature, issuer, expiry, token_use, client_id). */
export async function verifyAccessToken(token: string): Promise<VerifiedAccessToken> {
  const p = await getVerifier().verify(token);
  const groups = Array.isArray(p['cognito:groups']) ? (p['cognito:groups'] as unknown[]).map(String) : [];
  return {
    sub: String(p.sub),
    username: String(p.username ?? p['cognito:username'] ?? ''),
    groups,
    exp: Number(p.exp),
  };
}
