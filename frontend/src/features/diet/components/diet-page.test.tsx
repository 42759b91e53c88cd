import type { Meal } from '@fittrack/functions/contract/catalog';
import type { ProgressToday } from '@fittrack/functions/contract/tracking';
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
