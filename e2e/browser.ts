import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContextOptions, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** The system Chromium (Debian package `chromium`); no test tool downloads a browser. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Collects console errors and page errors so a journey can assert there are none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * The built pages show a pre-rendered first frame (inert where the app may replace it) until the app has hydrated or replaced it
 * (frontend/scripts/prerender.ts, main.tsx). A journey acts on the live app: after a navigation or
 * reload it waits until #root no longer carries `data-prerendered`, as a user waits for the page
 * to respond.
 */
export function waitForAppOnLoad(page: Page): void {
  const appReady = () => page.locator('[data-prerendered]').waitFor({ state: 'detached' });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const res = await goto(...args);
    await appReady();
    return res;
  };
  page.reload = async (...args) => {
    const res = await reload(...args);
    await appReady();
    return res;
  };
}

/** The app under test (set by e2e/global-setup.ts). */
export const baseUrl = (): string => process.env.E2E_BASE_URL!;

/**
 * One Chromium per test file, launched before its tests and closed after them. `newPage` opens a
 * fresh context (its own cookies and storage), phone-sized unless told otherwise, service workers
 * blocked unless told otherwise, and collects console errors.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    browser: (): Browser => browser!,
    async newPage(options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[] }> {
      // The service worker is off unless a test asks for it (pwa.e2e.test.ts does): every other
      // journey checks the app as the network serves it, without a precache filling in the background.
      const context = await browser!.newContext({ viewport: { width: 412, height: 915 }, serviceWorkers: 'block', ...options });
      const page = await context.newPage();
      if (options.javaScriptEnabled !== false) waitForAppOnLoad(page);
      return { page, errors: watchConsole(page) };
    },
  };
}
