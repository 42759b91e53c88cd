import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { latestCodeFor } from '../functions/test/mail';
import { baseUrl, screenshot, useBrowser } from './browser';
import { createUser, signInThroughForm, themedPage } from './fixtures';

/**
 * Issue 15 point 6 in the browser (decision 0024): a new account confirms its email address with
 * the code from the local outbox (the banner above the signed-in screens), and Settings › Account
 * changes the address, which is then confirmed again. One account per email: the old address is free
 * afterwards, the new one is refused to anyone else.
 */
const chromium = useBrowser();
const base = baseUrl;
let n = 0;

async function signupAnswers(username: string, email: string): Promise<number> {
  const res = await fetch(`${base()}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base() },
    body: JSON.stringify({ username, email, password: 'E2eFixture1x-long' }),
  });
  return res.status;
}

const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

describe('email', () => {
  it.each([
    [320, 'light'],
    [390, 'black'],
  ] as const)('sign up at %i px, %s: the banner asks for the mailed code until the address is confirmed', async (width, theme) => {
    const username = `verify${width}${Date.now().toString(36)}${n++}`;
    const email = `${username}@example.com`;
    const { page, errors } = await themedPage(chromium, width, theme);
    await page.goto(`${base()}/auth`);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const signUp = page.getByRole('tabpanel');
    await signUp.getByLabel('Username').fill(username);
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password', { exact: true }).fill('E2eFixture1x-long');
    await signUp.getByLabel('Confirm Password').fill('E2eFixture1x-long');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/subscription');

    const banner = page.getByRole('region', { name: 'Confirm your email address' });
    await banner.waitFor();
    await expect.poll(() => banner.textContent()).toContain(email);
    await noHorizontalScroll(page);
    await screenshot(page, `email-banner-${width}-${theme}`);

    // a wrong code is refused and stays in the field
    const code = latestCodeFor(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await banner.getByLabel('Code from the email').fill(wrong);
    await banner.getByRole('button', { name: 'Confirm Email' }).click();
    await page.getByText('That code is wrong or has expired. Check the latest email or send a new code.').first().waitFor();
    expect(await banner.getByLabel('Code from the email').inputValue()).toBe(wrong);

    await banner.getByLabel('Code from the email').fill(code);
    await banner.getByRole('button', { name: 'Confirm Email' }).click();
    await page.getByText('Email Confirmed', { exact: true }).first().waitFor();
    await banner.waitFor({ state: 'detached' });
    expect((await (await page.request.get(`${base()}/api/auth/me`)).json()).user).toMatchObject({ email, emailVerified: true });

    // one account per email, whatever the case
    expect(await signupAnswers(`${username}x`, email.toUpperCase())).toBe(409);
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await page.context().close();
  });

  it.each([
    [320, 'black'],
    [390, 'light'],
  ] as const)('change email at %i px, %s: the password is asked, the new address is confirmed with its code, the old one is free', async (width, theme) => {
    const user = await createUser({ subscribed: true, prefix: `chem${width}` });
    const other = await createUser({ prefix: `chemo${width}` });
    const { page, errors } = await themedPage(chromium, width, theme);
    await page.goto(`${base()}/auth`);
    await signInThroughForm(page, user.username, user.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${base()}/settings?tab=account`);
    const section = page.getByRole('tabpanel', { name: 'Account' }).getByRole('region', { name: 'Change Email' });
    const newEmail = `${user.username}.new@example.com`;

    // another account's address is refused (409) and what was typed stays
    await section.getByLabel('New email').fill(other.email);
    await section.getByLabel('Password').fill(user.password);
    await section.getByRole('button', { name: 'Change Email' }).click();
    await page.getByText('An account with that email address already exists. Sign in, or reset your password if you have forgotten it.').first().waitFor();
    expect(await section.getByLabel('New email').inputValue()).toBe(other.email);
    // a wrong password is refused
    await section.getByLabel('New email').fill(newEmail);
    await section.getByLabel('Password').fill('not-my-password-at-all');
    await section.getByRole('button', { name: 'Change Email' }).click();
    await page.getByText('Your current password is not correct.').first().waitFor();
    expect(await section.getByLabel('New email').inputValue()).toBe(newEmail);

    await section.getByLabel('Password').fill(user.password);
    await section.getByRole('button', { name: 'Change Email' }).click();
    await page.getByText('Email Changed', { exact: true }).first().waitFor();
    const banner = page.getByRole('region', { name: 'Confirm your email address' });
    await banner.waitFor();
    await expect.poll(() => banner.textContent()).toContain(newEmail);
    await noHorizontalScroll(page);
    await screenshot(page, `change-email-${width}-${theme}`);

    await banner.getByLabel('Code from the email').fill(latestCodeFor(newEmail));
    await banner.getByRole('button', { name: 'Confirm Email' }).click();
    await page.getByText('Email Confirmed', { exact: true }).first().waitFor();
    await banner.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('region', { name: 'Your account' }).textContent()).toContain(newEmail);
    await expect.poll(() => section.textContent()).not.toContain('not confirmed yet');
    await screenshot(page, `change-email-confirmed-${width}-${theme}`);

    // the old address is free again; the new one is taken
    expect(await signupAnswers(`${user.username}o`, user.email)).toBe(201);
    expect(await signupAnswers(`${user.username}n`, newEmail)).toBe(409);
    expect(errors.filter((e) => !/status of (400|409)/.test(e))).toEqual([]);
    await page.context().close();
  });
});
