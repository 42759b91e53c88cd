import { describe, expect, it } from 'vitest';
import { latestCodeFor } from '../functions/test/mail';
import { baseUrl, screenshot, useBrowser } from './browser';
import { createUser, signInStatus, signInThroughForm, signedInPage, themedPage } from './fixtures';

/**
 * Issue 15 point 6 in the browser (decision 0019): "Forgot password?" on the sign-in screen with the
 * code from the local outbox, and Settings › Account's Change Password. Both end the account's other
 * sessions (point 2): a laptop left signed in is sent to /auth at its next request.
 */
const chromium = useBrowser();
const base = baseUrl;
const NEW_PASSWORD = 'harbour-violet-compass-77';

describe('passwords', () => {
  it.each([
    [320, 'light'],
    [390, 'black'],
  ] as const)('forgot password at %i px, %s: the mailed code sets a new one and the other sessions end', async (width, theme) => {
    const user = await createUser({ subscribed: true, prefix: `forgot${width}` });
    const laptop = await signedInPage(chromium, user.username, user.password, { width: 1280 });

    const { page, errors } = await themedPage(chromium, width, theme);
    await page.goto(`${base()}/auth`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    // the sign-up panel stays mounted (hidden): act in the one on screen
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Username').fill(user.username);
    await panel.getByRole('button', { name: 'Send Code' }).click();
    await panel.getByRole('status').filter({ hasText: /code/i }).waitFor();
    // the code field starts empty (it once inherited the username field's value)
    expect(await panel.getByLabel('Code from the email').inputValue()).toBe('');
    await screenshot(page, `forgot-password-code-${width}-${theme}`);

    const code = latestCodeFor(user.email);
    expect(code).toMatch(/^\d{6}$/);
    await panel.getByLabel('Code from the email').fill(code);
    await panel.getByLabel('New password').fill(NEW_PASSWORD);
    await panel.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Password Changed', { exact: true }).waitFor();
    // back on the sign-in form, which now takes the new password
    await signInThroughForm(page, user.username, NEW_PASSWORD);
    await page.waitForURL('**/dashboard');

    expect(await signInStatus(user.username, user.password)).toBe(401);
    // the laptop's session ended with the reset
    await laptop.page.goto(`${base()}/diet`);
    await laptop.page.waitForURL('**/auth**');
    expect(errors).toEqual([]);
    await laptop.page.context().close();
    await page.context().close();
  });

  it.each([
    [320, 'black'],
    [390, 'light'],
  ] as const)('change password at %i px, %s: this phone stays signed in, the laptop is signed out', async (width, theme) => {
    const user = await createUser({ subscribed: true, prefix: `change${width}` });
    const laptop = await signedInPage(chromium, user.username, user.password, { width: 1280 });
    const phone = await signedInPage(chromium, user.username, user.password, { width, theme });

    await phone.page.goto(`${base()}/settings?tab=account`);
    const panel = phone.page.getByRole('tabpanel', { name: 'Account' });
    // a wrong current password is refused and what was typed stays
    await panel.getByLabel('Current password').fill('not-my-password-at-all');
    await panel.getByLabel('New password').fill(NEW_PASSWORD);
    await panel.getByRole('button', { name: 'Change Password' }).click();
    await phone.page.getByText('Password Not Changed', { exact: true }).waitFor();
    expect(await panel.getByLabel('New password').inputValue()).toBe(NEW_PASSWORD);

    await panel.getByLabel('Current password').fill(user.password);
    await panel.getByRole('button', { name: 'Change Password' }).click();
    await phone.page.getByText('Password Changed', { exact: true }).waitFor();
    await screenshot(phone.page, `change-password-${width}-${theme}`);

    // this phone keeps working; the laptop's next request finds its session ended
    expect((await phone.page.request.get(`${base()}/api/auth/me`)).status()).toBe(200);
    await laptop.page.goto(`${base()}/diet`);
    await laptop.page.waitForURL('**/auth**');
    expect(await signInStatus(user.username, NEW_PASSWORD)).toBe(200);
    expect(phone.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await laptop.page.context().close();
    await phone.page.context().close();
  });
});
