import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Origin verification (docs/decisions/0008-origin-secret-and-waf.md). In AWS, CloudFront adds this
 * header to every request it forwards to the HTTP API (an origin custom header) with a secret
 * generated per stack. The functions refuse a request without exactly that value (a client that adds
 * its own copy makes API Gateway join the two, which fails too), so the execute-api endpoint cannot
 * be called directly, around the WAF, the security headers policy and the x-viewer-ip function that
 * the sign-in limit trusts.
 * The infra imports these names, so both sides agree on them.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** Environment variable holding the expected value; unset locally, where there is no check. */
export const ORIGIN_VERIFY_ENV = 'ORIGIN_VERIFY_SECRET';

const sha256 = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * A constant-time matcher for `expected`. Both sides are hashed to 32 bytes before
 * `timingSafeEqual`, so the time taken reveals neither the content nor the length of the secret.
 */
export function originSecretMatcher(expected: string): (presented: string | undefined) => boolean {
  if (!expected) throw new Error('originSecretMatcher needs a non-empty secret');
  const want = sha256(expected);
  return (presented) => {
    const same = timingSafeEqual(sha256(presented ?? ''), want);
    return presented !== undefined && same;
  };
}
