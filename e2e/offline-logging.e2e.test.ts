import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, useBrowser } from './browser';
import { createUser, signInThroughForm } from './fixtures';

/**
 * Issue 18 point 2 (decision 0105), in the browser: with the network cut (`context.setOffline`),
 * a push-up set, a steps add and a meal add are kept on the phone and shown as waiting; when the
 * network returns they are sent in order with their keys, the server's totals are exact, and a
 * write the server now refuses (another device filled the day meanwhile) is shown, then dropped.
 */
const chromium = useBrowser();
const base = baseUrl;

/** Another device of the same account: its own sign-in, straight to the API. */
async function otherDevice(username: string, password: string) {
  const res = await fetch(`${base()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base() }, body: JSON.stringify({ username, password }) });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return (method: string, path: string, body: unknown, timeZone: string) =>
    fetch(`${base()}${path}`, { method, headers: { cookie, origin: base(), 'content-type': 'application/json', 'x-time-zone': timeZone }, body: JSON.stringify(body) });
}

describe('logging with no connection', () => {
  it('keeps a set, steps and a meal while offline, sends them when back, and shows the one the server now refuses', async () => {
    const user = await createUser({ subscribed: true, prefix: 'offline' });
    const { page, errors } = await chromium.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    page.setDefaultTimeout(15_000);
    await page.goto(`${base()}/auth`);
    await signInThroughForm(page, user.username, user.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Accept All' }).click();
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

    // the Diet screen once online (its code and the meals are then in the page)
    await page.getByRole('navigation').getByRole('link', { name: 'Diet' }).click();
    const meal = page.getByRole('article').first();
    const mealName = ((await meal.getByRole('heading').textContent()) ?? '').trim();
    const mealCalories = Number(/(\d+) cal/.exec((await meal.textContent()) ?? '')![1]);
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: "Today's Progress" }).waitFor();

    // and the Add Set dialog's and the quick entry's code (without the service worker, which these
    // journeys block, a chunk not yet loaded cannot load offline; pwa.e2e.test.ts shows the precache doing that)
    const pushups = page.getByRole('region', { name: 'Push-ups', exact: true });
    await pushups.getByRole('button', { name: 'Log Push-ups' }).click();
    await page.getByRole('dialog', { name: 'Add Set' }).getByRole('button', { name: 'Cancel' }).click();
    const steps = page.getByRole('region', { name: 'Steps', exact: true });
    await steps.getByRole('button', { name: "Update today's steps" }).click();
    await steps.getByRole('button', { name: 'Cancel' }).click();

    await page.context().setOffline(true);
    await pushups.getByRole('button', { name: 'Log Push-ups' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Set' });
    await dialog.getByLabel('Push-ups in this set').fill('12');
    await dialog.getByRole('button', { name: 'Save Set' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Saved on This Phone', { exact: true }).first().waitFor();
    await steps.getByRole('button', { name: "Update today's steps" }).click();
    await steps.getByRole('button', { name: 'Add', exact: true }).click();
    await steps.getByLabel('Steps to add').fill('2500');
    await steps.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Diet' }).click();
    await page.getByRole('article').first().getByRole('button', { name: 'Add to My Meals' }).click();
    const waiting = page.getByRole('status').filter({ hasText: 'waiting for a connection' });
    await waiting.getByText('3 entries are waiting for a connection').waitFor();
    expect(await waiting.getByRole('listitem').allTextContents()).toEqual(['12 push-ups', 'Steps +2,500', mealName]);
    await screenshot(page, 'offline-waiting-390');

    // meanwhile another device fills the day: the kept meal no longer fits
    const other = await otherDevice(user.username, user.password);
    expect((await other('PATCH', '/api/progress/today', { caloriesConsumed: 500 - mealCalories + 1 }, timeZone)).status).toBe(200);

    await page.context().setOffline(false);
    await page.getByText('Not Saved', { exact: true }).waitFor();
    await page.getByText(`${mealName} was not saved: `, { exact: false }).first().waitFor();
    await waiting.waitFor({ state: 'detached' });

    const today = (await (await other('GET', '/api/progress/today', undefined, timeZone)).json()) as { pushups: number; steps: number; caloriesConsumed: number };
    expect(today).toMatchObject({ pushups: 12, steps: 2500, caloriesConsumed: 500 - mealCalories + 1 });
    const sets = (await (await other('GET', '/api/pushups/today', undefined, timeZone)).json()) as unknown[];
    expect(sets).toHaveLength(1);
    expect(errors.filter((e) => !/Failed to (load resource|fetch)|ERR_INTERNET_DISCONNECTED|status of 409/.test(e))).toEqual([]);
    await page.context().close();
  });
});
