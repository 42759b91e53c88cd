/**
 * Real page loads under Lighthouse's mobile conditions, applied for real rather than simulated:
 * Chromium with 4x CPU slowdown, 150 ms latency, 1.6 Mbps down / 750 Kbps up. For judging a
 * loading change by what a user on a slow phone sees, next to Lighthouse's simulated figures
 * (bench/lighthouse-ab.ts; docs/decisions/0009).
 *
 *   npx tsx bench/throttled-ab.ts <distA> <distB> [<distC> ...] [--runs=8]
 *
 * Each build gets its own local stack and signed-in subscriber; loads alternate between the
 * builds. Two journeys, medians per build:
 * - first visit to /auth (empty cache): first contentful paint, LCP, when the sign-in form takes
 *   typing (`typingMark`), and when the app has taken over (the pre-rendered frame hydrated or
 *   replaced: #root no longer carries data-prerendered; a held tap on Sign In is done then);
 * - returning subscriber on / (an earlier visit filled the HTTP cache and, for a build with a
 *   service worker, installed it, as it is for anyone coming back: the worker precaches the whole
 *   app, 800 KB, after that visit's load; measuring while it still downloads measured a second visit
 *   made within seconds of the first, on a link shared with the precache): the same,
 *   and when the dashboard's content (today's progress) is on screen;
 * - the same subscriber's next visit, measured the same way. The visit before it was the first to
 *   run the scripts from the service worker's cache, and Chromium compiled them for its code cache
 *   then, on the main thread (`v8.produceModuleCache`, ~100 ms of index.js at 4x, in the trace of
 *   2026-11-27); from this visit on it reads that cache instead. The earlier visit is what a
 *   subscriber sees once after each deploy (and what the budget judges); this one, every other day.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { launch } from '../e2e/browser';
import { type BuildStack, startBuildStack } from './build-stack';
import { median } from './median';

export interface Marks {
  fcp?: number;
  lcp?: number;
  takeover?: number;
  content?: number;
  /** /auth: when the username field was in the page and not inert (whether painted: `typingMark`) */
  field?: number;
}

/**
 * When a person can type into the sign-in form: its field is in the page and not inert, and the
 * page has painted. The pre-rendered form of /auth is live (frontend/scripts/prerender.ts), so this
 * is its first paint; a build whose frame is inert (or that has none, like the floor) reaches it
 * when the app has taken over. A tap on Sign In before the takeover is held and done then
 * (frontend/src/lib/held-taps.ts): the takeover stays a figure of its own.
 */
export const typingMark = (m: Marks): number | undefined => (m.field === undefined || m.fcp === undefined ? m.takeover : Math.min(Math.max(m.field, m.fcp), m.takeover ?? Infinity));

/**
 * Records paint timing, the app's takeover and the dashboard's content, from the page itself.
 * (A string: tsx would wrap a function's inner functions in its own helper, unknown to the page.)
 */
const recordMarks = `(() => {
  const marks = (window.__marks = {});
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') marks.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    marks.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const check = () => {
    const root = document.getElementById('root');
    if (marks.takeover === undefined && root && root.childElementCount && !document.querySelector('[data-prerendered]')) marks.takeover = performance.now();
    if (marks.field === undefined) {
      const field = document.querySelector('#root input[name="username"]');
      if (field && !field.closest('[inert]')) marks.field = performance.now();
    }
    if (marks.content === undefined && [...document.querySelectorAll('h2')].some((h) => h.textContent === "Today's Progress")) marks.content = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-prerendered', 'inert'] });
})();`;

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Waits for a mark by asking the page with the DevTools protocol's own evaluate, a tiny expression
 * every 50 ms. Not Playwright's waitForFunction: its first call installs Playwright's injected
 * script in the page, about 100 ms of main-thread work at 4x CPU, in the middle of the start-up
 * being measured (seen in a Chromium trace of the returning dashboard).
 */
async function waitForMark(cdp: CDPSession, key: keyof Marks): Promise<void> {
  const deadline = Date.now() + 30_000;
  const expression = `window.__marks !== undefined && window.__marks[${JSON.stringify(key)}] !== undefined`;
  while (Date.now() < deadline) {
    const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
    if (result.value === true) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${key} mark within 30 s`);
}

/** Waits until the page's service worker is active: installed, its precache filled. */
async function serviceWorkerReady(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const timeout = 'new Promise((_, reject) => setTimeout(() => reject(new Error("no active service worker within 60 s")), 60000))';
  const { exceptionDetails } = await cdp.send('Runtime.evaluate', { expression: `Promise.race([navigator.serviceWorker.ready.then(() => true), ${timeout}])`, awaitPromise: true });
  await cdp.detach();
  if (exceptionDetails) throw new Error(`service worker: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
}

async function measure(page: Page, url: string, waitFor: 'takeover' | 'content'): Promise<Marks> {
  const cdp = await page.context().newCDPSession(page);
  await page.goto(url, { waitUntil: 'commit' });
  await waitForMark(cdp, waitFor);
  await page.waitForTimeout(300); // a later LCP candidate, if any
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'JSON.stringify(window.__marks)', returnByValue: true });
  await cdp.detach();
  return JSON.parse(result.value as string) as Marks;
}

/** Loads each build `runs` times, interleaved (npm run bench runs it for ours and the floor). */
export async function throttledLoads(dirs: string[], runs: number): Promise<{ dir: string; auth: Marks[]; dashboard: Marks[]; dashboardLater: Marks[] }[]> {
  const setups: BuildStack[] = [];
  for (const [i, dir] of dirs.entries()) setups.push(await startBuildStack(dir, `ta${i}`));

  const browser = await launch();
  const results = setups.map((s) => ({ dir: s.dir, auth: [] as Marks[], dashboard: [] as Marks[], dashboardLater: [] as Marks[] }));
  try {
    for (let r = 0; r < runs; r++) {
      const order = r % 2 ? [...setups.keys()].reverse() : [...setups.keys()];
      for (const i of order) {
        const s = setups[i]!;
        // first visit to /auth: a fresh context, nothing cached
        let context: BrowserContext = await browser.newContext({ viewport: { width: 412, height: 915 } });
        await context.addInitScript(recordMarks);
        let page = await context.newPage();
        await throttle(page);
        results[i]!.auth.push(await measure(page, `${s.url}/auth`, 'takeover'));
        await context.close();

        // returning subscriber: an unthrottled visit fills the HTTP cache and installs the service
        // worker, if any; then a throttled one
        context = await browser.newContext({ viewport: { width: 412, height: 915 } });
        await context.setExtraHTTPHeaders({ cookie: s.cookie }); // the session cookies, as Lighthouse's run sends them
        await context.addInitScript("localStorage.setItem('cookieConsent', 'declined')");
        await context.addInitScript(recordMarks);
        page = await context.newPage();
        await measure(page, `${s.url}/`, 'content');
        if (existsSync(path.join(s.dir, 'sw.js'))) await serviceWorkerReady(page);
        await throttle(page);
        results[i]!.dashboard.push(await measure(page, `${s.url}/`, 'content'));
        await page.waitForTimeout(1000); // the visit's code cache written, its requests settled
        results[i]!.dashboardLater.push(await measure(page, `${s.url}/`, 'content'));
        await context.close();
      }
    }
  } finally {
    await browser.close();
    for (const s of setups) await s.stop();
  }
  return results;
}

/** The median of one mark (or of `typingMark`) over the loads that reached it (undefined when none did). */
export const medianMark = (ms: Marks[], key: keyof Marks | typeof typingMark): number | undefined => {
  const xs = ms.map((m) => (typeof key === 'function' ? key(m) : m[key])).filter((x): x is number => x !== undefined);
  return xs.length ? median(xs) : undefined;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const dirs = args.filter((a) => !a.startsWith('--'));
  const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 8);
  if (dirs.length < 2) throw new Error('usage: npx tsx bench/throttled-ab.ts <distA> <distB> [...] [--runs=8]');
  const results = await throttledLoads(dirs, runs);
  const fmt = (ms: Marks[], key: Parameters<typeof medianMark>[1]) => {
    const m = medianMark(ms, key);
    return m === undefined ? '—' : `${m.toFixed(0)} ms`;
  };
  console.log(`\n${runs} loads each, medians (Chromium, CPU 4x, 150 ms latency, 1.6 Mbps)`);
  for (const [i, { dir, auth, dashboard, dashboardLater }] of results.entries()) {
    console.log(`${String.fromCharCode(65 + i)} ${dir}`);
    console.log(`  /auth, first visit:     FCP ${fmt(auth, 'fcp')}, LCP ${fmt(auth, 'lcp')}, form takes typing ${fmt(auth, typingMark)}, app takes over ${fmt(auth, 'takeover')}`);
    console.log(`  dashboard, returning:   FCP ${fmt(dashboard, 'fcp')}, LCP ${fmt(dashboard, 'lcp')}, app takes over ${fmt(dashboard, 'takeover')}, content ${fmt(dashboard, 'content')}`);
    console.log(`  dashboard, next visit:  FCP ${fmt(dashboardLater, 'fcp')}, LCP ${fmt(dashboardLater, 'lcp')}, app takes over ${fmt(dashboardLater, 'takeover')}, content ${fmt(dashboardLater, 'content')}`);
  }
}
