import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, useBrowser } from './browser';
import { createUser, signInThroughForm } from './fixtures';

/**
 * Issue 15 points 2 and 6, in the browser: Settings › Account's "Sign Out Everywhere" ends the
 * account's session on another device at once (its next request goes to /auth), not only here.
 */
const chromium = useBrowser();
const base = baseUrl;

describe('sign out everywhere', () => {
  it('from the phone, after a confirmation: the laptop is signed out at its next request, and so is the phone', async () => {
    const user = await createUser({ subscribed: true, prefix: 'everywhere' });
    const laptop = await chromium.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await laptop.page.goto(`${base()}/auth`);
    await signInThroughForm(laptop.page, user.username, user.password);
    await laptop.page.waitForURL('**/dashboard');

    const phone = await chromium.newPage({ viewport: { width: 320, height: 700 }, locale: 'en-US' });
    await phone.page.goto(`${base()}/auth`);
    await signInThroughForm(phone.page, user.username, user.password);
    await phone.page.waitForURL('**/dashboard');
    await phone.page.goto(`${base()}/settings?tab=account`);
    const panel = phone.page.getByRole('tabpanel', { name: 'Account' });
    await panel.getByText(user.username, { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    const confirm = phone.page.getByRole('group', { name: 'Confirm signing out everywhere' });
    await screenshot(phone.page, 'account-sign-out-everywhere-320');
    await confirm.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await phone.page.waitForURL('**/auth');
    await phone.page.getByText('Signed Out Everywhere', { exact: true }).waitFor();

    // the laptop still shows its page; its next request finds the session ended
    await laptop.page.goto(`${base()}/diet`);
    await laptop.page.waitForURL('**/auth**');
    expect((await laptop.page.request.get(`${base()}/api/auth/me`)).status()).toBe(401);
    expect(phone.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await laptop.page.context().close();
    await phone.page.context().close();
  });
});
