import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, useBrowser } from './browser';
import { createUser, signInThroughForm } from './fixtures';
import { overflow, tabWalk } from './layout';

/**
 * One paid subscription per user (issue 16 point 1), in the browser against the local stack in
 * sandbox mode (the same rules and activation code as Stripe and PayPal): a subscriber sees their
 * plan as current on /subscription, /checkout and Settings › Membership, cannot buy it twice (the
 * server refuses it too, whatever a page shows), and a switch to the other plan waits for the renewal.
 */
const chromium = useBrowser();
const base = baseUrl;

let member: { username: string; password: string } | undefined;

async function signIn(page: Page, username: string, password: string, landing: string) {
  await page.goto(`${base()}/auth`);
  await signInThroughForm(page, username, password);
  await page.waitForURL(`**${landing}`);
}

/** A state-changing API call from the page's session (same origin, as the app sends it). */
const post = (page: Page, path: string, data?: unknown) =>
  page.request.post(`${base()}${path}`, { headers: { origin: base(), ...(data === undefined ? {} : { 'content-type': 'application/json' }) }, ...(data === undefined ? {} : { data }) });

describe('one paid subscription per user', () => {
  it('a subscriber sees their plan as current and cannot buy it twice; a switch of plan waits for the renewal', async () => {
    const { page, errors } = await chromium.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const user = await createUser({ prefix: 'onesub' });
    member = user;
    await signIn(page, user.username, user.password, '/subscription');

    // buy the monthly plan with the sandbox card
    await page.getByRole('radio', { name: /Monthly/ }).check();
    await page.getByRole('link', { name: 'Continue with Monthly' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $2.99' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // the plan choice marks it as current and offers nothing to buy for it
    await page.goto(`${base()}/subscription`);
    const monthlyCard = page.locator('label').filter({ has: page.getByRole('radio', { name: /Monthly/ }) });
    await monthlyCard.getByText('Current plan', { exact: true }).waitFor();
    await page.getByRole('radio', { name: /Monthly/ }).check();
    await page.getByText('This is your current plan').waitFor();
    expect(await page.getByRole('link', { name: /Continue with/ }).count()).toBe(0);
    await page.getByRole('radio', { name: /Yearly/ }).check();
    await page.getByRole('button', { name: 'Switch to Yearly' }).waitFor();

    // /checkout for the same plan says so, and starts no payment
    await page.goto(`${base()}/checkout?plan=monthly`);
    await page.getByRole('heading', { name: 'You already have the Monthly plan' }).waitFor();
    await page.getByText(/^You already have the Monthly plan\. It renews on /).waitFor();
    expect(await page.getByLabel('Card number').count()).toBe(0);
    expect(await page.getByRole('button', { name: /PayPal/ }).count()).toBe(0);

    // the guard is the server's: the API refuses a second purchase by card or PayPal
    for (const [path, body] of [['/api/create-monthly-subscription', undefined], ['/api/create-yearly-subscription', undefined], ['/paypal/order', { plan: 'monthly' }]] as const) {
      const res = await post(page, path, body);
      expect(res.status(), path).toBe(409);
      expect(((await res.json()) as { message: string }).message, path).toMatch(/Monthly plan/);
    }

    // Settings › Membership: switch to yearly at the renewal (confirmed first), then keep monthly
    await page.goto(`${base()}/settings`);
    const monthly = page.getByRole('region', { name: 'Monthly Plan' });
    const yearly = page.getByRole('region', { name: 'Yearly Plan' });
    await monthly.getByText('Current plan', { exact: true }).waitFor();
    expect(await monthly.getByRole('link').count()).toBe(0);
    await yearly.getByRole('button', { name: 'Switch to Yearly' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm switching to Yearly' });
    await confirm.getByText(/Nothing is charged now/).waitFor();
    await confirm.getByRole('button', { name: 'Switch to Yearly' }).click();
    await page.getByText('Switching to Yearly').first().waitFor();
    await yearly.getByText('Next plan', { exact: true }).waitFor();
    await yearly.getByText(/^Starts on /).waitFor();
    await page.getByRole('region', { name: 'Your membership' }).getByText('Yearly ($29.99 per year)').waitFor();
    const membership = (await (await page.request.get(`${base()}/api/subscription`)).json()) as { plan: string; nextPlan: string; hasActiveSubscription: boolean };
    expect(membership).toMatchObject({ plan: 'monthly', nextPlan: 'yearly', hasActiveSubscription: true });
    await screenshot(page, 'one-sub-settings-switch-390');

    await monthly.getByRole('button', { name: 'Keep Monthly' }).click();
    await page.getByText('Keeping Monthly').first().waitFor();
    await yearly.getByRole('button', { name: 'Switch to Yearly' }).waitFor();
    const kept = (await (await page.request.get(`${base()}/api/subscription`)).json()) as { nextPlan: string | null };
    expect(kept.nextPlan).toBeNull();

    // schedule the switch again, for the screens below
    await yearly.getByRole('button', { name: 'Switch to Yearly' }).click();
    await page.getByRole('group', { name: 'Confirm switching to Yearly' }).getByRole('button', { name: 'Switch to Yearly' }).click();
    await yearly.getByText('Next plan', { exact: true }).waitFor();
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await page.context().close();
  });

  it.each([320, 390].flatMap((width) => (['light', 'black'] as const).map((theme) => [width, theme] as const)))(
    'the screens of a member at %i px, %s: nothing wider than the screen, every focused control visible',
    async (width, theme) => {
      expect(member, 'the journey above made the member').toBeDefined();
      const { page, errors } = await chromium.newPage({ viewport: { width, height: 740 }, locale: 'en-US' });
      await page.addInitScript((t) => {
        localStorage.setItem('theme', t);
        localStorage.setItem('cookieConsent', 'accepted');
      }, theme);
      await signIn(page, member!.username, member!.password, '/dashboard');
      const problems: string[] = [];
      for (const [path, ready] of [
        ['/subscription', 'Next plan'],
        ['/checkout?plan=monthly', 'Manage your membership'],
        ['/checkout?plan=yearly', 'Manage your membership'],
        ['/settings', 'Keep Monthly'],
      ] as const) {
        await page.goto(`${base()}${path}`);
        await page.getByText(ready).first().waitFor();
        await page.waitForLoadState('networkidle');
        for (const close of await page.getByRole('button', { name: 'Close notification' }).all()) await close.click({ timeout: 2000 }).catch(() => undefined);
        const o = await overflow(page);
        if (o.scrollWidth > o.width || o.clipped) problems.push(`${path}: wider than the screen or cut off: ${o.wide.join(', ')}`);
        const walk = await tabWalk(page);
        for (const h of walk.hidden) problems.push(`${path}: focus not visible: ${h}`);
        await page.evaluate(() => {
          (document.activeElement as HTMLElement | null)?.blur();
          window.scrollTo(0, 0);
        });
        await screenshot(page, `one-sub-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${width}-${theme}`);
      }
      expect(problems).toEqual([]);
      expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
      await page.context().close();
    },
    120_000,
  );
});
