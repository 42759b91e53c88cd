import { type KeyObject, generateKeyPairSync, sign } from 'node:crypto';
import { vi } from 'vitest';
import { jwksTransport } from '../src/lib/access-token';
import { TEST_ENV } from './env';

/**
 * A stand-in for the Cognito user pool's signing key: tokens are signed here (RS256 with a
 * kid) and the JWKS is served by stubbing the transport that lib/access-token.ts fetches it with.
 */
const KID = 'test-key-1';

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
/** Same kid, different key: a forged token that must not verify. */
const otherPair = generateKeyPairSync('rsa', { modulusLength: 2048 });

const jwks = { keys: [{ ...pair.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' }] };

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

export function signJwt(payload: Record<string, unknown>, opts: { key?: KeyObject; kid?: string; alg?: string } = {}): string {
  const header = { alg: opts.alg ?? 'RS256', kid: opts.kid ?? KID, typ: 'JWT' };
  const data = `${b64url(header)}.${b64url(payload)}`;
  if (opts.alg === 'none') return `${data}.`;
  const signature = sign('sha256', Buffer.from(data), opts.key ?? pair.privateKey).toString('base64url');
  return `${data}.${signature}`;
}

export interface TokenOptions {
  sub?: string;
  username?: string;
  groups?: string[];
  /** seconds from now; negative for an expired token */
  expiresIn?: number;
  /** extra or replaced claims */
  claims?: Record<string, unknown>;
  /** sign with a key that is not in the JWKS (same kid) */
  forged?: boolean;
}

/** A Cognito-shaped access token. */
export function accessToken(o: TokenOptions = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + (o.expiresIn ?? 3600);
  return signJwt(
    {
      sub: o.sub ?? 'user-sub-1',
      'cognito:groups': o.groups ?? [],
      iss: TEST_ENV.JWT_ISSUER,
      version: 2,
      client_id: TEST_ENV.USER_POOL_CLIENT_ID,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      auth_time: Math.min(now, exp - 3600),
      iat: Math.min(now, exp - 3600),
      exp,
      jti: `jti-${o.sub ?? 'user-sub-1'}-${exp}`,
      username: o.username ?? 'alex_runner',
      ...(o.claims ?? {}),
    },
    o.forged ? { key: otherPair.privateKey } : {},
  );
}

/** Every URL fetched through the stub, in order (vitest clears spy calls between tests; this is not cleared). */
export const fetchedUrls: string[] = [];

/**
 * Serves the JWKS at TEST_ENV.JWKS_URI through lib/access-token.ts's transport; any other URI,
 * and any use of the global fetch, fails the test. `mockRestore()` undoes both.
 */
export function stubJwksFetch(): { mockRestore(): void } {
  const transport = vi.spyOn(jwksTransport, 'get').mockImplementation(async (uri) => {
    fetchedUrls.push(uri);
    if (uri === TEST_ENV.JWKS_URI) return { status: 200, body: new TextEncoder().encode(JSON.stringify(jwks)).buffer as ArrayBuffer };
    throw new Error(`Unexpected JWKS URI in a unit test: ${uri}`);
  });
  const fetchGuard = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    fetchedUrls.push(url);
    throw new Error(`Unexpected fetch in a unit test: ${url}`);
  });
  return {
    mockRestore() {
      transport.mockRestore();
      fetchGuard.mockRestore();
    },
  };
}
