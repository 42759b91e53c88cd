import { generateSync } from 'otplib';
import { type BrowserContextOptions, type Page } from 'playwright-core';
import { latestCodeFor } from '../functions/test/mail';
import { grantSubscription } from '../test-support/subscriptions';

let n = 0;

/**
 * Creates an account through the real signup API (optionally with an active subscription,
 * granted in the table) for a journey that is not about signing up. Sign in through the UI
 * with the returned credentials. Its email address is confirmed with the code from the local outbox
 * (decision 0024), as its owner would, so screens show no "Confirm your email address" banner;
 * `verified: false` leaves it unconfirmed.
 */
export async function createUser(o: { subscribed?: boolean; prefix?: string; verified?: boolean } = {}) {
  const base = process.env.E2E_BASE_URL!;
  const username = `${o.prefix ?? 'e2e'}${Date.now().toString(36)}${n++}`;
  const password = 'E2eFixture1x';
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, email: `${username}@example.com`, password }),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  // the sign-up's session, as a Cookie header (the account is signed in by its sign-up)
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (o.verified ?? true) {
    const verify = await fetch(`${base}/api/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ code: latestCodeFor(`${username}@example.com`) }),
    });
    if (verify.status !== 200) throw new Error(`email verification failed: ${verify.status} ${await verify.text()}`);
  }
  if (o.subscribed) await grantSubscription(user.id);
  return { username, password, id: user.id, email: `${username}@example.com`, cookie };
}

/**
 * Signs in through the form of /auth (the page must be on it): the Login tab, username, password,
 * Sign In; the local administrator also answers the code step (`completeAdminSignIn`).
 */
export async function signInThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('tab', { name: 'Login' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Username').fill(username);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
  if (username === 'admin') await completeAdminSignIn(page);
}

/**
 * The second step of the local administrator's sign-in (decision 0018): after the password, the
 * form asks for the authenticator's code; this types the current one (from the secret the first
 * start saved) and submits it.
 */
async function completeAdminSignIn(page: Page): Promise<void> {
  const panel = page.getByRole('tabpanel');
  const code = panel.getByLabel('Authentication code');
  await code.waitFor();
  await code.fill(generateSync({ secret: process.env.E2E_ADMIN_TOTP_SECRET! }));
  await panel.getByRole('button', { name: 'Verify and Sign In' }).click();
}

type Theme = 'light' | 'black';
type Chromium = { newPage(options?: BrowserContextOptions): Promise<{ page: Page; errors: string[] }> };

/** A fresh browser (its own cookies) at `width` px in the given theme, the cookie choice already made. */
export async function themedPage(chromium: Chromium, width: number, theme: Theme = 'light', options: BrowserContextOptions = {}) {
  const session = await chromium.newPage({ viewport: { width, height: 760 }, locale: 'en-US', ...options });
  await session.page.addInitScript((t) => {
    localStorage.setItem('theme', t);
    localStorage.setItem('cookieConsent', 'accepted');
  }, theme);
  return session;
}

/** A browser signed in through the form of /auth, on the dashboard. */
export async function signedInPage(chromium: Chromium, username: string, password: string, o: { width: number; theme?: Theme; options?: BrowserContextOptions }) {
  const session = await themedPage(chromium, o.width, o.theme, o.options);
  await session.page.goto(`${process.env.E2E_BASE_URL!}/auth`);
  await signInThroughForm(session.page, username, password);
  await session.page.waitForURL('**/dashboard');
  return session;
}

/** The status POST /api/auth/login answers for these credentials (outside any browser). */
export async function signInStatus(username: string, password: string): Promise<number> {
  const base = process.env.E2E_BASE_URL!;
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password }),
  });
  return res.status;
}

/** Signs a new user up through the form of /auth; the app lands on the plan choice. */
export async function signUpThroughForm(page: Page, prefix: string): Promise<{ username: string; password: string }> {
  const username = `${prefix}${Date.now().toString(36)}${n++}`;
  const password = 'E2eSignUp1x-long';
  await page.goto(`${process.env.E2E_BASE_URL!}/auth`);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Username').fill(username);
  await panel.getByLabel('Email').fill(`${username}@example.com`);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByLabel('Confirm Password').fill(password);
  await panel.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/subscription');
  await page.getByText('Choose Your Plan').waitFor();
  return { username, password };
}
