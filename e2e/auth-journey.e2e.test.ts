import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, useBrowser } from './browser';
import { signInThroughForm } from './fixtures';

const base = baseUrl;
const { newPage: openPage } = useBrowser();
const newPage = () => openPage({ timezoneId: 'Pacific/Kiritimati' });

/** Console errors that are the expected result of a request the journey makes on purpose. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 401/.test(e));

const signIn = signInThroughForm;

describe('sign up, sign in, log out', () => {
  it('takes a new user from sign-up to the plan choice, out, and back in', async () => {
    const { page, errors } = await newPage();
    const username = `e2e${Date.now().toString(36)}`;
    const password = 'E2eJourney1x';

    // Signed out: a guarded route sends the visitor to /auth.
    await page.goto(`${base()}/`);
    await page.waitForURL('**/auth');
    // the router renders the new page as a transition, just after the address changes
    await page.getByText('Join thousands achieving their fitness goals').waitFor();
    await screenshot(page, 'auth-login');

    // Password mismatch: toast, no account created.
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const signUp = page.getByRole('tabpanel');
    await signUp.getByLabel('Username').fill(username);
    await signUp.getByLabel('Email').fill(`${username}@example.com`);
    await signUp.getByLabel('Password', { exact: true }).fill(password);
    await signUp.getByLabel('Confirm Password').fill('Different1x');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Passwords do not match').first().waitFor();
    expect(page.url()).toMatch(/\/auth$/);

    // Sign up → /subscription with 'Account Created'.
    await signUp.getByLabel('Confirm Password').fill(password);
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/subscription');
    await page.getByText('Account Created').first().waitFor();
    await page.getByText('Choose Your Plan').waitFor();
    await screenshot(page, 'subscription');

    // The session is an HttpOnly cookie: page scripts cannot read any token.
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const cookies = await page.context().cookies();
    const access = cookies.find((c) => c.name === '__Host-fittrack-access');
    expect(access).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });

    // Without a subscription the shell stays closed.
    await page.goto(`${base()}/settings`);
    await page.waitForURL('**/subscription');

    // Log out from the plan page.
    await page.getByRole('button', { name: /log ?out/i }).click();
    await page.waitForURL('**/auth');
    await page.getByText('Logged Out').first().waitFor();
    expect((await page.context().cookies()).filter((c) => c.name.startsWith('__Host-'))).toEqual([]);

    // Wrong password: the server's message, the typed username kept.
    await signIn(page, username, 'WrongPass1x');
    await page.getByText('Login Failed').first().waitFor();
    await page.getByText('Invalid credentials').first().waitFor();
    expect(await page.getByRole('tabpanel').getByLabel('Username').inputValue()).toBe(username);

    // Sign in → /subscription (no active subscription).
    await signIn(page, username, password);
    await page.waitForURL('**/subscription');
    await page.getByText('Login Successful').first().waitFor();

    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it('takes the administrator to /admin and logs out from the bottom navigation', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${base()}/auth`);
    await signIn(page, 'admin', process.env.E2E_ADMIN_PASSWORD!);
    await page.waitForURL('**/admin');
    await page.getByText('Welcome back, Administrator!').waitFor();
    await screenshot(page, 'admin');

    const nav = page.getByRole('navigation', { name: /main|bottom|primary/i });
    for (const item of ['Dashboard', 'Stretching', 'Workout', 'Diet', 'Settings']) {
      await expect(nav.getByRole('link', { name: item }).isVisible()).resolves.toBe(true);
    }
    await nav.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    await page.getByText('You have been successfully logged out.').first().waitFor();

    // The session is gone on the server too: a guarded route goes back to /auth.
    await page.goto(`${base()}/admin`);
    await page.waitForURL('**/auth');
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });
});
