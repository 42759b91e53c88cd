import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, useBrowser } from './browser';
import { createUser, signInStatus, signedInPage } from './fixtures';

/**
 * Issue 15 point 6 in the browser (decision 0021): Settings › Account's "Download My Data" saves a
 * JSON file with the user's own data, and "Delete My Account" (password and confirmation) deletes
 * the account: the browser lands on /auth and the old password no longer signs in.
 */
const chromium = useBrowser();
const base = baseUrl;
const SNACK = 'meal-air-popped-popcorn';

describe('the account data', () => {
  it.each([
    [320, 'light'],
    [320, 'black'],
    [390, 'light'],
    [390, 'black'],
  ] as const)('Settings › Account at %i px, %s: the download and danger-zone sections', async (width, theme) => {
    const user = await createUser({ subscribed: true, prefix: `acct${width}` });
    const { page, errors } = await signedInPage(chromium, user.username, user.password, { width, theme, options: { acceptDownloads: true } });
    await page.goto(`${base()}/settings?tab=account`);
    const panel = page.getByRole('tabpanel', { name: 'Account' });
    await panel.getByRole('button', { name: 'Download My Data' }).waitFor();
    const danger = panel.getByRole('region', { name: 'Delete my account' });
    await danger.getByRole('button', { name: 'Delete My Account...' }).click();
    // Change Email has a Password field too: the one of the danger zone
    await danger.getByLabel('Password', { exact: true }).waitFor();
    // nothing is wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `account-data-${width}-${theme}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('downloads the JSON file: it parses and holds the meal of the day', async () => {
    const user = await createUser({ subscribed: true, prefix: 'export' });
    const { page, errors } = await signedInPage(chromium, user.username, user.password, { width: 390, options: { acceptDownloads: true } });
    const added = await page.request.post(`${base()}/api/progress/today/meals`, {
      headers: { origin: base(), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      data: { mealId: SNACK },
    });
    expect(added.status()).toBe(200);
    await page.goto(`${base()}/settings?tab=account`);
    const panel = page.getByRole('tabpanel', { name: 'Account' });
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download My Data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^fittrack-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { profile: { username: string }; meals: { mealId: string }[] };
    expect(data.profile.username).toBe(user.username);
    expect(data.meals.map((m) => m.mealId)).toContain(SNACK);
    await page.getByText('Download Started', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('deletes the account at 320 px: a wrong password keeps what was typed; then it lands on /auth and the old password no longer signs in', async () => {
    const user = await createUser({ subscribed: true, prefix: 'delete' });
    const { page, errors } = await signedInPage(chromium, user.username, user.password, { width: 320, options: { acceptDownloads: true } });
    await page.goto(`${base()}/settings?tab=account`);
    const panel = page.getByRole('tabpanel', { name: 'Account' });
    const danger = panel.getByRole('region', { name: 'Delete my account' });
    await danger.getByRole('button', { name: 'Delete My Account...' }).click();
    await danger.getByLabel('Password', { exact: true }).fill('not-my-password-at-all');
    await danger.getByRole('checkbox').check();
    await danger.getByRole('button', { name: 'Delete My Account' }).click();
    await page.getByText('Account Not Deleted', { exact: true }).waitFor();
    expect(await danger.getByLabel('Password', { exact: true }).inputValue()).toBe('not-my-password-at-all');
    expect(await danger.getByRole('checkbox').isChecked()).toBe(true);
    expect((await page.request.get(`${base()}/api/auth/me`)).status()).toBe(200);

    await danger.getByLabel('Password', { exact: true }).fill(user.password);
    await danger.getByRole('button', { name: 'Delete My Account' }).click();
    await page.waitForURL('**/auth');
    await page.getByText('Account Deleted', { exact: true }).waitFor();
    await screenshot(page, 'account-deleted-320');
    expect((await page.request.get(`${base()}/api/auth/me`)).status()).toBe(401);
    expect(await signInStatus(user.username, user.password)).toBe(401);
    expect(errors.filter((e) => !/status of (400|401)/.test(e))).toEqual([]);
    await page.context().close();
  });
});
