import { AxeBuilder } from '@axe-core/playwright';
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, useBrowser } from './browser';
import { signInThroughForm, signUpThroughForm } from './fixtures';
import { overflow } from './layout';

/**
 * Payment history and the admin refund (issue 16 point 4, decision 0306), in sandbox mode: a
 * sandbox card payment shows in Settings › Membership; the admin refunds it from the Payments tab
 * (after a confirm dialog) and the user's next request lands on /subscription.
 */

const base = baseUrl;
const { newPage } = useBrowser();

async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Closes the cookie banner and any toast so the screenshot shows the screen itself. */
async function clearOverlays(page: Page) {
  const accept = page.getByRole('button', { name: 'Accept All' });
  if (await accept.isVisible()) await accept.click({ timeout: 5000 });
  for (const close of await page.getByRole('button', { name: 'Close notification' }).all()) await close.click({ timeout: 2000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

/** Screenshots at 320 px (light) and 390 px (Black theme), each checked for sideways overflow. */
async function shots(page: Page, name: string) {
  await clearOverlays(page);
  await page.setViewportSize({ width: 320, height: 720 });
  expect((await overflow(page)).wide, `${name} at 320 px`).toEqual([]);
  await screenshot(page, `${name}-320`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'black'));
  await screenshot(page, `${name}-390-black`);
  await page.evaluate(() => document.documentElement.removeAttribute('data-theme'));
}

describe('payment history and admin refund', () => {
  it('a sandbox card payment shows in the history; the admin refunds it; the user lands on /subscription at the next request', async () => {
    // --- the user pays by sandbox card ---
    const { page, errors } = await newPage();
    await signUpThroughForm(page, 'payhist');
    await page.getByRole('radio', { name: /Monthly/ }).check();
    await page.getByRole('link', { name: 'Continue with Monthly' }).click();
    await page.waitForURL('**/checkout?plan=monthly');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $2.99' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const me = (await (await page.request.get(`${base()}/api/auth/me`)).json()) as { user: { id: string; hasActiveSubscription: boolean } };
    expect(me.user.hasActiveSubscription).toBe(true);

    await page.goto(`${base()}/settings`);
    const history = page.getByRole('region', { name: 'Payment history' });
    const row = history.getByRole('listitem').first();
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Monthly · \$2\.99.*Card \(sandbox\).*Paid/);
    await history.scrollIntoViewIfNeeded();
    await shots(page, 'payments-history');
    expect(await axeViolations(page)).toEqual([]);

    // --- the admin refunds it ---
    const { page: admin, errors: adminErrors } = await newPage();
    await admin.goto(`${base()}/auth`);
    await signInThroughForm(admin, 'admin', process.env.E2E_ADMIN_PASSWORD!);
    await admin.waitForURL('**/admin');
    await admin.getByRole('tab', { name: 'Payments' }).click();
    const card = admin.getByRole('list', { name: 'Payments' }).getByRole('listitem').filter({ hasText: me.user.id });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/Monthly · \$2\.99/);
    await shots(admin, 'payments-admin-tab');
    expect(await axeViolations(admin)).toEqual([]);
    await card.getByRole('button', { name: 'Refund' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Refund this payment?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('This cannot be undone.');
    await screenshot(admin, 'payments-refund-dialog-390');
    await admin.evaluate(() => document.documentElement.setAttribute('data-theme', 'black'));
    await screenshot(admin, 'payments-refund-dialog-390-black');
    await admin.evaluate(() => document.documentElement.removeAttribute('data-theme'));
    expect(await axeViolations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Refund in full' }).click();
    await admin.getByText('Payment Refunded').first().waitFor();
    await card.getByText('Refunded').waitFor();
    expect(await card.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    expect(adminErrors.filter((e) => !/status of 401/.test(e))).toEqual([]); // the sign-in page's session check before signing in

    // --- the user's next request: no premium, the plan choice ---
    await page.goto(`${base()}/dashboard`);
    await page.waitForURL('**/subscription');
    await page.getByText('Choose Your Plan').waitFor();
    // Settings is for subscribers (SPEC): the refunded user's history is still theirs through the API
    const after = (await (await page.request.get(`${base()}/api/billing/payments`)).json()) as { items: { status: string }[] };
    expect(after.items.map((p) => p.status)).toEqual(['refunded']);
    expect(errors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
  });
});
