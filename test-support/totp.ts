import { generateSync } from 'otplib';

/**
 * A 6-digit code that is certainly wrong for `secret` now: neither the current code nor its
 * neighbours, which Cognito (and cognito-local) accept for clock drift. For the tests that refuse a code.
 */
export function wrongTotpCode(secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  const near = new Set([-30, 0, 30].map((d) => generateSync({ secret, epoch: now + d })));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}
