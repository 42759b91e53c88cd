import { AdminAddUserToGroupCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MFA_CODE_WRONG } from '../functions/src/contract/auth-rules';
import { baseUrl, screenshot, useBrowser } from './browser';
import { createUser, signInThroughForm } from './fixtures';
import { wrongTotpCode } from '../test-support/totp';

/**
 * Admin two-step sign-in in the browser (issue 15 point 5, decision 0018): a new administrator
 * signs in with the password, is shown the set-up screen instead of the admin page, scans (reads)
 * the secret, turns it on with the app's code and gets the admin page; the next sign-in asks for
 * the code, refuses a wrong one and accepts the right one.
 */
const { newPage } = useBrowser();

async function passwordStep(page: Page, username: string, password: string) {
  await page.goto(`${baseUrl()}/auth`);
  await signInThroughForm(page, username, password);
}

describe('administrator two-step sign-in', () => {
  it('sets up an authenticator before the admin page opens, then signs in with its code', async () => {
    const account = await createUser({ prefix: 'mfaadm' });
    const cognito = new CognitoIdentityProviderClient({ endpoint: process.env.COGNITO_ENDPOINT, region: 'us-east-1' });
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: process.env.USER_POOL_ID, Username: account.username, GroupName: 'admin' }));
    cognito.destroy();

    const { page, errors } = await newPage({ viewport: { width: 320, height: 720 } });
    await page.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
    await passwordStep(page, account.username, account.password);
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
    await expect(page.getByText('Welcome back, Administrator!').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Set up authenticator' }).click();
    await page.getByRole('img', { name: 'QR code of the authenticator set-up link' }).waitFor();
    const secret = ((await page.locator('code').first().textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // the code field has the focus, ready for the app's code
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).resolves.toBe('code');
    const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    await expect(noOverflow()).resolves.toBe(true);
    await screenshot(page, 'admin-mfa-setup-320');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => {
      localStorage.setItem('theme', 'black');
      document.documentElement.setAttribute('data-theme', 'black');
    });
    await screenshot(page, 'admin-mfa-setup-390-black');

    await page.getByLabel('Authentication code').fill(wrongTotpCode(secret));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.getByText(MFA_CODE_WRONG).first().waitFor();
    await page.getByLabel('Authentication code').fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.getByText('Welcome back, Administrator!').waitFor();

    // sign out, then in again: the password is not enough any more
    await page.context().clearCookies();
    await passwordStep(page, account.username, account.password);
    const code = page.getByRole('tabpanel').getByLabel('Authentication code');
    await code.waitFor();
    await expect(page.getByRole('tabpanel').getByLabel('Username').inputValue()).resolves.toBe(account.username); // what was typed stays
    await screenshot(page, 'admin-mfa-signin-code-390-black');
    await code.fill(wrongTotpCode(secret));
    await page.getByRole('button', { name: 'Verify and Sign In' }).click();
    await page.getByText(MFA_CODE_WRONG).first().waitFor();
    expect(page.url()).toMatch(/\/auth$/);
    await code.fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Verify and Sign In' }).click();
    await page.waitForURL('**/admin');
    await page.getByText('Welcome back, Administrator!').waitFor();
    // the 401s and 403s the journey provokes on purpose are the only console errors
    expect(errors.filter((e) => !/status of (401|403|400)/.test(e))).toEqual([]);
    await page.context().close();
  });
});
