import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot, useBrowser } from './browser';
import { createUser } from './fixtures';

const base = baseUrl;
const chromium = useBrowser();

type Account = { username: string; password: string };

async function signedInPage(timezoneId: string, account?: Account): Promise<{ page: Page; errors: string[]; account: Account }> {
  const { username, password } = account ?? (await createUser({ subscribed: true, prefix: 'track' }));
  const { page, errors } = await chromium.newPage({ viewport: { width: 390, height: 844 }, timezoneId, locale: 'en-US' });
  page.setDefaultTimeout(10_000);
  await page.goto(`${base()}/auth`);
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Username').fill(username);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  return { page, errors, account: { username, password } };
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function expectNoAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('daily tracking journey', () => {
  it('logs a push-up set, sets steps, adds meals until the limit, and sees it all after a reload', async () => {
    const { page, errors, account } = await signedInPage('Pacific/Kiritimati');
    try {
      await journey(page, errors);
    } catch (error) {
      console.log('console errors:', errors, String(error));
      await Promise.race([screenshot(page, 'tracking-failure'), new Promise((r) => setTimeout(r, 5000))]);
      throw error;
    }

    // The same account in Pago Pago (UTC-11) at the same instant is on another calendar day:
    // nothing of Kiritimati's day shows there, but the lifetime totals do.
    const other = await signedInPage('Pacific/Pago_Pago', account);
    await card(other.page, 'Steps').getByText('18,000 steps to go').waitFor();
    await expect(card(other.page, 'Push-ups').getByText('0/40').isVisible()).resolves.toBe(true);
    await expect(card(other.page, 'Calories').getByText('500 calories remaining').isVisible()).resolves.toBe(true);
    // Lifetime Stats is below the fold, in its own chunk: it may come a moment after the cards
    await other.page.getByRole('region', { name: 'Lifetime Stats' }).getByText('19,250').waitFor();
    await screenshot(other.page, 'tracking-dashboard-pago-pago');
    expect(other.errors).toEqual([]);
  });
});

describe('the diary you can correct', () => {
  it('removes a meal and undoes it, deletes a push-up set and undoes it, and adds steps, at 320 px', async () => {
    const { page, errors } = await signedInPage('UTC');
    try {
      await page.setViewportSize({ width: 320, height: 720 });
      await page.getByRole('heading', { name: "Today's Progress" }).waitFor();
      await page.getByRole('button', { name: 'Accept All' }).click();

      // Steps: Set, then Add.
      const steps = card(page, 'Steps');
      await steps.getByRole('button', { name: "Update today's steps" }).click();
      await steps.getByLabel("Today's steps").fill('1000');
      await steps.getByRole('button', { name: 'Save' }).click();
      await steps.getByText('17,000 steps to go').waitFor();
      await steps.getByRole('button', { name: "Update today's steps" }).click();
      await steps.getByRole('button', { name: 'Add', exact: true }).click();
      await steps.getByLabel('Steps to add').fill('2500');
      await screenshot(page, 'diary-steps-add');
      await steps.getByRole('button', { name: 'Save' }).click();
      await steps.getByText('3,500', { exact: true }).waitFor();

      // Two push-up sets, then delete the first one from the Sets list and undo it.
      for (const n of ['12', '8']) {
        await card(page, 'Push-ups').getByRole('button', { name: 'Log Push-ups' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add Set' });
        await dialog.getByLabel('Push-ups in this set').fill(n);
        await dialog.getByRole('button', { name: 'Save Set' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
      await card(page, 'Push-ups').getByText('20/40').waitFor();
      await card(page, 'Push-ups').getByRole('button', { name: "Today's push-up sets" }).click();
      const sets = page.getByRole('list', { name: "Today's push-up sets" });
      await sets.getByRole('button', { name: /^Delete set of 12 push-ups/ }).click();
      await page.getByText('Set Deleted', { exact: true }).waitFor();
      await card(page, 'Push-ups').getByText('8/40').waitFor();
      await expect(sets.getByRole('listitem').count()).resolves.toBe(1);
      await expect(page.getByRole('region', { name: 'Lifetime Stats' }).getByText('8', { exact: true }).isVisible()).resolves.toBe(true);
      await screenshot(page, 'diary-set-deleted');
      await page.getByRole('button', { name: 'Undo' }).click();
      await card(page, 'Push-ups').getByText('20/40').waitFor();
      await sets.getByRole('button', { name: /^Delete set of 12 push-ups/ }).waitFor();

      // A meal from the Diet page, removed from Today's meals and brought back with Undo.
      await page.goto(`${base()}/diet`);
      await page.getByText('No meals added today.').waitFor();
      const firstMeal = page.getByRole('article').first();
      const name = (await firstMeal.getByRole('heading').textContent()) ?? '';
      await firstMeal.getByRole('button', { name: 'Add to My Meals' }).click();
      await page.getByText('Meal Added', { exact: true }).waitFor();
      const meals = page.getByRole('list', { name: "Today's meals" });
      const remove = meals.getByRole('button', { name: `Remove ${name}` });
      await remove.waitFor();
      const calories = Number(/(\d+) \/ 500 cal/.exec((await page.getByText(/ \/ 500 cal$/).textContent()) ?? '')?.[1]);
      expect(calories).toBeGreaterThan(0);
      await remove.click();
      await page.getByText('Meal Removed', { exact: true }).waitFor();
      await page.getByText('0 / 500 cal').waitFor();
      await page.getByText('No meals added today.').waitFor();
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Today's meals");
      await page.getByRole('button', { name: 'Undo' }).click();
      await page.getByText('Meal Restored', { exact: true }).waitFor();
      await page.getByText(`${calories} / 500 cal`).waitFor();
      await remove.waitFor();
      await expectNoAxeViolations(page);
      // The dashboard shows the same meals behind the Calories card.
      await page.goto(`${base()}/`);
      await card(page, 'Calories').getByRole('button', { name: "Today's meals" }).click();
      await page.getByRole('list', { name: "Today's meals" }).getByRole('button', { name: `Remove ${name}` }).waitFor();
      await card(page, 'Push-ups').getByRole('button', { name: "Today's push-up sets" }).click();
      await page.getByRole('list', { name: "Today's push-up sets" }).waitFor();
      await card(page, 'Steps').getByRole('button', { name: "Update today's steps" }).click();
      await card(page, 'Steps').getByRole('button', { name: 'Add', exact: true }).click();
      await expectNoAxeViolations(page);
      // 320 px wide with both lists open and the steps entry in Add mode: nothing overflows.
      // (The Diet page's tab list is wider than 320 px already on main: not judged here.)
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
          .map((el) => `${el.tagName}.${el.className.toString().slice(0, 60)}`),
      );
      expect(wide, 'elements wider than the 320 px viewport').toEqual([]);
      await screenshot(page, 'diary-dashboard-320');
      expect(errors).toEqual([]);
    } catch (error) {
      console.log('console errors:', errors, String(error));
      await Promise.race([screenshot(page, 'diary-failure'), new Promise((r) => setTimeout(r, 5000))]);
      throw error;
    }
  });
});

async function journey(page: Page, errors: string[]) {
  {

    // The dashboard: reminder, four cards at zero, lifetime stats, history.
    await page.getByRole('heading', { name: "Today's Progress" }).waitFor();
    await page.getByRole('button', { name: 'Accept All' }).click();
    await page.getByRole('button', { name: 'Close notification' }).click();
    await page.getByText('Take one teaspoon of olive oil per day, not mineral oil.').waitFor();
    await expect(card(page, 'Calories').getByText('500 calories remaining').isVisible()).resolves.toBe(true);
    await expect(card(page, 'Steps').getByText('18,000 steps to go').isVisible()).resolves.toBe(true);
    await expect(card(page, 'Calories Burned').getByText('1,000 calories to go').isVisible()).resolves.toBe(true);
    await page.getByRole('region', { name: 'Last 7 Days' }).waitFor();
    await screenshot(page, 'tracking-dashboard-empty');
    await expectNoAxeViolations(page);

    // Log a push-up set from the dialog.
    await card(page, 'Push-ups').getByRole('button', { name: 'Log Push-ups' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Set' });
    await dialog.getByText('No sets yet today.').waitFor();
    await dialog.getByLabel('Push-ups in this set').fill('12');
    await screenshot(page, 'tracking-add-set-dialog');
    await dialog.getByRole('button', { name: 'Save Set' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card(page, 'Push-ups').getByText('12/40').waitFor();

    // Set steps from the card.
    await card(page, 'Steps').getByRole('button', { name: "Update today's steps" }).click();
    await card(page, 'Steps').getByLabel("Today's steps").fill('19250');
    await screenshot(page, 'tracking-steps-entry');
    await card(page, 'Steps').getByRole('button', { name: 'Save' }).click();
    await card(page, 'Steps').getByText('19,250').waitFor();
    await card(page, 'Steps').getByText('Daily goal reached!').waitFor();
    await page.getByTestId('step-streak').getByText('1 day').waitFor();

    // Calories burned.
    await card(page, 'Calories Burned').getByRole('button', { name: 'Update calories burned today' }).click();
    await card(page, 'Calories Burned').getByLabel('Calories burned today').fill('300');
    await card(page, 'Calories Burned').getByRole('button', { name: 'Save' }).click();
    await card(page, 'Calories Burned').getByText('700 calories to go').waitFor();

    // 'Add Set' goes to /workout.
    await card(page, 'Push-ups').getByRole('link', { name: 'Add Set' }).click();
    await page.waitForURL('**/workout');

    // Add meals on the Diet screen until the limit toast appears.
    await page.goto(`${base()}/diet`);
    const addButtons = page.getByRole('button', { name: 'Add to My Meals' });
    await addButtons.first().waitFor();
    let consumed = 0;
    let limitShown = false;
    const added = page.getByText(/^Added \d+ calories to today's total\.$/);
    const refused = page.getByText('Daily Limit Exceeded', { exact: true });
    for (let i = 0; i < 12 && !limitShown; i += 1) {
      await addButtons.first().click();
      await added.or(refused).first().waitFor();
      if (await refused.count()) {
        await page.getByText('Adding this meal would exceed your 500 calorie limit.', { exact: true }).waitFor();
        limitShown = true;
      } else {
        const calories = Number(/Added (\d+) calories/.exec((await added.first().textContent()) ?? '')?.[1]);
        expect(calories).toBeGreaterThan(0);
        consumed += calories;
        await page.getByRole('button', { name: 'Close notification' }).first().click();
        await expect.poll(() => added.count(), { timeout: 5000 }).toBe(0);
      }
    }
    expect(limitShown).toBe(true);
    expect(consumed).toBeGreaterThan(0);
    expect(consumed).toBeLessThanOrEqual(500);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300); // the toast's 150 ms entry animation
    // A viewport shot (the long Diet page as a full-page shot stalls headless Chromium here).
    await page.screenshot({ path: path.resolve(import.meta.dirname, 'screenshots/tracking-diet-limit-toast.png'), timeout: 10_000 });

    // After a reload the dashboard shows what was recorded.
    await page.goto(`${base()}/`);
    await page.reload();
    await card(page, 'Calories').getByText(`${consumed}/500`).waitFor();
    await expect(card(page, 'Push-ups').getByText('12/40').isVisible()).resolves.toBe(true);
    await expect(card(page, 'Steps').getByText('19,250').isVisible()).resolves.toBe(true);
    await expect(card(page, 'Calories Burned').getByText('300', { exact: true }).isVisible()).resolves.toBe(true);
    const lifetime = page.getByRole('region', { name: 'Lifetime Stats' });
    await lifetime.getByText('19,250').waitFor();
    await expect(lifetime.getByText('12', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(card(page, 'Steps').getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('100');

    // Dismiss the reminder: it stays dismissed after a reload (for today).
    await page.getByRole('button', { name: 'Dismiss daily reminder' }).click();
    await page.reload();
    await card(page, 'Calories').waitFor();
    await expect(page.getByText('Daily Reminder').count()).resolves.toBe(0);
    await page.getByRole('region', { name: 'Last 7 Days' }).waitFor();
    await screenshot(page, 'tracking-dashboard-after-reload');
    await expectNoAxeViolations(page);

    // The narrowest phones: nothing overflows the cards.
    await page.setViewportSize({ width: 320, height: 720 });
    await card(page, 'Calories Burned').getByRole('button', { name: 'Update calories burned today' }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(overflow).toBe(false);
    await screenshot(page, 'tracking-dashboard-320');

    expect(errors).toEqual([]);
  }
}
