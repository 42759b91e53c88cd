import path from 'node:path';
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, useBrowser } from './browser';
import { createUser, signUpThroughForm, signedInPage } from './fixtures';
import { inlineScriptText } from '../site/inline-scripts';
import { inlineScriptSource } from '../site/site';
import type * as formatModule from '../frontend/src/lib/format';

type Formats = typeof formatModule;

/**
 * The pre-rendered first paint (frontend/scripts/prerender.ts, DESIGN.md section 10 LCP): the
 * built HTML already shows the page's first frame before any script runs, inert until the app
 * takes it over (hydrated where the first render is that frame, replaced elsewhere); a stored
 * cookie choice hides the pre-rendered banner before the first paint.
 */
const { newPage, browser } = useBrowser();

describe('first paint without JavaScript', () => {
  it('/auth shows the sign-in form and the cookie banner from the HTML alone, live: its fields take text, and its forms never send a password in a URL', async () => {
    const { page } = await newPage({ javaScriptEnabled: false });
    await page.goto(`${baseUrl()}/auth`);
    const prerendered = page.locator('[data-prerendered="/auth"]');
    await expect(prerendered.getAttribute('inert')).resolves.toBeNull();
    await expect(prerendered.getByText('Join thousands achieving their fitness goals').isVisible()).resolves.toBe(true);
    await expect(prerendered.locator('input[type="password"]').first().isVisible()).resolves.toBe(true);
    await expect(prerendered.getByText('We use cookies').isVisible()).resolves.toBe(true);
    await expect(page.title()).resolves.toBe('Sign In – FitTrack'); // the app's own title for it, from the first byte
    await screenshot(page, 'first-paint-auth-no-js');
    await page.getByLabel('Username').first().pressSequentially('typed-early');
    await expect(page.getByLabel('Username').first().inputValue()).resolves.toBe('typed-early');
    await expect(page.locator('form:not([method="post"])').count()).resolves.toBe(0);
  });

  it('index.html, which the app may replace, stays inert until the app has taken it over, all but its cookie banner', async () => {
    const html = await (await fetch(`${baseUrl()}/settings`)).text();
    expect(html).toMatch(/<div id="root" data-prerendered="\/"><div role="status"[^>]* inert[ =>]/);
    expect(html).toMatch(/<section aria-labelledby="cookie-banner-title" class="cookie-banner [^"]*">/);
    expect(html.match(/ inert[ =>]/g)).toHaveLength(1);
  });

  it('a client route shows the session spinner; a stored cookie choice hides the banner before the first paint', async () => {
    // a plain page (not newPage's, which waits for the app after each navigation): the app's scripts are blocked here
    const page = await (await browser().newContext({ viewport: { width: 412, height: 915 } })).newPage();
    await page.goto(`${baseUrl()}/manifest.webmanifest`);
    await page.evaluate(() => localStorage.setItem('cookieConsent', 'declined'));
    await page.context().route('**/*.js', (route) => (route.request().url().endsWith('/appearance.js') ? route.continue() : route.abort()));
    await page.goto(`${baseUrl()}/settings`);
    const prerendered = page.locator('[data-prerendered="/"]');
    await expect(prerendered.getByText('Loading your session...').isVisible()).resolves.toBe(true);
    await expect(page.locator('html').getAttribute('data-cookie-consent')).resolves.toBe('declined');
    await expect(prerendered.getByText('We use cookies').isVisible()).resolves.toBe(false);
  });

  it('needs nothing but the HTML: its critical CSS and appearance.js are inline (the script allowed by its hash); the stylesheet is preloaded and linked after the frame', async () => {
    const { page, errors } = await newPage();
    const res = await page.goto(`${baseUrl()}/auth`);
    const csp = (await res!.allHeaders())['content-security-policy']!;
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!.split(' ');
    expect(scriptSrc.filter((s) => s.startsWith("'sha256-"))).toHaveLength(1); // appearance.js
    // minified, and the very text that the CDK site construct hashes for CloudFront's CSP
    const inline = await page.locator('head script:not([src])').textContent();
    expect(inline).toBe(inlineScriptText(path.resolve(import.meta.dirname, '../frontend/public/appearance.js')));
    expect(scriptSrc).toContain(inlineScriptSource(inline!));
    expect(inline).not.toContain('//');
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    await expect(page.locator('head style').count()).resolves.toBe(1);
    await expect(page.locator('head link[rel="stylesheet"]').count()).resolves.toBe(0);
    await expect(page.locator('head link[rel="preload"][as="style"]').count()).resolves.toBe(1);
    // after #root: the frame paints without waiting for it; the deferred app scripts wait for it
    await expect(page.locator('#root ~ link[rel="stylesheet"]').count()).resolves.toBe(1);
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('light');
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    expect(errors).toEqual([]); // a script refused by the CSP would be reported here
  });

  it('the critical CSS alone paints each frame exactly as the whole stylesheet does (light and Black, 320 and 390 px)', async () => {
    const shot = async (path: string, theme: 'light' | 'black', width: number, stylesheet: boolean) => {
      const context = await browser().newContext({ viewport: { width, height: 800 } });
      await context.addInitScript(`try { localStorage.setItem('theme', '${theme}') } catch {}`);
      // no app: what shows before it takes over; with or without the stylesheet
      await context.route(/\.(js|css)(\?|$)/, (route) => (!stylesheet || route.request().url().endsWith('.js') ? route.abort() : route.continue()));
      const page = await context.newPage();
      await page.goto(`${baseUrl()}${path}`);
      await expect(page.evaluate(() => document.styleSheets.length)).resolves.toBe(stylesheet ? 2 : 1);
      const png = await page.screenshot({ fullPage: true, animations: 'disabled' });
      await context.close();
      return png;
    };
    for (const path of ['/auth', '/settings']) {
      for (const theme of ['light', 'black'] as const) {
        for (const width of [320, 390]) {
          const [critical, whole] = [await shot(path, theme, width, false), await shot(path, theme, width, true)];
          expect(critical.equals(whole), `${path}, ${theme}, ${width} px`).toBe(true);
        }
      }
    }
  });
});

/**
 * How the app took the frame over: the element the parser put first into #root is still there
 * when #root stops carrying data-prerendered (hydrated), or it is gone (replaced).
 */
const recordTakeover = `window.__takeover = null;
let frame = null;
const watch = new MutationObserver(() => {
  const root = document.getElementById('root');
  if (!root) return;
  if (!frame) frame = root.firstElementChild;
  if (frame && window.__takeover === null && !root.hasAttribute('data-prerendered')) {
    window.__takeover = root.contains(frame) ? 'hydrated' : 'replaced';
    watch.disconnect();
  }
});
watch.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-prerendered'] });`;
const takeover = (page: Page) => page.evaluate(() => (window as unknown as { __takeover: string | null }).__takeover);
/** Waits until the app has taken the frame over (recordTakeover has seen it). */
const takenOver = (page: Page) => page.waitForFunction(() => (window as unknown as { __takeover: string | null }).__takeover !== null);

/** How many taps the inline script holds for the app (public/appearance.js). */
const heldTaps = (page: Page) => page.evaluate(() => (window as unknown as { __heldTaps?: unknown[] }).__heldTaps?.length);

/**
 * A page (/auth unless told) opened in a fresh browser whose app entry is held back until
 * `release()`: what a person does before the app has started. The takeover is recorded
 * (`takeover`, `takenOver`).
 */
async function openWithEntryHeldBack(viewport: { width: number; height: number }, path = '/auth') {
  const context = await browser().newContext({ viewport });
  const page = await context.newPage();
  await page.addInitScript(recordTakeover);
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => void errors.push(e.message));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'commit' });
  return { context, page, errors, release };
}

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

  it('hydrates the pre-rendered /auth in place, without console errors', async () => {
    const { page, errors } = await newPage();
    await page.addInitScript(recordTakeover);
    await page.goto(`${baseUrl()}/auth`); // returns once the app has taken the frame over (e2e/browser.ts)
    await expect(page.locator('[data-prerendered]').count()).resolves.toBe(0);
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await expect(page.locator('#root[inert], #root [inert]').count()).resolves.toBe(0);
    // the form the browser parsed and laid out is the live one: React attached to it
    await expect(takeover(page)).resolves.toBe('hydrated');
    // the live banner works: Decline stores the choice and hides it
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByText('We use cookies').isVisible()).resolves.toBe(false);
    expect(errors).toEqual([]);
  });

  it("takes /auth over before hydrating its form, footer and cookie banner, each in a pass of its own; a tap on the banner in between is the app's", async () => {
    const { page, errors } = await newPage();
    // At the takeover (in the same task as the app's first commit): which parts React owns yet, and
    // a tap on Accept All then, when the inline script has stopped taking taps (#root no longer
    // carries data-prerendered) and the banner is not hydrated yet.
    await page.addInitScript(`window.__atTakeover = null;
      const owned = (selector) => Object.keys(document.querySelector(selector)).some((key) => key.startsWith('__reactFiber$'));
      const watch = new MutationObserver(() => {
        const root = document.getElementById('root');
        if (!root || root.hasAttribute('data-prerendered') || !root.firstElementChild) return;
        watch.disconnect();
        window.__atTakeover = { header: owned('header a'), form: owned('input[name="username"]'), footer: owned('footer a'), banner: owned('.cookie-banner button') };
        document.querySelector('.cookie-banner button[data-cookie-choice="accepted"]').click();
      });
      watch.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-prerendered'] });`);
    await page.goto(`${baseUrl()}/auth`);
    await page.waitForFunction(() => (window as unknown as { __atTakeover: unknown }).__atTakeover !== null);
    await expect(page.evaluate(() => (window as unknown as { __atTakeover: unknown }).__atTakeover)).resolves.toEqual({ header: true, form: false, footer: false, banner: false });
    // React hydrated the banner at the tap and gave it the click: the app stored the choice and hid the banner
    await page.locator('.cookie-banner').waitFor({ state: 'detached' });
    await expect(page.evaluate(() => localStorage.getItem('cookieConsent'))).resolves.toBe('accepted');
    // and the rest hydrates on its own: the footer's links and the form are the app's
    await page.waitForFunction(() => ['footer a', 'input[name="username"]'].every((s) => Object.keys(document.querySelector(s)!).some((k) => k.startsWith('__reactFiber$'))));
    await page.getByRole('link', { name: 'Cookie Policy' }).click();
    await page.getByRole('heading', { name: 'Cookie Policy' }).first().waitFor();
    expect(errors).toEqual([]);
  });

  it('a tap on /auth before the app has started is held, then done by the app with what was typed: the person signs in', async () => {
    const { username, password } = await createUser({ prefix: 'held' });
    // the app's entry waits until the person has typed and tapped
    const { context, page, errors, release } = await openWithEntryHeldBack({ width: 390, height: 844 });
    const form = page.locator('[data-prerendered="/auth"] form').first();
    await form.getByLabel('Username').pressSequentially(username);
    await form.getByLabel('Password', { exact: true }).pressSequentially(password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await form.getByRole('button', { name: 'Sign In' }).click(); // a second tap is the same tap
    await form.getByLabel('Password', { exact: true }).press('Enter'); // and so is the form's implicit submission
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${baseUrl()}/auth`); // the browser did not submit the form itself
    await expect(heldTaps(page)).resolves.toBe(1);
    await expect(page.locator('[data-prerendered]').count()).resolves.toBe(1);
    // the tap shows as taken: a busy page, a dimmed button
    await expect(page.locator('#root').getAttribute('aria-busy')).resolves.toBe('true');
    await expect(form.getByRole('button', { name: 'Sign In' }).evaluate((b) => getComputedStyle(b).opacity)).resolves.toBe('0.7');
    let logins = 0;
    page.on('request', (r) => void (r.url().endsWith('/api/auth/login') && logins++));
    release();
    await page.waitForURL((url) => url.pathname !== '/auth', { timeout: 20_000 });
    await expect(heldTaps(page)).resolves.toBe(0);
    expect(logins).toBe(1);
    await expect(page.locator('#root').getAttribute('aria-busy')).resolves.toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a cookie choice on /auth before the app has started is taken at the tap: stored, the banner gone, and the app keeps it so', async () => {
    const { context, page, errors, release } = await openWithEntryHeldBack({ width: 320, height: 640 });
    const banner = page.locator('[data-prerendered="/auth"] .cookie-banner');
    await banner.getByRole('button', { name: 'Close cookie banner' }).waitFor();
    await banner.getByRole('button', { name: 'Accept All' }).click();
    // taken at once, with the app's scripts still held back: nothing waits for the takeover
    await expect(banner.isVisible()).resolves.toBe(false);
    await expect(page.evaluate(() => localStorage.getItem('cookieConsent'))).resolves.toBe('accepted');
    await expect(page.locator('html').getAttribute('data-cookie-consent')).resolves.toBe('accepted');
    await expect(heldTaps(page)).resolves.toBe(0);
    await expect(page.locator('[data-prerendered]').count()).resolves.toBe(1);
    release();
    await takenOver(page);
    await expect(takeover(page)).resolves.toBe('hydrated');
    // the app reads the stored choice: no banner in its page once it has hydrated the banner (after
    // the takeover: app/hydrated-later.tsx; hidden by the stylesheet until then), and none on the next visit
    await page.locator('.cookie-banner').waitFor({ state: 'detached' });
    await expect(page.evaluate(() => localStorage.getItem('cookieConsent'))).resolves.toBe('accepted');
    await page.reload();
    await takenOver(page);
    await expect(page.getByText('We use cookies').isVisible()).resolves.toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a cookie choice on a deep link (index.html, replaced by the app) before the app has started is taken at the tap, and the app keeps it', async () => {
    const { context, page, errors, release } = await openWithEntryHeldBack({ width: 320, height: 640 }, '/privacy-policy');
    const frame = page.locator('[data-prerendered="/"]');
    await frame.getByRole('button', { name: 'Decline' }).click();
    await expect(frame.locator('.cookie-banner').isVisible()).resolves.toBe(false);
    await expect(page.evaluate(() => localStorage.getItem('cookieConsent'))).resolves.toBe('declined');
    await expect(frame.locator('[role="status"]').evaluate((spinner) => spinner.hasAttribute('inert'))).resolves.toBe(true);
    release();
    await takenOver(page);
    await expect(takeover(page)).resolves.toBe('replaced');
    await page.getByRole('heading', { name: 'Privacy Policy' }).first().waitFor();
    await expect(page.locator('.cookie-banner').count()).resolves.toBe(0);
    await expect(page.locator('#root [inert]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Sign Up tapped on /auth before the app has started shows its form at once, which takes typing; the app keeps that tab and creates the account', async () => {
    const { context, page, errors, release } = await openWithEntryHeldBack({ width: 320, height: 640 });
    const frame = page.locator('[data-prerendered="/auth"]');
    const tab = (name: string) => frame.getByRole('tab', { name });
    const background = (name: string) => tab(name).evaluate((b) => getComputedStyle(b).backgroundColor);
    const [selectedLook, otherLook] = [await background('Login'), await background('Sign Up')];
    expect(selectedLook).not.toBe(otherLook);
    await tab('Sign Up').click();
    // shown at the tap, with the app's scripts still held back
    await expect(tab('Sign Up').getAttribute('aria-selected')).resolves.toBe('true');
    await expect(tab('Login').getAttribute('aria-selected')).resolves.toBe('false');
    const signUp = frame.getByRole('tabpanel');
    await expect(signUp.count()).resolves.toBe(1); // the Login panel is hidden
    await expect(signUp.getByRole('button', { name: 'Create Account' }).isVisible()).resolves.toBe(true);
    // the selected look moved with the selection (once the tabs' colour transition has run)
    await page.waitForTimeout(400);
    await expect(background('Sign Up')).resolves.toBe(selectedLook);
    await expect(background('Login')).resolves.toBe(otherLook);
    await screenshot(page, 'first-paint-held-sign-up-tab-320');
    const username = `tab${Date.now().toString(36)}`;
    const password = 'E2eSignUp1x-long';
    await signUp.getByLabel('Username').pressSequentially(username);
    await signUp.getByLabel('Email').pressSequentially(`${username}@example.com`);
    await signUp.getByLabel('Password', { exact: true }).pressSequentially(password);
    await signUp.getByLabel('Confirm Password').pressSequentially(password);
    await expect(page.locator('[data-prerendered]').count()).resolves.toBe(1);
    release();
    await takenOver(page);
    await expect(takeover(page)).resolves.toBe('hydrated');
    await expect(heldTaps(page)).resolves.toBe(0);
    // the app selected the tab the person chose: still Sign Up, with what was typed
    const panel = page.getByRole('tabpanel');
    await expect(page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(panel.getByLabel('Username').inputValue()).resolves.toBe(username);
    await panel.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/subscription');
    await page.getByText('Choose Your Plan').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Sign Up and then Login tapped before the app has started: Login is shown, and the app ends on Login', async () => {
    const { context, page, errors, release } = await openWithEntryHeldBack({ width: 390, height: 844 });
    const frame = page.locator('[data-prerendered="/auth"]');
    await frame.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(frame.getByRole('tabpanel').getByRole('button', { name: 'Create Account' }).isVisible()).resolves.toBe(true);
    await frame.getByRole('tab', { name: 'Login' }).click();
    await expect(frame.getByRole('tabpanel').getByRole('button', { name: 'Sign In' }).isVisible()).resolves.toBe(true);
    release();
    await takenOver(page);
    await expect.poll(() => heldTaps(page)).toBe(0);
    await expect(page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Sign In' }).isVisible()).resolves.toBe(true);
    // and the app's tabs work on from there
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Create Account' }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the tabs take the arrow keys on /auth before the app has started: Sign Up reached by keyboard is shown and focused, and the app keeps it', async () => {
    const { context, page, errors, release } = await openWithEntryHeldBack({ width: 390, height: 844 });
    const frame = page.locator('[data-prerendered="/auth"]');
    await frame.getByRole('tab', { name: 'Login' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Sign Up');
    await expect(frame.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(frame.getByRole('tabpanel').getByRole('button', { name: 'Create Account' }).isVisible()).resolves.toBe(true);
    await page.keyboard.press('Home');
    await page.keyboard.press('End');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Sign Up');
    release();
    await takenOver(page);
    await expect.poll(() => heldTaps(page)).toBe(0);
    await expect(page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Create Account' }).isVisible()).resolves.toBe(true);
    // and from there the app's keys
    await page.getByRole('tab', { name: 'Sign Up' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Sign In' }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads and parses the stylesheet once: a lazy chunk that depends on it (the checkout\'s card section) loads no second copy', async () => {
    const { page, errors } = await newPage();
    const cssRequests: string[] = [];
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.css')) cssRequests.push(r.url());
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    await page.goto(`${baseUrl()}/auth`);
    await signUpThroughForm(page, 'css');
    await page.goto(`${baseUrl()}/checkout?plan=monthly`);
    await page.getByLabel('Card number').waitFor(); // stripe-card-section, a chunk that imports the entry
    expect(cssRequests.length).toBe(documents.length); // each page load's own <link> (preloaded: one request), nothing more
    expect(await page.evaluate(() => [...document.styleSheets].map((s) => (s.href ? 'linked' : 'inline')))).toEqual(['inline', 'linked']); // the critical rules, the stylesheet
    expect(errors).toEqual([]);
  });

  it('a returning subscriber: / hydrates the session spinner (the stored cookie choice never shows the banner), a deep link replaces the frame', async () => {
    const { username, password } = await createUser({ subscribed: true });
    const session = await signedInPage({ newPage }, username, password, { width: 390 });
    const { page, errors } = session;
    await page.addInitScript(recordTakeover);
    await page.addInitScript(recordBannerShown);
    await page.goto(`${baseUrl()}/`);
    await expect(takeover(page)).resolves.toBe('hydrated');
    await page.getByRole('heading', { name: "Today's Progress" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __bannerShown: boolean }).__bannerShown)).toBe(false);
    await page.goto(`${baseUrl()}/settings`); // index.html's frame is the spinner of /: replaced here
    await expect(takeover(page)).resolves.toBe('replaced');
    await page.getByRole('heading', { name: 'Settings' }).first().waitFor();
    expect(errors).toEqual([]); // a hydration mismatch is reported as a console error
  });

  it("a returning subscriber's session check and figures are sent by the page's inline script, once each, and the app takes both answers", async () => {
    const { username, password } = await createUser({ subscribed: true });
    const { page, errors } = await signedInPage({ newPage }, username, password, { width: 390 });
    await page.getByRole('heading', { name: "Today's Progress" }).waitFor(); // the sign-in's own dashboard, settled
    await page.waitForLoadState('networkidle');
    const sent: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname === '/api/auth/me' || pathname === '/api/progress/today') sent.push(pathname);
    });
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('heading', { name: "Today's Progress" }).waitFor();
    await page.waitForTimeout(500);
    // the inline script asked (before the app's scripts ran); the app's first requests took the answers
    const notTaken = await page.evaluate(() => {
      const early = (window as unknown as { __earlyRequests?: { requests: object } }).__earlyRequests;
      return early ? Object.keys(early.requests) : 'none was sent early';
    });
    expect(notTaken).toEqual([]);
    expect(sent.sort()).toEqual(['/api/auth/me', '/api/progress/today']);
    expect(errors).toEqual([]);
  });

  it('a signed-out visitor opening / is sent to /auth by the page itself, before the app has started: the form there takes typing at its first paint', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    // the app's entry never arrives: whatever happens is the inline script's doing
    await context.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    const page = await context.newPage();
    const sessionChecks: number[] = [];
    page.on('response', (r) => void (new URL(r.url()).pathname === '/api/auth/me' && sessionChecks.push(r.status())));
    await page.goto(`${baseUrl()}/`);
    await page.waitForURL(`${baseUrl()}/auth`);
    const form = page.locator('[data-prerendered="/auth"] form').first();
    await form.getByLabel('Username').pressSequentially('early');
    await expect(form.getByLabel('Username').inputValue()).resolves.toBe('early');
    expect(sessionChecks).toEqual([401]); // one session check, on /; /auth sends none without a stored user
    await page.goBack(); // replaced, not pushed: back leaves the site instead of returning to a page that redirects
    expect(page.url()).not.toBe(`${baseUrl()}/`);
    await context.close();
  });

  it('cookies without a stored user (storage cleared): / stays; the page sends the session check, then the figures once it answers, and the app takes both', async () => {
    const { username, password } = await createUser({ subscribed: true });
    const { page, errors } = await signedInPage({ newPage }, username, password, { width: 390 });
    await page.getByRole('heading', { name: "Today's Progress" }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      localStorage.removeItem('user');
      localStorage.removeItem('timeZone');
    });
    const sent: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname === '/api/auth/me' || pathname === '/api/progress/today') sent.push(pathname);
    });
    // the app's entry arrives only once the page has asked for the figures (a slow link)
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.context().route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    const figuresAsked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/progress/today');
    const opened = page.goto(`${baseUrl()}/`);
    await figuresAsked;
    expect(sent).toEqual(['/api/auth/me', '/api/progress/today']); // by the inline script
    release();
    await opened;
    await page.getByRole('heading', { name: "Today's Progress" }).waitFor();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(sent).toEqual(['/api/auth/me', '/api/progress/today']); // taken by the app: nothing asked twice
    await expect(page.evaluate(() => localStorage.getItem('user'))).resolves.toContain(username); // stored again: the next visit sends its early requests
    expect(errors).toEqual([]);
  });

  it('an account awaiting email confirmation: the banner comes with the dashboard, nothing shifts (CLS budget 0.02)', async () => {
    const { username, password } = await createUser({ subscribed: true, verified: false });
    const { page, errors } = await signedInPage({ newPage }, username, password, { width: 390 });
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('heading', { name: "Today's Progress" }).waitFor();
    await expect(page.getByRole('region', { name: 'Confirm your email address' }).isVisible()).resolves.toBe(true);
    await page.waitForTimeout(3500); // past the idle mounts (useIdle: at most 3 s)
    expect(await layoutShifts(page)).toBeLessThanOrEqual(0.02);
    expect(errors).toEqual([]);
  });
});

/** The sum of the page's layout shifts so far (the CLS of a load without input). */
const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 100);
      }),
  );

/** Records whether the cookie banner was ever rendered visible (checked at every DOM change and frame). */
describe("the dashboard's formats without Intl in American English (frontend/src/lib/format.ts)", () => {
  /** lib/format.ts, bundled on its own and run in a page of the given language; each case compared with that page's own Intl. */
  async function mismatches(locale: string): Promise<{ language: string; intlLocale: string; wrong: string[] }> {
    const { build } = await import('esbuild');
    const bundle = await build({ entryPoints: [path.resolve(import.meta.dirname, '../frontend/src/lib/format.ts')], bundle: true, format: 'iife', globalName: 'format', footer: { js: 'window.format = format;' }, write: false });
    const { page } = await newPage({ locale });
    await page.goto(`${baseUrl()}/cookie-policy`);
    await page.evaluate(bundle.outputFiles[0]!.text); // as the devtools run it: the page's CSP allows no inline script
    const result = await page.evaluate(() => {
      const f = (window as unknown as { format: Formats }).format;
      const wrong: string[] = [];
      const number = new Intl.NumberFormat();
      for (const n of [0, 7, 999, 1000, 1234, 99999, 100000, 1234567, -42, -1000, 2 ** 53 - 1, 3.5, -0.25, 1e21]) if (f.formatNumber(n) !== number.format(n)) wrong.push(`${n}: ${f.formatNumber(n)}`);
      const short = new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone: 'UTC' });
      const long = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });
      for (let i = 0; i < 731; i++) {
        const date = new Date(Date.UTC(2028, 0, 1 + i, 12));
        const day = date.toISOString().slice(0, 10);
        if (f.formatWeekday(day) !== short.format(date) || f.formatLongDay(day) !== long.format(date)) wrong.push(`${day}: ${f.formatWeekday(day)} / ${f.formatLongDay(day)}`);
      }
      const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
      for (let minute = 0; minute < 24 * 60; minute++) {
        const at = new Date(2026, 11, 5, 0, minute);
        if (f.formatTimeOfDay(at.toISOString()) !== time.format(at)) wrong.push(`${at.toISOString()}: ${JSON.stringify(f.formatTimeOfDay(at.toISOString()))}`);
      }
      return { language: navigator.language, intlLocale: number.resolvedOptions().locale, wrong: wrong.slice(0, 5) };
    });
    await page.context().close();
    return result;
  }

  it("write what Chromium's Intl writes, in American English (the fast path) and in another language (Intl itself)", async () => {
    // the fast path is taken on navigator.language: Chromium's Intl defaults to that same locale
    expect(await mismatches('en-US')).toEqual({ language: 'en-US', intlLocale: 'en-US', wrong: [] });
    expect(await mismatches('de-DE')).toEqual({ language: 'de-DE', intlLocale: 'de-DE', wrong: [] });
  });
});

const recordBannerShown = `window.__bannerShown = false;
const look = () => { const b = document.querySelector('.cookie-banner'); if (b && b.getBoundingClientRect().height > 0) window.__bannerShown = true; };
new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
const frame = () => { look(); requestAnimationFrame(frame); };
requestAnimationFrame(frame);`;
