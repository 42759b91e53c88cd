/**
 * Security headers sent on every HTML and API response (DESIGN.md section 6).
 * The local gateway and the Lambda responses use these; CloudFront's
 * response-headers policy carries the same set in AWS.
 */
import { createHash } from 'node:crypto';

export interface CspOptions {
  /** Add the payment providers' origins (only when real provider keys are configured). */
  paymentProviders: boolean;
  /** CSP sources (`inlineScriptSource`) of the inline scripts the pages may run. */
  inlineScripts?: readonly string[];
}

/**
 * The CSP source that allows exactly one inline script: `'sha256-…'` of its text. The built
 * pages inline the files of `inlinePageScripts` (functions/src/routes.ts: appearance.js before the
 * first paint, start-app.js after it; frontend/scripts/prerender.ts), saving round trips; nothing
 * else inline is allowed.
 */
export const inlineScriptSource = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export function contentSecurityPolicy({ paymentProviders, inlineScripts = [] }: CspOptions): string {
  const stripe = paymentProviders ? ' https://js.stripe.com' : '';
  const paypal = paymentProviders ? ' https://www.paypal.com https://www.sandbox.paypal.com' : '';
  const inline = inlineScripts.map((s) => ` ${s}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${inline}${stripe}${paypal}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${paypal ? ' https://www.paypalobjects.com' : ''}`,
    "font-src 'self'",
    `connect-src 'self'${paymentProviders ? ' https://api.stripe.com' : ''}${paypal}`,
    `frame-src ${paymentProviders ? `https://js.stripe.com https://hooks.stripe.com${paypal}` : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

export function securityHeaders(opts: CspOptions = { paymentProviders: false }): Record<string, string> {
  return {
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'Content-Security-Policy': contentSecurityPolicy(opts),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
