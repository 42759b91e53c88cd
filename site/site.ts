/**
 * The site: what the browser gets from the one origin, pages and API alike. The local gateway
 * (local/gateway.ts), the Lambda responses (functions/src/lib/middleware/response.ts), the
 * pre-render (frontend/scripts/prerender.ts) and CloudFront (infra/lib/constructs/site.ts) all
 * read it, so there is one Content-Security-Policy and one set of security headers
 * (DESIGN.md section 6).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Client pages with their own pre-rendered first paint (frontend/scripts/prerender.ts writes
 * `<page>.html`): CloudFront and the local gateway serve `/auth` from `/auth.html`. Every other
 * client route gets index.html, whose first paint is that of `/`.
 */
export const prerenderedPages = ['/auth'] as const;

/**
 * The scripts of frontend/public that the built pages carry inline (frontend/scripts/prerender.ts);
 * the CSP allows exactly these texts by their hashes (local gateway and CloudFront). appearance.js
 * applies the stored appearance before the first paint and sends a returning subscriber's first
 * requests (frontend/src/lib/early-requests.ts).
 */
export const inlinePageScripts = ['appearance.js'] as const;

/**
 * The CSP source that allows exactly one inline script: `'sha256-…'` of its text. The built
 * pages inline the files of `inlinePageScripts` (appearance.js, before the first paint), saving a
 * round trip; nothing else inline is allowed.
 */
export const inlineScriptSource = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The CSP sources of the inline page scripts as they are in `dir`, a build's dist (where the
 * pre-render wrote the minified text it inlined: inline-scripts.ts), or undefined when one of them
 * is missing there.
 */
export function inlinePageScriptSources(dir: string): string[] | undefined {
  const files = inlinePageScripts.map((name) => path.join(dir, name));
  return files.every((file) => existsSync(file)) ? files.map((file) => inlineScriptSource(readFileSync(file, 'utf8'))) : undefined;
}

export interface CspOptions {
  /** Add the payment providers' origins (only when real provider keys are configured: payment mode live). */
  paymentProviders: boolean;
  /** The PayPal credentials belong to PayPal's sandbox (PAYPAL_ENVIRONMENT=sandbox; in AWS `-c paypalEnvironment=sandbox`): its buttons come from www.sandbox.paypal.com. */
  paypalSandbox?: boolean;
  /** CSP sources (`inlineScriptSource`) of the inline scripts the pages may run. */
  inlineScripts?: readonly string[];
}

export function contentSecurityPolicy({ paymentProviders, paypalSandbox = false, inlineScripts = [] }: CspOptions): string {
  const stripe = paymentProviders ? ' https://js.stripe.com' : '';
  const paypal = paymentProviders ? ` https://www.paypal.com${paypalSandbox ? ' https://www.sandbox.paypal.com' : ''}` : '';
  const inline = inlineScripts.map((s) => ` ${s}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${inline}${stripe}${paypal}`,
    "style-src 'self' 'unsafe-inline'",
    // PayPal's JS SDK shows its images from www.paypalobjects.com (PayPal's CSP guide lists it under img-src).
    `img-src 'self' data:${paypal ? ' https://www.paypalobjects.com' : ''}`,
    "font-src 'self'",
    `connect-src 'self'${paymentProviders ? ' https://api.stripe.com' : ''}${paypal}`,
    `frame-src ${paymentProviders ? `https://js.stripe.com https://hooks.stripe.com${paypal}` : "'none'"}`,
    // the service worker and the web app manifest (decision 0206): this origin's own files only
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** HSTS max-age: two years. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

/** Security headers sent on every HTML and API response. */
export function securityHeaders(opts: CspOptions = { paymentProviders: false }): Record<string, string> {
  return {
    'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'Content-Security-Policy': contentSecurityPolicy(opts),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
