import AxeBuilder from '@axe-core/playwright';
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, useBrowser } from './browser';
import { signUpThroughForm } from './fixtures';

/**
 * Premium subscriptions in the browser, in sandbox mode (the local default: no provider keys).
 * The sandbox checkout goes through the same server routes and activation code as the real
 * providers.
 */

const base = baseUrl;
const { newPage } = useBrowser();

/** axe-core on the current screen: zero violations (WCAG A/AA and best practices). */
async function expectAccessible(page: Page, name: string) {
  const result = await new AxeBuilder({ page }).analyze();
  const summary = result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, `axe on ${name}`).toEqual([]);
}


describe('premium subscription', () => {
  it('sign up → choose yearly → pay with 4242 4242 4242 4242 → dashboard, premium for a year', async () => {
    const { page, errors } = await newPage();
    await signUpThroughForm(page, 'payer');
    expect(await page.getByRole('radio', { name: /Yearly/ }).isChecked()).toBe(true);
    await screenshot(page, 'billing-plan-choice');
    await expectAccessible(page, 'plan choice');
    await page.getByRole('link', { name: 'Continue with Yearly' }).click();
    await page.waitForURL('**/checkout?plan=yearly');
    await page.getByRole('heading', { name: 'Complete Your Subscription' }).waitFor();
    const card = page.getByLabel('Card number');
    await card.waitFor();
    await screenshot(page, 'billing-checkout-sandbox');
    await expectAccessible(page, 'checkout');
    await card.fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $29.99' }).click();
    await page.getByText('Payment Successful').first().waitFor();
    await page.getByText('Welcome to FitTrack Premium!').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation').first().waitFor();
    await screenshot(page, 'billing-after-payment');

    const me = (await (await page.request.get(`${base()}/api/auth/me`)).json()) as { user: { hasActiveSubscription: boolean; subscriptionExpiresAt: string } };
    expect(me.user.hasActiveSubscription).toBe(true);
    const days = (new Date(me.user.subscriptionExpiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(360);
    expect(days).toBeLessThan(370);

    // The card's return target confirms with the server (idempotent: nothing is extended again).
    await page.goto(`${base()}/payment-success?plan=yearly`);
    await page.getByRole('heading', { name: 'Payment confirmed' }).waitFor();
    await screenshot(page, 'billing-payment-success');
    await expectAccessible(page, 'payment success');
    const again = (await (await page.request.get(`${base()}/api/auth/me`)).json()) as { user: { subscriptionExpiresAt: string } };
    expect(again.user.subscriptionExpiresAt).toBe(me.user.subscriptionExpiresAt);

    // The guard now lets the user into the shell; Settings › Membership shows the plan and
    // turns auto-renewal off (access stays to the period end).
    await page.goto(`${base()}/settings`);
    await page.waitForURL('**/settings');
    const membership = page.getByRole('region', { name: 'Your membership' });
    await membership.getByText('Renews on').waitFor();
    await membership.getByText('Yearly ($29.99 per year)').waitFor();
    await screenshot(page, 'billing-settings-membership');
    await expectAccessible(page, 'settings membership');
    await membership.getByRole('button', { name: 'Cancel auto-renewal' }).click();
    await membership.getByRole('button', { name: 'Turn off auto-renewal' }).click();
    await membership.getByText('Active until').waitFor();
    await page.getByText('Auto-renewal turned off').first().waitFor();
    const after = (await (await page.request.get(`${base()}/api/subscription`)).json()) as { autoRenew: boolean; hasActiveSubscription: boolean };
    expect(after).toMatchObject({ autoRenew: false, hasActiveSubscription: true });
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  });

  it('a declined card (4000 0000 0000 0002) shows Payment Failed and grants nothing', async () => {
    const { page, errors } = await newPage();
    await signUpThroughForm(page, 'declined');
    await page.getByRole('radio', { name: /Monthly/ }).check();
    await page.getByRole('link', { name: 'Continue with Monthly' }).click();
    await page.waitForURL('**/checkout?plan=monthly');
    await page.getByLabel('Card number').fill('4000000000000002');
    await page.getByRole('button', { name: 'Pay $2.99' }).click();
    await page.getByText('Payment Failed').first().waitFor();
    await page.getByText('Your card was declined.').first().waitFor();
    await screenshot(page, 'billing-declined');
    expect(new URL(page.url()).pathname).toBe('/checkout');
    const me = (await (await page.request.get(`${base()}/api/auth/me`)).json()) as { user: { hasActiveSubscription: boolean } };
    expect(me.user.hasActiveSubscription).toBe(false);
    await page.goto(`${base()}/`);
    await page.waitForURL('**/subscription');
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  });

  it('sandbox PayPal: order, approval and capture → /dashboard', async () => {
    const { page, errors } = await newPage();
    await signUpThroughForm(page, 'paypal');
    await page.getByRole('link', { name: 'Continue with Yearly' }).click();
    await page.getByRole('button', { name: 'Pay with PayPal (sandbox)' }).click();
    await page.getByText('Payment Successful').first().waitFor();
    await page.waitForURL('**/dashboard');
    const me = (await (await page.request.get(`${base()}/api/auth/me`)).json()) as { user: { hasActiveSubscription: boolean } };
    expect(me.user.hasActiveSubscription).toBe(true);
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  });

  it('no provider script is loaded anywhere in sandbox mode', async () => {
    const { page } = await newPage();
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    await signUpThroughForm(page, 'noscript');
    await page.getByRole('link', { name: 'Continue with Yearly' }).click();
    await page.getByLabel('Card number').waitFor();
    expect(urls.filter((u) => /stripe\.com|paypal\.com|paypalobjects/.test(u))).toEqual([]);
  });
});
