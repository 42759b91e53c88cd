import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, useBrowser } from './browser';
import { createUser, signInThroughForm } from './fixtures';
import { overflow, tabWalk } from './layout';

/**
 * Issue 18 point 5, a browser test that looks: every screen at 320, 390 and 1280 px, in light and
 * Black. On each: no element wider than the screen (nothing cut off either), and a full Tab walk in
 * which every focused control can be seen (inside the screen, not under a fixed bar, a banner or a
 * toast). A screenshot of each screen and look is saved in e2e/screenshots/sweep-*.png for a person
 * to open.
 */
const chromium = useBrowser();

type Theme = 'light' | 'black';
const WIDTHS = [320, 390, 1280] as const;
const THEMES: Theme[] = ['light', 'black'];

/** The screens, by who sees them. A path with `#signup` opens the sign-up tab. */
const SCREENS = {
  signedOut: ['/auth', '/auth#signup', '/privacy-policy', '/terms-of-service', '/cookie-policy', '/refund-policy', '/accessibility', '/no-such-page'],
  newcomer: ['/subscription', '/checkout?plan=monthly'],
  subscriber: ['/dashboard', '/stretching', '/workout', '/diet', '/diet?tab=fast-food', '/settings', '/settings?tab=devices', '/settings?tab=appearance', '/settings?tab=account', '/feedback'],
  admin: ['/admin', '/admin?tab=logs'],
} as const;

async function open(width: number, theme: Theme) {
  const { page, errors } = await chromium.newPage({ viewport: { width, height: width >= 1280 ? 800 : 740 }, locale: 'en-US' });
  page.setDefaultTimeout(15_000);
  await page.addInitScript((t) => {
    localStorage.setItem('theme', t);
    localStorage.setItem('cookieConsent', 'accepted');
  }, theme);
  return { page, errors };
}

async function signIn(page: Page, username: string, password: string, landing: string) {
  await page.goto(`${baseUrl()}/auth`);
  await signInThroughForm(page, username, password);
  await page.waitForURL(`**${landing}`);
}

/** Closes what a sign-in leaves on screen (its toast), so that the walk sees the screen itself. */
async function clearToasts(page: Page) {
  for (const close of await page.getByRole('button', { name: 'Close notification' }).all()) await close.click({ timeout: 2000 }).catch(() => undefined);
}

/**
 * The longest unbroken texts a person can put on the admin's screens, so that the check does not
 * depend on the random ids and names of the day: the subscriber has a 32-character username (it is
 * in every log entry of theirs) and sends feedback whose name, email and message hold one unbroken
 * word each, at the contract's limits.
 */
async function sendWorstCaseFeedback(cookie: string) {
  const feedback = {
    email: `${'a'.repeat(64)}@${'b'.repeat(63)}.example.com`,
    name: 'N'.repeat(100),
    message: `Look at https://example.com/${'x'.repeat(400)} please`,
    category: 'general',
    rating: 5,
  };
  const sent = await fetch(`${baseUrl()}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl(), cookie }, body: JSON.stringify(feedback) });
  expect(sent.status, await sent.clone().text()).toBe(201);
}

async function visit(page: Page, path: string) {
  const [route, hash] = path.split('#');
  await page.goto(`${baseUrl()}${route}`);
  await page.locator('#main h1, main h1').first().waitFor();
  if (hash === 'signup') await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.waitForLoadState('networkidle');
  await clearToasts(page);
}

describe('every screen at 320, 390 and 1280 px, light and Black', () => {
  it.each(WIDTHS.flatMap((w) => THEMES.map((t) => [w, t] as const)))(
    '%i px, %s: nothing wider than the screen, every focused control visible',
    async (width, theme) => {
      // 22 + 8 (the time, base 36) + 1 or 2 (a counter): the 32-character maximum, or one short
      const subscriber = await createUser({ subscribed: true, prefix: 'sweepwithalongusername' });
      expect(subscriber.username.length).toBeGreaterThanOrEqual(31);
      await sendWorstCaseFeedback(subscriber.cookie);
      const newcomer = await createUser({ prefix: 'sweepnew' });
      const problems: string[] = [];
      const check = async (page: Page, path: string) => {
        await visit(page, path);
        const o = await overflow(page);
        if (o.scrollWidth > o.width || o.clipped) problems.push(`${path}: wider than the screen or cut off: ${o.wide.join(', ')}`);
        const walk = await tabWalk(page);
        if (walk.stops === 0) problems.push(`${path}: Tab reaches no control`);
        for (const h of walk.hidden) problems.push(`${path}: focus not visible: ${h}`);
        await page.evaluate(() => {
          (document.activeElement as HTMLElement | null)?.blur(); // the walk ends on the skip link
          window.scrollTo(0, 0);
        });
        await screenshot(page, `sweep-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'}-${width}-${theme}`);
      };

      const { page, errors } = await open(width, theme);
      for (const path of SCREENS.signedOut) await check(page, path);
      await signIn(page, newcomer.username, newcomer.password, '/subscription');
      for (const path of SCREENS.newcomer) await check(page, path);
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.removeItem('user'));
      await signIn(page, subscriber.username, subscriber.password, '/dashboard');
      for (const path of SCREENS.subscriber) await check(page, path);
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.removeItem('user'));
      await signIn(page, 'admin', process.env.E2E_ADMIN_PASSWORD!, '/admin');
      for (const path of SCREENS.admin) await check(page, path);

      expect(problems).toEqual([]);
      // 401s: the admin's sign-in asks for its code; the 404 page is asked for on purpose
      expect(errors.filter((e) => !/status of (401|404)/.test(e))).toEqual([]);
      await page.context().close();
    },
    240_000,
  );
});
