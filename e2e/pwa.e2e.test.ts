import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, useBrowser } from './browser';

/**
 * Issue 18 point 1 (decision 0206): the app is an installable PWA. Chromium finds nothing missing
 * for installation; the service worker precaches the app shell, so the sign-in page opens with no
 * network, while the API is never answered from a cache; sw.js and the manifest are served so that
 * a new version is found; and a new version is offered, taken only when the person says so.
 */
const chromium = useBrowser();
const base = baseUrl;
const swFile = path.resolve(process.env.E2E_STATIC_DIR ?? path.resolve(import.meta.dirname, '../frontend/dist'), 'sw.js');
const swSource = readFileSync(swFile, 'utf8');

/** Waits for the service worker the app registers after load (when idle) to be active. */
const swActive = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no active service worker within 20 s')), 20_000);
        void navigator.serviceWorker.ready.then((r) => {
          const done = () => {
            clearTimeout(timer);
            resolve();
          };
          if (r.active?.state === 'activated') done();
          else r.active?.addEventListener('statechange', () => r.active?.state === 'activated' && done());
        });
      }),
  );

describe('installable and offline-ready (PWA)', () => {
  it('Chromium reports no installability error; the manifest names the app, its icons and standalone display; the favicon is a PNG', async () => {
    const { page, errors } = await chromium.newPage({ serviceWorkers: 'allow' });
    await page.goto(`${base()}/auth`);
    await swActive(page);
    const cdp = await page.context().newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toBe(`${base()}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    // a Playwright context is an off-the-record profile, which Chromium never offers to install into
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    const m = (await (await page.request.get(`${base()}/manifest.webmanifest`)).json()) as { name: string; short_name: string; display: string; start_url: string; icons: { sizes: string; purpose: string }[] };
    expect(m).toMatchObject({ short_name: 'FitTrack', display: 'standalone', start_url: '/' });
    expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    // not an SVG: Chromium decodes the favicon on the page's main thread, and an SVG is a document of its own (scripts/make-icons.ts)
    await expect(page.locator('link[rel="icon"]').getAttribute('href')).resolves.toBe('/icons/favicon-48.png');
    for (const icon of ['icon-192.png', 'icon-512.png', 'maskable-512.png', 'apple-touch-icon.png', 'favicon-48.png']) {
      const res = await page.request.get(`${base()}/icons/${icon}`);
      expect(res.status(), icon).toBe(200);
      expect(res.headers()['content-type'], icon).toBe('image/png');
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('serves sw.js and the manifest uncached (a new version is always found), and the hashed assets for a year', async () => {
    const { page } = await chromium.newPage();
    const sw = await page.request.get(`${base()}/sw.js`);
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['content-type']).toMatch(/^text\/javascript/);
    const manifest = await page.request.get(`${base()}/manifest.webmanifest`);
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    expect(manifest.headers()['content-type']).toBe('application/manifest+json');
    const html = await (await page.request.get(`${base()}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    expect((await page.request.get(`${base()}${asset}`)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // the precache holds the shell and the catalogue images, never the API
    expect(swSource).toContain('"index.html"');
    expect(swSource).toContain('"auth.html"');
    expect(swSource).toMatch(/images\/meals\/[^"]+\.svg/);
    expect(swSource).not.toMatch(/"\/?api\//);
    await page.context().close();
  });

  it('with no network the sign-in page still opens from the precache; the API is not answered from a cache', async () => {
    const { page, errors } = await chromium.newPage({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
    await page.goto(`${base()}/auth`);
    await swActive(page);
    await page.reload(); // now the worker controls the page
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.context().setOffline(true);
    await page.goto(`${base()}/auth`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    // a page that is not pre-rendered: the app shell (index.html) and its lazy chunk, both precached
    await page.goto(`${base()}/privacy-policy`);
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    const api = await page.evaluate(() =>
      fetch('/api/config').then(
        (r) => `answered ${r.status}`,
        () => 'network error',
      ),
    );
    expect(api).toBe('network error');
    await screenshot(page, 'pwa-offline-privacy-390');
    await page.context().setOffline(false);
    // the offline attempt at /api/config is the only error the console may show
    expect(errors.filter((e) => !/Failed to (load resource|fetch)|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await page.context().close();
  });

  it('a new version is offered and taken only when the person chooses Update, then the page reloads under it', async () => {
    const { page, errors } = await chromium.newPage({ serviceWorkers: 'allow', viewport: { width: 320, height: 640 } });
    await page.addInitScript(() => localStorage.setItem('theme', 'black'));
    await page.goto(`${base()}/auth`);
    await swActive(page);
    await page.reload(); // a returning visit: the worker controls the page, so a new one has to wait
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const first = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.active!.scriptURL);
    // the next deploy: another sw.js on the server (the browser's update check bypasses routing, so
    // the built file itself changes for a moment; every other journey blocks service workers)
    writeFileSync(swFile, `${swSource}\n// next version\n`);
    try {
      await page.evaluate(async () => void (await navigator.serviceWorker.getRegistration())!.update());
      await page.getByText('A new version of FitTrack is ready.', { exact: true }).waitFor({ timeout: 20_000 });
    } finally {
      writeFileSync(swFile, swSource);
    }
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting !== null)).toBe(true);
    await screenshot(page, 'pwa-update-offer-320-black');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Update' }).click();
    await reloaded;
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting)).toBeNull();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.active!.scriptURL)).toBe(first);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
