import type { Meal } from '@fittrack/functions/contract/catalog';
import type { MealEntry, ProgressToday } from '@fittrack/functions/contract/tracking';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, makeUser, mockFetch, requestsOf } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const meal = (id: string, category: Meal['category'], calories: number, restaurant?: string): Meal => ({
  id,
  name: `Meal ${id}`,
  description: `Description of ${id}`,
  calories,
  cost: '$2.50',
  imageUrl: `/images/meals/${id}.svg`,
  category,
  ...(restaurant ? { restaurant } : {}),
});

const progress = (caloriesConsumed: number): ProgressToday => ({
  date: '2026-11-21',
  steps: 0,
  caloriesConsumed,
  pushups: 0,
  caloriesBurned: 0,
  lifetime: { steps: 0, pushups: 0, caloriesBurned: 0, daysTracked: 1 },
});

const fullMenu = [
  meal('oats', 'Breakfast', 220),
  meal('soup', 'Homemade', 230),
  meal('burger', 'Fast Food', 250, "McDonald's"),
  meal('taco', 'Fast Food', 170, 'Taco Bell'),
  meal('omelette', 'Protein-Rich', 120),
  meal('salad', 'Vegetarian', 260),
  meal('popcorn', 'Snacks', 95),
  meal('miso', 'International', 80),
];

function setup(meals: Meal[], consumed = 0, extra: Parameters<typeof mockFetch>[0] = {}) {
  const fn = mockFetch({
    'GET /api/auth/me': () => json({ user: makeUser() }),
    'GET /api/meals': () => json(meals),
    'GET /api/progress/today': () => json(progress(consumed)),
    'GET /api/progress/today/meals': () => json([]),
    ...extra,
  });
  renderApp('/diet');
  return { fn, user: userEvent.setup() };
}

const TAB_NAMES = ['All Meals', 'Breakfast', 'Homemade', 'Fast Food', 'Protein-Rich', 'Vegetarian', 'Snacks', 'International'];

describe('Diet Plan', () => {
  it('shows the calorie limit card with progress and the 500-calorie note', async () => {
    setup(fullMenu, 125);
    expect(await screen.findByRole('heading', { name: 'Diet Plan' })).toBeInTheDocument();
    const bar = await screen.findByRole('progressbar', { name: 'Calories consumed today' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '125'));
    expect(bar).toHaveAttribute('aria-valuemax', '500');
    expect(screen.getByText('125 / 500 cal')).toBeInTheDocument();
    expect(screen.getByText('Consuming 500 calories or less daily for fastest results')).toBeInTheDocument();
  });

  it('has the eight category tabs and filters the meals by category', async () => {
    const { user } = setup(fullMenu);
    const tablist = await screen.findByRole('tablist', { name: 'Meal categories' });
    expect(within(tablist).getAllByRole('tab').map((t) => t.textContent)).toEqual(TAB_NAMES);
    await screen.findByRole('heading', { name: 'Meal oats' });
    expect(within(screen.getByRole('tabpanel', { name: 'All Meals' })).getAllByRole('article')).toHaveLength(8);
    await user.click(screen.getByRole('tab', { name: 'Snacks' }));
    const snacks = screen.getByRole('tabpanel', { name: 'Snacks' });
    expect(within(snacks).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Meal popcorn']);
    await user.click(screen.getByRole('tab', { name: 'International' }));
    expect(within(screen.getByRole('tabpanel', { name: 'International' })).getByText('Meal miso')).toBeInTheDocument();
  });

  it('shows name, calories, description, restaurant and estimated cost on each card', async () => {
    setup(fullMenu);
    const card = (await screen.findByRole('article', { name: 'Meal burger' })) as HTMLElement;
    expect(within(card).getByText('250 cal')).toBeInTheDocument();
    expect(within(card).getByText('Description of burger')).toBeInTheDocument();
    expect(within(card).getByText("McDonald's")).toBeInTheDocument();
    expect(within(card).getByText('Est. cost: $2.50')).toBeInTheDocument();
    const img = within(card).getByRole('img', { name: 'Meal burger' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '160');
    expect(img).toHaveAttribute('height', '120');
    expect(within(screen.getByRole('article', { name: 'Meal soup' })).queryByText("McDonald's")).toBeNull();
  });

  it('filters Fast Food by chain (restaurant name containing the chain) with its empty message', async () => {
    const { user } = setup([...fullMenu, meal('kfc', 'Fast Food', 115, 'KFC Express Downtown')]);
    await screen.findByRole('heading', { name: 'Meal oats' });
    await user.click(screen.getByRole('tab', { name: 'Fast Food' }));
    const panel = screen.getByRole('tabpanel', { name: 'Fast Food' });
    const select = within(panel).getByLabelText('Restaurant');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Restaurants',
      "McDonald's",
      'Subway',
      "Wendy's",
      'Chick-fil-A',
      'Taco Bell',
      'Burger King',
      'KFC',
      'Starbucks',
      'Chipotle',
    ]);
    expect(within(panel).getAllByRole('article')).toHaveLength(3);
    await user.selectOptions(select, 'KFC');
    expect(within(panel).getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(['kfc-name']);
    await user.selectOptions(select, 'Subway');
    expect(within(panel).queryAllByRole('article')).toHaveLength(0);
    expect(within(panel).getByText('No meals found for this restaurant.')).toBeInTheDocument();
    await user.selectOptions(select, 'All Restaurants');
    expect(within(panel).queryByText('No meals found for this restaurant.')).toBeNull();
  });

  it.each([
    ['Breakfast', 'No breakfast meals available.'],
    ['Protein-Rich', 'No protein-rich meals available.'],
    ['Vegetarian', 'No vegetarian meals available.'],
    ['Snacks', 'No snacks available.'],
    ['International', 'No international meals available.'],
  ])('shows the empty message of %s', async (tab, message) => {
    const { user } = setup(fullMenu.filter((m) => m.category !== tab));
    await screen.findByRole('heading', { name: 'Meal soup' });
    await user.click(screen.getByRole('tab', { name: tab }));
    expect(within(screen.getByRole('tabpanel', { name: tab })).getByText(message)).toBeInTheDocument();
  });

  it('shows nothing for an empty All Meals or Homemade tab', async () => {
    const { user } = setup([]);
    await screen.findByRole('tabpanel', { name: 'All Meals' });
    await waitFor(() => expect(screen.queryByText('Loading meals...')).toBeNull());
    expect(screen.getByRole('tabpanel', { name: 'All Meals' })).toBeEmptyDOMElement();
    await user.click(screen.getByRole('tab', { name: 'Homemade' }));
    expect(screen.getByRole('tabpanel', { name: 'Homemade' })).toBeEmptyDOMElement();
    await user.click(screen.getByRole('tab', { name: 'Snacks' }));
    expect(screen.getByText('No snacks available.')).toBeInTheDocument();
  });

  it("adds a meal: posts its id and toasts 'Meal Added' with its calories", async () => {
    const add = vi.fn(() => json(progress(250)));
    const { fn, user } = setup(fullMenu, 0, { 'POST /api/progress/today/meals': add });
    const card = await screen.findByRole('article', { name: 'Meal burger' });
    await waitFor(() => expect(requestsOf(fn)).toContain('GET /api/progress/today'));
    await user.click(within(card).getByRole('button', { name: 'Add to My Meals' }));
    expect(await screen.findByText('Meal Added')).toBeInTheDocument();
    expect(screen.getByText("Added 250 calories to today's total.")).toBeInTheDocument();
    expect(add).toHaveBeenCalledWith(expect.objectContaining({ body: { mealId: 'burger' } }));
    await waitFor(() => expect(screen.getByText('250 / 500 cal')).toBeInTheDocument());
  });

  it('refuses on the client when the meal would exceed 500 calories, without a request', async () => {
    const add = vi.fn(() => json(progress(999)));
    setup(fullMenu, 400, { 'POST /api/progress/today/meals': add });
    await screen.findByText('400 / 500 cal');
    await userEvent.setup().click(within(screen.getByRole('article', { name: 'Meal salad' })).getByRole('button', { name: 'Add to My Meals' }));
    expect(await screen.findByText('Daily Limit Exceeded')).toBeInTheDocument();
    expect(screen.getByText('Adding this meal would exceed your 500 calorie limit.')).toBeInTheDocument();
    expect(add).not.toHaveBeenCalled();
  });

  it('shows the limit toast when the server refuses with 409', async () => {
    setup(fullMenu, 0, {
      'POST /api/progress/today/meals': () => json({ message: 'Adding this meal would exceed your 500 calorie limit.' }, 409),
    });
    await screen.findByText('0 / 500 cal');
    await userEvent.setup().click(within(screen.getByRole('article', { name: 'Meal oats' })).getByRole('button', { name: 'Add to My Meals' }));
    expect(await screen.findByText('Daily Limit Exceeded')).toBeInTheDocument();
    expect(screen.queryByText('Meal Added')).toBeNull();
  });

  it('offers a retry when the meals cannot be loaded', async () => {
    let fail = true;
    setup([], 0, { 'GET /api/meals': () => (fail ? json({ message: 'down' }, 503) : json(fullMenu)) });
    expect(await screen.findByText('Meals could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Meal oats' })).toBeInTheDocument();
  });
});

const entry = (id: string, name: string, calories: number, mealId = `meal-${id}`): MealEntry => ({
  id,
  mealId,
  name,
  calories,
  createdAt: '2026-11-21T08:05:00.000Z',
});

describe("Today's meals (the diary you can correct)", () => {
  it('shows a loading state, then the empty text', async () => {
    let resolve!: (r: Response) => void;
    setup(fullMenu, 0, { 'GET /api/progress/today/meals': () => new Promise<Response>((r) => (resolve = r)) });
    const section = await screen.findByRole('region', { name: "Today's meals" });
    expect(within(section).getByRole('status')).toHaveTextContent("Loading today's meals...");
    resolve(json([]));
    expect(await within(section).findByText('No meals added today.')).toBeInTheDocument();
  });

  it('lists each entry with its calories and a Remove button named after the meal', async () => {
    setup(fullMenu, 350, { 'GET /api/progress/today/meals': () => json([entry('01A', 'Grilled Chicken', 250), entry('01B', 'Miso Soup', 100)]) });
    const list = await screen.findByRole('list', { name: "Today's meals" });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([expect.stringContaining('Grilled Chicken'), expect.stringContaining('Miso Soup')]);
    expect(within(items[0]!).getByText(/^250 cal · /)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Remove Grilled Chicken' })).toHaveTextContent('Remove');
    expect(within(list).getByRole('button', { name: 'Remove Miso Soup' })).toBeInTheDocument();
  });

  it('removes an entry: DELETE by id, the total and the list update, focus moves on, and Undo adds the same meal again', async () => {
    let entries = [entry('01A', 'Grilled Chicken', 250, 'burger'), entry('01B', 'Miso Soup', 80, 'miso')];
    const del = vi.fn(({ url }: { url: string }) => {
      const id = new URL(url, 'http://localhost').pathname.split('/').pop()!;
      entries = entries.filter((e) => e.id !== id);
      return json(progress(80));
    });
    const add = vi.fn(() => {
      entries = [...entries, entry('01C', 'Grilled Chicken', 250, 'burger')];
      return json(progress(330));
    });
    const { fn, user } = setup(fullMenu, 330, {
      'GET /api/progress/today/meals': () => json(entries),
      'DELETE /api/progress/today/meals/01A': del,
      'POST /api/progress/today/meals': add,
    });
    await screen.findByText('330 / 500 cal');
    const remove = await screen.findByRole('button', { name: 'Remove Grilled Chicken' });
    await user.click(remove);
    expect(await screen.findByText('Meal Removed')).toBeInTheDocument();
    expect(screen.getByText("Removed Grilled Chicken (250 calories) from today's total.")).toBeInTheDocument();
    expect(del).toHaveBeenCalledTimes(1);
    expect(requestsOf(fn)).toContain('DELETE /api/progress/today/meals/01A?calories=250'); // what the list shows: the server checks it (decision 0104)
    await waitFor(() => expect(screen.getByText('80 / 500 cal')).toBeInTheDocument());
    const list = screen.getByRole('list', { name: "Today's meals" });
    expect(within(list).queryByRole('button', { name: 'Remove Grilled Chicken' })).toBeNull();
    // keyboard users keep their place: focus is on the next entry's button
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Remove Miso Soup' })).toHaveFocus());

    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Meal Restored')).toBeInTheDocument();
    expect(add).toHaveBeenCalledWith(expect.objectContaining({ body: { mealId: 'burger' } }));
    await waitFor(() => expect(screen.getByText('330 / 500 cal')).toBeInTheDocument());
    expect(await within(list).findByRole('button', { name: 'Remove Grilled Chicken' })).toBeInTheDocument();
  });

  it('moves focus to the heading when the last entry is removed, and shows the empty text', async () => {
    let entries = [entry('01A', 'Grilled Chicken', 250)];
    const { user } = setup(fullMenu, 250, {
      'GET /api/progress/today/meals': () => json(entries),
      'DELETE /api/progress/today/meals/01A': () => {
        entries = [];
        return json(progress(0));
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Grilled Chicken' }));
    const section = screen.getByRole('region', { name: "Today's meals" });
    expect(await within(section).findByText('No meals added today.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByRole('heading', { name: "Today's meals" })).toHaveFocus());
  });

  it('an entry already removed elsewhere (404): says so, reloads the list, and nothing else changes', async () => {
    let entries = [entry('01A', 'Grilled Chicken', 250)];
    const { fn, user } = setup(fullMenu, 250, {
      'GET /api/progress/today/meals': () => json(entries),
      'DELETE /api/progress/today/meals/01A': () => {
        entries = [];
        return json({ message: 'Meal entry not found' }, 404);
      },
    });
    await screen.findByText('250 / 500 cal');
    await user.click(await screen.findByRole('button', { name: 'Remove Grilled Chicken' }));
    expect(await screen.findByText('Meal Not Removed')).toBeInTheDocument();
    expect(screen.getByText('Meal entry not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(await screen.findByText('No meals added today.')).toBeInTheDocument();
    expect(requestsOf(fn).filter((r) => r === 'GET /api/progress/today/meals')).toHaveLength(2);
  });

  it('Undo refused by the 500 kcal limit shows the limit toast', async () => {
    const { user } = setup(fullMenu, 450, {
      'GET /api/progress/today/meals': () => json([entry('01A', 'Grilled Chicken', 250, 'burger')]),
      'DELETE /api/progress/today/meals/01A': () => json(progress(200)),
      'POST /api/progress/today/meals': () => json({ message: 'Adding this meal would exceed your 500 calorie limit.' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Grilled Chicken' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Daily Limit Exceeded')).toBeInTheDocument();
  });

  it('adding a meal from the list shows it in Today\'s meals', async () => {
    let entries: MealEntry[] = [];
    const { user } = setup(fullMenu, 0, {
      'GET /api/progress/today/meals': () => json(entries),
      'POST /api/progress/today/meals': () => {
        entries = [entry('01A', 'Meal oats', 220, 'oats')];
        return json(progress(220));
      },
    });
    expect(await screen.findByText('No meals added today.')).toBeInTheDocument();
    await user.click(within(await screen.findByRole('article', { name: 'Meal oats' })).getByRole('button', { name: 'Add to My Meals' }));
    expect(await screen.findByRole('button', { name: 'Remove Meal oats' })).toBeInTheDocument();
  });
});
