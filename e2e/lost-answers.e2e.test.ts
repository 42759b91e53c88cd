import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './browser';
import { createUser, signInThroughForm } from './fixtures';

/**
 * Issue 18 point 2, the part that is built (decision 0105): a tracking write whose answer is lost
 * (the phone's signal drops after the server applied it) is sent again with the same
 * Idempotency-Key, and the server applies it once. The network is cut by route interception: the
 * request reaches the server, its answer never reaches the page.
 */
const chromium = useBrowser();
const base = baseUrl;

describe('a write whose answer was lost', () => {
  it('a meal add and a steps add are applied once though the page sends them twice', async () => {
    const user = await createUser({ subscribed: true, prefix: 'lost' });
    const { page, errors } = await chromium.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    await page.goto(`${base()}/auth`);
    await signInThroughForm(page, user.username, user.password);
    await page.waitForURL('**/dashboard');

    const sent: { path: string; key: string | undefined }[] = [];
    let dropped = 0;
    await page.route(/\/api\/progress\/today(\/meals)?$/, async (route) => {
      const req = route.request();
      if (req.method() === 'GET') return route.continue();
      sent.push({ path: new URL(req.url()).pathname, key: req.headers()['idempotency-key'] });
      if (dropped < 2 && sent.filter((s) => s.path === new URL(req.url()).pathname).length === 1) {
        dropped += 1;
        await route.fetch(); // the server applies it …
        return route.abort('internetdisconnected'); // … and the answer is lost
      }
      return route.continue();
    });

    await page.goto(`${base()}/diet`);
    await page.getByText('No meals added today.').waitFor();
    const firstMeal = page.getByRole('article').first();
    await firstMeal.getByRole('button', { name: 'Add to My Meals' }).click();
    await page.getByText('Meal Added', { exact: true }).waitFor();
    expect(await page.getByRole('list', { name: "Today's meals" }).getByRole('listitem').count()).toBe(1);

    // steps on the dashboard: Add 2,500, whose answer is lost too
    await page.goto(`${base()}/dashboard`);
    const steps = page.getByRole('region', { name: 'Steps', exact: true });
    await steps.getByRole('button', { name: "Update today's steps" }).click();
    await steps.getByRole('button', { name: 'Add', exact: true }).click();
    await steps.getByLabel('Steps to add').fill('2500');
    await steps.getByRole('button', { name: 'Save' }).click();
    await steps.getByText('2,500', { exact: true }).waitFor();

    const meals = sent.filter((s) => s.path === '/api/progress/today/meals');
    expect(meals).toHaveLength(2);
    expect(meals[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(meals[1]!.key).toBe(meals[0]!.key);

    const patches = sent.filter((s) => s.path === '/api/progress/today');
    expect(patches).toHaveLength(2);
    expect(patches[1]!.key).toBe(patches[0]!.key);
    expect(dropped).toBe(2);

    // the server's totals: once each
    const zone = { 'x-time-zone': await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone) };
    const today = (await (await page.request.get(`${base()}/api/progress/today`, { headers: zone })).json()) as { caloriesConsumed: number; steps: number };
    const entries = (await (await page.request.get(`${base()}/api/progress/today/meals`, { headers: zone })).json()) as { calories: number }[];
    expect(entries).toHaveLength(1);
    expect(today).toMatchObject({ steps: 2500, caloriesConsumed: entries[0]!.calories });
    expect(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await page.context().close();
  });
});
