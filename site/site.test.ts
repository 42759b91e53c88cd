import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptSource, securityHeaders } from './site';

const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));

describe('securityHeaders', () => {
  it('sends HSTS for at least one year, with subdomains', () => {
    const hsts = securityHeaders()['Strict-Transport-Security']!;
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(hsts).toContain('includeSubDomains');
  });

  it('sends nosniff, frame denial, a referrer policy and COOP', () => {
    const h = securityHeaders();
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['X-Frame-Options']).toBe('DENY');
    expect(h['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(h['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(h['Permissions-Policy']).toContain('camera=()');
  });

  it('defaults to the CSP without payment providers', () => {
    expect(securityHeaders()['Content-Security-Policy']).toBe(contentSecurityPolicy({ paymentProviders: false }));
  });
});

describe('contentSecurityPolicy', () => {
  for (const paymentProviders of [false, true]) {
    it(`locks down objects, base URIs and framing (payment providers ${paymentProviders ? 'on' : 'off'})`, () => {
      const d = directives(contentSecurityPolicy({ paymentProviders }));
      expect(d['default-src']).toEqual(["'self'"]);
      expect(d['object-src']).toEqual(["'none'"]);
      expect(d['base-uri']).toEqual(["'none'"]);
      expect(d['frame-ancestors']).toEqual(["'none'"]);
      expect(d['form-action']).toEqual(["'self'"]);
      // the service worker and the manifest come from this origin only (decision 0206)
      expect(d['worker-src']).toEqual(["'self'"]);
      expect(d['manifest-src']).toEqual(["'self'"]);
      expect(d['script-src']).not.toContain("'unsafe-inline'");
      expect(d['script-src']).not.toContain("'unsafe-eval'");
      for (const sources of Object.values(d)) expect(sources).not.toContain('*');
    });
  }

  it('names no payment provider when they are not enabled', () => {
    const csp = contentSecurityPolicy({ paymentProviders: false });
    expect(csp).not.toMatch(/stripe|paypal/i);
    expect(directives(csp)['frame-src']).toEqual(["'none'"]);
  });

  it('allows exactly the payment providers when enabled', () => {
    const d = directives(contentSecurityPolicy({ paymentProviders: true }));
    expect(d['script-src']).toEqual(expect.arrayContaining(["'self'", 'https://js.stripe.com', 'https://www.paypal.com']));
    expect(d['connect-src']).toEqual(expect.arrayContaining(["'self'", 'https://api.stripe.com']));
    expect(d['frame-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
    for (const sources of Object.values(d)) {
      for (const s of sources) expect(s, s).toMatch(/^('self'|'none'|'unsafe-inline'|data:|https:\/\/([a-z]+\.)?(stripe\.com|paypal\.com|sandbox\.paypal\.com|paypalobjects\.com))$/);
    }
    // inline styles are allowed (Stripe Elements), inline scripts are not
    expect(d['script-src']).not.toContain("'unsafe-inline'");
  });

  it("names PayPal's sandbox only for sandbox PayPal credentials", () => {
    expect(contentSecurityPolicy({ paymentProviders: true })).not.toContain('sandbox.paypal.com');
    const d = directives(contentSecurityPolicy({ paymentProviders: true, paypalSandbox: true }));
    for (const name of ['script-src', 'connect-src', 'frame-src']) expect(d[name], name).toContain('https://www.sandbox.paypal.com');
    expect(contentSecurityPolicy({ paymentProviders: false, paypalSandbox: true })).not.toMatch(/paypal/);
  });

  it('allows an inline script only by the sha256 of its exact text', () => {
    const text = "(function(){document.documentElement.setAttribute('data-theme','light')})();";
    const source = inlineScriptSource(text);
    // the value browsers compute: base64 of the SHA-256 of the UTF-8 text
    expect(source).toBe(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    expect(inlineScriptSource(`${text} `)).not.toBe(source);
    const d = directives(contentSecurityPolicy({ paymentProviders: false, inlineScripts: [source] }));
    expect(d['script-src']).toEqual(["'self'", source]);
    expect(d['script-src']).not.toContain("'unsafe-inline'");
  });
});
