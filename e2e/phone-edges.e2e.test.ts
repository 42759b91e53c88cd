import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, useBrowser } from './browser';
import { createUser } from './fixtures';
import { focusedIsHidden, overflow } from './layout';

/**
 * Issue 18 point 4, the rough edges a first-time user hits on a phone: no horizontal overflow at
 * 320 px and at 390 px with Larger text (light and Black), focus never under a fixed bar, scroll
 * and focus on a route change, the skip link, toasts clear of headings, deep links after sign-in.
 */
const base = baseUrl;
const chromium = useBrowser();

type Account = { username: string; password: string };
type Look = { width: number; theme: 'light' | 'black'; largerText: boolean; cookieChoice?: boolean };

async function open(look: Look, height = 720) {
  const { page, errors } = await chromium.newPage({ viewport: { width: look.width, height }, locale: 'en-US' });
  page.setDefaultTimeout(10_000);
  await page.addInitScript(([theme, large, consent]) => {
    localStorage.setItem('theme', theme as string);
    localStorage.setItem('largerText', String(large));
    if (consent) localStorage.setItem('cookieConsent', 'accepted');
  }, [look.theme, look.largerText, look.cookieChoice ?? true] as const);
  return { page, errors };
}

async function signIn(page: Page, account: Account, landing = '**/dashboard') {
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Username').fill(account.username);
  await panel.getByLabel('Password', { exact: true }).fill(account.password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(landing);
}

/** The bottom navigation sits at the bottom of the screen and each label fits its own column. */
const navLabelsFit = (page: Page) =>
  page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="Main"]')!;
    const items = [...nav.querySelectorAll<HTMLElement>('li > a, li > button')];
    const range = document.createRange();
    const bad = items.filter((item) => {
      // The label is the item's text node: its box must stay inside the item.
      const text = [...item.childNodes].find((n) => n.nodeType === Node.TEXT_NODE)!;
      range.selectNodeContents(text);
      const label = range.getBoundingClientRect();
      const box = item.getBoundingClientRect();
      return label.left < box.left - 0.5 || label.right > box.right + 0.5;
    });
    return { bottomGap: window.innerHeight - nav.getBoundingClientRect().bottom, tooWide: bad.map((b) => b.textContent), count: items.length };
  });

describe('phone widths', () => {
  it('shows every screen without horizontal scrolling at 320 px and at 390 px with Larger text, in light and Black', async () => {
    const subscriber = await createUser({ subscribed: true, prefix: 'edge' });
    const newcomer = await createUser({ prefix: 'edgenew' });
    const looks: Look[] = [
      { width: 320, theme: 'light', largerText: false },
      { width: 320, theme: 'black', largerText: false },
      { width: 390, theme: 'light', largerText: true },
      { width: 390, theme: 'black', largerText: true },
    ];
    for (const look of looks) {
      const tag = `${look.width}-${look.theme}${look.largerText ? '-larger' : ''}`;
      const { page, errors } = await open(look);
      await page.goto(`${base()}/auth`);
      expect(await overflow(page), `/auth ${tag}`).toMatchObject({ wide: [], clipped: 0 });
      await signIn(page, subscriber);
      for (const path of ['/dashboard', '/stretching', '/workout', '/diet', '/diet?tab=fast-food', '/settings', '/settings?tab=appearance', '/feedback', '/admin', '/privacy-policy']) {
        await page.goto(`${base()}${path}`);
        await page.locator('#main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        const o = await overflow(page);
        expect(o.scrollWidth, `${path} ${tag}: ${o.wide.join(', ')}`).toBeLessThanOrEqual(o.width);
        expect(o.clipped, `${path} ${tag}: ${o.wide.join(', ')}`).toBe(0);
        if (!path.startsWith('/privacy')) {
          const nav = await navLabelsFit(page);
          expect(nav, `${path} ${tag}`).toEqual({ bottomGap: 0, tooWide: [], count: 6 });
        }
        if (path === '/diet' || path === '/dashboard') await screenshot(page, `phone-edges-${path.slice(1)}-${tag}`);
      }
      if (look.theme === 'black') {
        // Black: meal tiles turned dark (not light pastel), the reminder on the black surface (not maroon).
        await page.goto(`${base()}/diet`);
        const tile = page.locator('img.meal-image').first();
        await tile.waitFor();
        expect(await tile.evaluate((e) => getComputedStyle(e).filter)).toContain('invert');
        await page.goto(`${base()}/dashboard`);
        const reminder = page.getByRole('complementary', { name: 'Daily Reminder' });
        await reminder.waitFor();
        expect(await reminder.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(18, 18, 18)');
      }
      // The screens of a signed-in user without a plan.
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.removeItem('user'));
      await page.goto(`${base()}/auth`);
      await signIn(page, newcomer, '**/subscription');
      for (const path of ['/subscription', '/checkout?plan=yearly']) {
        await page.goto(`${base()}${path}`);
        await page.locator('#main h1').first().waitFor();
        await page.getByRole('button', { name: 'Logout' }).waitFor();
        const o = await overflow(page);
        expect(o.scrollWidth, `${path} ${tag}: ${o.wide.join(', ')}`).toBeLessThanOrEqual(o.width);
        expect(o.clipped, `${path} ${tag}: ${o.wide.join(', ')}`).toBe(0);
      }
      expect(errors, tag).toEqual([]);
      await page.context().close();
    }
  }, 240_000);
});

describe('focus and fixed bars', () => {
  it('never lands Tab on a control hidden under the header, the bottom navigation or the cookie banner', async () => {
    const account = await createUser({ subscribed: true, prefix: 'edgefocus' });
    const { page, errors } = await open({ width: 320, theme: 'light', largerText: false, cookieChoice: false }, 640);
    await page.goto(`${base()}/auth`);
    await signIn(page, account);
    await page.goto(`${base()}/diet`);
    await page.getByRole('heading', { name: 'We use cookies' }).waitFor();
    await page.locator('img.meal-image').first().waitFor();
    const covered: string[] = [];
    for (let i = 0; i < 70; i++) {
      await page.keyboard.press('Tab');
      const hit = await focusedIsHidden(page);
      if (hit) covered.push(hit);
    }
    expect(covered).toEqual([]);

    // The hard case: the next control already peeks out just above the screen's bottom edge, but
    // under a fixed bar. Without scroll padding the browser sees it as in view and does not scroll.
    for (const bar of ['.cookie-banner', 'nav[aria-label="Main"]']) {
      if (bar === 'nav[aria-label="Main"]') await page.getByRole('button', { name: 'Accept All' }).click();
      for (const n of [0, 3, 6]) {
        const hidden = await page.evaluate(
          ([selector, index]) => {
            const buttons = [...document.querySelectorAll<HTMLElement>('main button')].filter((b) => b.textContent === 'Add to My Meals');
            const target = buttons[index as number]!;
            const focusable = [...document.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, select, textarea, [tabindex="0"]')];
            const before = focusable[focusable.indexOf(target) - 1]!;
            const barTop = document.querySelector(selector as string)!.getBoundingClientRect().top;
            // Put the target's top 8 px below the bar's top edge (under the bar, inside the screen).
            window.scrollBy(0, target.getBoundingClientRect().top - (barTop + 8));
            before.focus({ preventScroll: true });
            return target.getBoundingClientRect().top > barTop;
          },
          [bar, n] as const,
        );
        expect(hidden, `set-up under ${bar}`).toBe(true);
        await page.keyboard.press('Tab');
        const seen = await page.evaluate((selector) => {
          const el = document.activeElement as HTMLElement;
          const r = el.getBoundingClientRect();
          return { text: el.textContent, clear: r.bottom <= document.querySelector(selector)!.getBoundingClientRect().top + 0.5 };
        }, bar);
        expect(seen, `Tab under ${bar} (meal ${n})`).toEqual({ text: 'Add to My Meals', clear: true });
      }
    }
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("moves to the top and to the heading on navigation; 'Skip to content' comes first; toasts sit above the navigation, off the headings", async () => {
    const account = await createUser({ subscribed: true, prefix: 'edgenav' });
    const { page, errors } = await open({ width: 390, theme: 'light', largerText: false });
    await page.goto(`${base()}/auth`);
    expect(await page.title()).toBe('Sign In – FitTrack');
    await signIn(page, account);
    await page.goto(`${base()}/diet`);
    await page.locator('img.meal-image').first().waitFor();
    await page.mouse.wheel(0, 3000);
    await page.waitForFunction(() => window.scrollY > 1000);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Workout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Workout Plans' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Workout Plans');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.title()).toBe('Workout Plans – FitTrack');

    // A fresh load: the first Tab reaches the skip link, Enter skips to the heading.
    await page.goto(`${base()}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Settings');
    // Next: the first control of the content, not the navigation again.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tab');

    // A toast: at the bottom above the navigation, covering no heading.
    await page.getByRole('tab', { name: 'Devices' }).click();
    expect(page.url()).toMatch(/\/settings\?tab=devices$/);
    await page.getByRole('button', { name: /Apple Watch/ }).first().click();
    const toast = page.getByText('Apple Watch connected successfully').first();
    await toast.waitFor();
    await page.waitForTimeout(500); // its slide-in is over
    const overlap = await page.evaluate(() => {
      const t = document.querySelector('[data-state="open"].toast-root')!.getBoundingClientRect();
      const nav = document.querySelector('nav[aria-label="Main"]')!.getBoundingClientRect();
      const headings = [...document.querySelectorAll('h1, h2, h3')].filter((h) => {
        const r = h.getBoundingClientRect();
        return r.bottom > t.top && r.top < t.bottom && r.height > 0;
      });
      return { aboveNav: t.bottom <= nav.top + 1, covered: headings.map((h) => h.textContent) };
    });
    expect(overlap.aboveNav).toBe(true);
    // Visible headings it may overlap are below the fold of the page text only if they are under it: none at this scroll position.
    expect(overlap.covered).toEqual([]);
    await screenshot(page, 'phone-edges-toast');

    // Tab state survives a reload.
    await page.reload();
    expect(await page.getByRole('tab', { name: 'Devices' }).getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe('where sign-in leads', () => {
  it('returns a deep link opened signed out to it after sign-in; a signed-in user on /auth goes home; a subscriber on /admin is told', async () => {
    const account = await createUser({ subscribed: true, prefix: 'edgedeep' });
    const { page, errors } = await open({ width: 390, theme: 'light', largerText: false });
    await page.goto(`${base()}/diet?tab=snacks`);
    await page.waitForURL('**/auth');
    await signIn(page, account, '**/diet?tab=snacks');
    expect(await page.getByRole('tab', { name: 'Snacks' }).getAttribute('aria-selected')).toBe('true');

    await page.goto(`${base()}/auth`);
    await page.waitForURL('**/dashboard');

    await page.goto(`${base()}/admin`);
    await page.getByText('Administrator privileges required to access this page.').waitFor();
    await page.getByText(`You are signed in as ${account.username}, which is not an administrator account.`).waitFor();
    await page.waitForTimeout(3000);
    expect(new URL(page.url()).pathname).toBe('/admin');
    // The only console error allowed: the browser's own line for the signed-out session check (401).
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await page.context().close();
  }, 120_000);
});
