import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, useBrowser } from './browser';

/**
 * The pre-rendered first paint (frontend/scripts/prerender.ts, DESIGN.md section 10 LCP): the
 * built HTML already shows the page's first frame before any script runs, inert until the app
 * replaces it; a stored cookie choice hides the pre-rendered banner before the first paint.
 */
const { newPage, browser } = useBrowser();

describe('first paint without JavaScript', () => {
  it('/auth shows the sign-in form and the cookie banner from the HTML alone, inert', async () => {
    const { page } = await newPage({ javaScriptEnabled: false });
    await page.goto(`${baseUrl()}/auth`);
    const prerendered = page.locator('[data-prerendered="/auth"]');
    await expect(prerendered.getAttribute('inert')).resolves.toBe('');
    await expect(prerendered.getByText('Join thousands achieving their fitness goals').isVisible()).resolves.toBe(true);
    await expect(prerendered.locator('input[type="password"]').first().isVisible()).resolves.toBe(true);
    await expect(prerendered.getByText('We use cookies').isVisible()).resolves.toBe(true);
    await screenshot(page, 'first-paint-auth-no-js');
  });

  it('a client route shows the session spinner; a stored cookie choice hides the banner before the first paint', async () => {
    // a plain page (not newPage's, which waits for the app after each navigation): the app's scripts are blocked here
    const page = await (await browser().newContext({ viewport: { width: 412, height: 915 } })).newPage();
    await page.goto(`${baseUrl()}/favicon.svg`);
    await page.evaluate(() => localStorage.setItem('cookieConsent', 'declined'));
    await page.context().route('**/*.js', (route) => (route.request().url().endsWith('/appearance.js') ? route.continue() : route.abort()));
    await page.goto(`${baseUrl()}/settings`);
    const prerendered = page.locator('[data-prerendered="/"]');
    await expect(prerendered.getByText('Loading your session...').isVisible()).resolves.toBe(true);
    await expect(page.locator('html').getAttribute('data-cookie-consent')).resolves.toBe('declined');
    await expect(prerendered.getByText('We use cookies').isVisible()).resolves.toBe(false);
  });

  it('needs nothing but the HTML: the stylesheet and appearance.js are inline, the script allowed by its hash', async () => {
    const { page, errors } = await newPage();
    const res = await page.goto(`${baseUrl()}/auth`);
    const csp = (await res!.allHeaders())['content-security-policy']!;
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!.split(' ');
    expect(scriptSrc.filter((s) => s.startsWith("'sha256-"))).toHaveLength(1); // appearance.js
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    await expect(page.locator('head link[rel="stylesheet"]').count()).resolves.toBe(0);
    await expect(page.locator('head style').count()).resolves.toBe(1);
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('light');
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    expect(errors).toEqual([]); // a script refused by the CSP would be reported here
  });
});

describe('the app takes over', () => {
  it('names the app in <head> as module scripts, which never hold up the first paint', async () => {
    for (const path of ['/auth', '/cookie-policy']) { // a client route that sends no request when signed out
      const { page, errors } = await newPage();
      await page.goto(`${baseUrl()}${path}`);
      const html = await (await page.request.get(`${baseUrl()}${path}`)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      // a module script is deferred: it downloads beside the first paint and runs after parsing
      expect(head).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
      expect(head).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/[\w-]+\.js">/);
      expect(html).not.toContain('id="app-scripts"');
      expect(html.match(/<script>/g)).toHaveLength(1); // appearance.js, the only inline script
      expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime)).toBeGreaterThan(0);
      expect(errors).toEqual([]); // a script refused by the CSP would be reported here
      await page.context().close();
    }
  });

  it('replaces the pre-rendered frame with the live page, without console errors', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${baseUrl()}/auth`); // returns once the pre-rendered frame is gone (e2e/browser.ts)
    await expect(page.locator('[data-prerendered]').count()).resolves.toBe(0);
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await expect(page.locator('#root [inert]').count()).resolves.toBe(0);
    // the live banner works: Decline stores the choice and hides it
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByText('We use cookies').isVisible()).resolves.toBe(false);
    expect(errors).toEqual([]);
  });
});
