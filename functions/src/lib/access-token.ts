import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
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

/** Deadline for the whole key-set request (connection and body). */
const JWKS_TIMEOUT_MS = 3000;

/**
 * How the key set is fetched: node:http / node:https, by the URI's scheme (aws-jwt-verify's own
 * fetcher speaks HTTPS only; cognito-local serves its JWKS over plain HTTP), so the same
 * verification code runs locally and in Lambda. Not the global fetch: its first call loads
 * undici (about 25 ms on Node 24), which nothing else in the functions needs, on the first
 * request of every cold start (docs/decisions/0006). An object, so that unit tests can stub it
 * (test/jwt.ts).
 */
export const jwksTransport = {
  async get(uri: string, timeoutMs: number): Promise<{ status: number; body: ArrayBuffer }> {
    const url = new URL(uri);
    const signal = AbortSignal.timeout(timeoutMs);
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      (url.protocol === 'http:' ? httpGet : httpsGet)(url, { signal }, resolve).on('error', reject);
    });
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer); // rejects when the deadline passes mid-body
    const body = Buffer.concat(chunks);
    return { status: res.statusCode ?? 0, body: body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer };
  },
};

const jwksFetcher: Fetcher = {
  async fetch(uri) {
    let res: { status: number; body: ArrayBuffer };
    try {
      res = await jwksTransport.get(uri, JWKS_TIMEOUT_MS);
    } catch (err) {
      throw new JwksUnavailableError(`JWKS fetch failed: ${String(err)}`);
    }
    if (res.status < 200 || res.status > 299) throw new JwksUnavailableError(`JWKS fetch failed with ${res.status}`);
    return res.body;
  },
};

export interface VerifiedAccessToken {
  sub: string;
  username: string;
  groups: string[];
  exp: number;
}

type Verifier = { verify: (token: string, props?: { graceSeconds?: number }) => Promise<Record<string, unknown>> };
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
    { jwksCache: new SimpleJwksCache({ fetcher: jwksFetcher }) },
  ) as unknown as Verifier;
  return verifier;
}

/**
 * Verifies a Cognito access token (signature, issuer, expiry, token_use, client_id). `graceSeconds`
 * accepts a token that expired at most that long ago (logout: whose session is ending).
 */
export async function verifyAccessToken(token: string, o: { graceSeconds?: number } = {}): Promise<VerifiedAccessToken> {
  const p = await getVerifier().verify(token, o.graceSeconds ? { graceSeconds: o.graceSeconds } : undefined);
  const groups = Array.isArray(p['cognito:groups']) ? (p['cognito:groups'] as unknown[]).map(String) : [];
  return {
    sub: String(p.sub),
    username: String(p.username ?? p['cognito:username'] ?? ''),
    groups,
    exp: Number(p.exp),
  };
}
