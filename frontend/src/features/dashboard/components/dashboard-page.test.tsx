import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HistoryResponse, MealEntry, ProgressToday, PushupSet } from '@fittrack/functions/contract/tracking';
import { type Handler, json, makeUser, mockFetch, pending, requestsOf } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { REMINDER_DISMISSED_KEY } from './daily-reminder';
import { preloadProgressToday } from './dashboard-page';

const me = () => json({ user: makeUser() });
/** Today in the browser's zone, as the server would answer it. */
const TODAY = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const progress = (o: Partial<ProgressToday> = {}): ProgressToday => ({
  date: TODAY,
  steps: 12_500,
  caloriesConsumed: 120,
  pushups: 10,
  caloriesBurned: 250,
  lifetime: { steps: 812_345, pushups: 1234, caloriesBurned: 45_678, daysTracked: 42 },
  ...o,
});
const history = (stepsByDay: number[] = []): HistoryResponse => {
  const days = Array.from({ length: 30 }, (_, i) => {
    const [y, m, dd] = TODAY.split('-').map(Number) as [number, number, number];
    const d = new Date(Date.UTC(y, m - 1, dd - 29 + i));
    return { date: d.toISOString().slice(0, 10), steps: stepsByDay[i - (30 - stepsByDay.length)] ?? 0, caloriesConsumed: 0, pushups: 0, caloriesBurned: 0 };
  });
  return { today: TODAY, days };
};

function setup(handlers: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/auth/me': me,
    'GET /api/progress/today': () => json(progress()),
    'GET /api/progress/history': () => json(history()),
    ...handlers,
  });
}

describe('dashboard', () => {
  it("uses the figures asked for at start-up (beside the session check) instead of asking again", async () => {
    const fn = setup();
    preloadProgressToday();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 2, name: "Today's Progress" })).toBeInTheDocument();
    expect(requestsOf(fn).filter((r) => r.endsWith('/api/progress/today'))).toHaveLength(1);
  });

  it('drops a refused start-up request and asks again once the session is confirmed', async () => {
    let calls = 0;
    const fn = setup({ 'GET /api/progress/today': () => (++calls === 1 ? json({ message: 'An active subscription is required' }, 403) : json(progress())) });
    preloadProgressToday();
    await waitFor(() => expect(calls).toBe(1));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 2, name: "Today's Progress" })).toBeInTheDocument();
    expect(requestsOf(fn).filter((r) => r.endsWith('/api/progress/today'))).toHaveLength(2);
    expect(screen.queryByText("Today's progress is not available right now.")).not.toBeInTheDocument();
  });

  it("shows 'Loading dashboard...' until progress loads, then the four cards and Lifetime Stats", async () => {
    let resolve!: (r: Response) => void;
    setup({ 'GET /api/progress/today': () => new Promise<Response>((r) => (resolve = r)) });
    renderApp('/');
    expect(await screen.findByText('Loading dashboard...')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard...');
    await act(async () => resolve(json(progress())));
    expect(await screen.findByRole('heading', { level: 2, name: "Today's Progress" })).toBeInTheDocument();
    for (const title of ['Calories', 'Steps', 'Push-ups', 'Calories Burned']) expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    expect(screen.getByText('380 calories remaining')).toBeInTheDocument();
    expect(screen.getByText(`${(5_500).toLocaleString()} steps to go`)).toBeInTheDocument();
    expect(screen.getByText('10/40')).toBeInTheDocument();
    expect(screen.getByText(`${(750).toLocaleString()} calories to go`)).toBeInTheDocument();
    // below the fold, in its own chunk
    const lifetime = await screen.findByRole('region', { name: 'Lifetime Stats' });
    expect(within(lifetime).getByText((812_345).toLocaleString())).toBeInTheDocument();
    expect(within(lifetime).getByText((1234).toLocaleString())).toBeInTheDocument();
    expect(within(lifetime).getByText('42')).toBeInTheDocument();
  });

  it('serves /dashboard as the same screen', async () => {
    setup();
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 2, name: "Today's Progress" })).toBeInTheDocument();
  });

  it('keeps the page usable and logs (no toast) when progress cannot load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    setup({ 'GET /api/progress/today': () => (fail ? new Response('boom', { status: 500 }) : json(progress())) });
    renderApp('/');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('380 calories remaining')).toBeInTheDocument();
  });

  it('shows the Daily Reminder until dismissed, and remembers the dismissal for the day only', async () => {
    setup();
    const { unmount } = renderApp('/');
    const reminder = await screen.findByRole('complementary', { name: 'Daily Reminder' });
    expect(reminder).toHaveTextContent('Take one teaspoon of olive oil per day, not mineral oil.');
    await userEvent.setup().click(within(reminder).getByRole('button', { name: 'Dismiss daily reminder' }));
    expect(screen.queryByRole('complementary', { name: 'Daily Reminder' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(REMINDER_DISMISSED_KEY)).toBe(TODAY);
    unmount();
    renderApp('/');
    await screen.findByText('380 calories remaining');
    expect(screen.queryByRole('complementary', { name: 'Daily Reminder' })).not.toBeInTheDocument();
  });

  it('shows the reminder again on a new day', async () => {
    window.localStorage.setItem(REMINDER_DISMISSED_KEY, '2000-01-01');
    setup();
    renderApp('/');
    expect(await screen.findByRole('complementary', { name: 'Daily Reminder' })).toBeInTheDocument();
  });

  it('sets steps from the card (quick entry) and shows the new value', async () => {
    const fn = setup({ 'PATCH /api/progress/today': ({ body }) => json(progress({ steps: (body as { steps: number }).steps })) });
    renderApp('/');
    const user = userEvent.setup();
    const steps = await screen.findByRole('region', { name: 'Steps' });
    await user.click(within(steps).getByRole('button', { name: "Update today's steps" }));
    // the quick-entry form is its own chunk, loaded on request
    const input = await within(steps).findByLabelText("Today's steps");
    await waitFor(() => expect(input).toHaveFocus());
    await user.clear(input);
    await user.type(input, '19000');
    await user.click(within(steps).getByRole('button', { name: 'Save' }));
    expect(await within(steps).findByText('Daily goal reached!')).toBeInTheDocument();
    const patchCall = fn.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patchCall?.[1]?.body))).toEqual({ steps: 19_000 });
    expect(within(steps).getByRole('button', { name: "Update today's steps" })).toBeInTheDocument();
  });

  it('refuses an invalid quick entry without a request, and keeps what was typed when saving fails (only logged)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fn = setup({ 'PATCH /api/progress/today': () => new Response('broken', { status: 500 }) });
    renderApp('/');
    const user = userEvent.setup();
    const burned = await screen.findByRole('region', { name: 'Calories Burned' });
    await user.click(within(burned).getByRole('button', { name: 'Update calories burned today' }));
    const input = await within(burned).findByLabelText('Calories burned today');
    await user.clear(input);
    await user.type(input, '-4');
    await user.click(within(burned).getByRole('button', { name: 'Save' }));
    expect(within(burned).getByText(/whole number from 0 to/)).toBeInTheDocument();
    expect(requestsOf(fn).filter((r) => r.startsWith('PATCH'))).toEqual([]);
    await user.clear(input);
    await user.type(input, '640');
    await user.click(within(burned).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(within(burned).getByLabelText('Calories burned today')).toHaveValue(640);
    expect(within(burned).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
  });

  it('logs a push-up set from the Add Set dialog with an Idempotency-Key, sent again with the same key when the answer is lost', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let pushups = 10;
    let attempts = 0;
    const fn = setup({
      'GET /api/progress/today': () => json(progress({ pushups })),
      'GET /api/pushups/today': () => json([{ id: 'a', count: 10, createdAt: '2026-11-21T08:00:00Z' }]),
      'POST /api/pushups': ({ body }) => {
        attempts += 1;
        if (attempts === 1) return new Response('timeout', { status: 504 });
        pushups += (body as { count: number }).count;
        return json({ id: 'b', count: 15, createdAt: '2026-11-21T09:00:00Z' }, 201);
      },
    });
    renderApp('/');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Push-ups' });
    await user.click(within(card).getByRole('button', { name: 'Log Push-ups' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Set' });
    expect(await within(dialog).findByRole('list', { name: "Today's sets" })).toHaveTextContent('10');
    await user.click(within(dialog).getByRole('button', { name: '15' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Set' }));
    // The first answer is lost (504): the app sends it again with the same key (lib/write-once.ts), once applied.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Set' })).not.toBeInTheDocument());
    expect(attempts).toBe(2);
    expect(await within(card).findByText('25/40')).toBeInTheDocument();
    const posts = fn.mock.calls.filter(([input, init]) => String(input) === '/api/pushups' && init?.method === 'POST');
    const keys = posts.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ count: 15 });
    expect(requestsOf(fn).filter((r) => r === 'GET /api/progress/today')).toHaveLength(2);
  });

  it('refuses an out-of-range set in the dialog and closes on Cancel', async () => {
    const fn = setup({ 'GET /api/pushups/today': () => json([]) });
    renderApp('/');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Push-ups' });
    await user.click(within(card).getByRole('button', { name: 'Log Push-ups' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Set' });
    expect(await within(dialog).findByText('No sets yet today.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Push-ups in this set'), '1001');
    await user.click(within(dialog).getByRole('button', { name: 'Save Set' }));
    expect(within(dialog).getByText('Enter a whole number from 1 to 1000.')).toBeInTheDocument();
    expect(requestsOf(fn).some((r) => r.startsWith('POST'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Add Set' goes to /workout", async () => {
    setup();
    renderApp('/');
    const card = await screen.findByRole('region', { name: 'Push-ups' });
    await userEvent.setup().click(within(card).getByRole('link', { name: 'Add Set' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/workout'));
  });

  it('charts the last 7 days and shows the step streak', async () => {
    setup({ 'GET /api/progress/history': () => json(history([18_000, 0, 19_000, 18_500, 20_000, 500])) });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Last 7 Days' });
    expect(within(section).getByTestId('step-streak')).toHaveTextContent('Step streak: 3 days');
    const table = within(section).getByRole('table', { name: 'Steps, last 7 days' });
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Push-ups' }));
    expect(within(section).getByRole('button', { name: 'Push-ups' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(section).getByRole('table', { name: 'Push-ups, last 7 days' })).toBeInTheDocument();
  });

  it("keeps today's bar in step with today's progress after a quick entry", async () => {
    setup({
      'GET /api/progress/history': () => json(history([18_000, 0, 19_000, 18_500, 20_000, 500])),
      'PATCH /api/progress/today': () => json(progress({ steps: 21_000 })),
    });
    renderApp('/');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Last 7 Days' });
    const todayRow = () => within(within(section).getByRole('table')).getAllByRole('row').at(-1)!;
    expect(todayRow()).toHaveTextContent((12_500).toLocaleString()); // today's progress, not the history's 500
    const steps = screen.getByRole('region', { name: 'Steps' });
    await user.click(within(steps).getByRole('button', { name: "Update today's steps" }));
    await user.clear(await within(steps).findByLabelText("Today's steps"));
    await user.type(within(steps).getByLabelText("Today's steps"), '21000');
    await user.click(within(steps).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(todayRow()).toHaveTextContent((21_000).toLocaleString()));
    expect(within(section).getByTestId('step-streak')).toHaveTextContent('Step streak: 4 days');
  });

  it('reloads progress once when the cached day is older than the browser\'s day (app left open overnight)', async () => {
    const fn = setup({ 'GET /api/progress/today': () => json(progress({ date: '2000-01-01' })) });
    renderApp('/');
    await screen.findByText('380 calories remaining');
    await waitFor(() => expect(requestsOf(fn).filter((r) => r === 'GET /api/progress/today')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requestsOf(fn).filter((r) => r === 'GET /api/progress/today')).toHaveLength(2);
  });

  it('does not reload progress that is already for today', async () => {
    const fn = setup();
    renderApp('/');
    await screen.findByText('380 calories remaining');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requestsOf(fn).filter((r) => r === 'GET /api/progress/today')).toHaveLength(1);
  });

  it('does not block the cards while the history is loading', async () => {
    setup({ 'GET /api/progress/history': pending });
    renderApp('/');
    expect(await screen.findByText('380 calories remaining')).toBeInTheDocument();
  });

  it('adds steps from the card when Add is chosen, and keeps Set as it was', async () => {
    let steps = 12_500;
    const fn = setup({
      'PATCH /api/progress/today': ({ body }) => {
        const b = body as { steps?: number; addSteps?: number };
        steps = b.addSteps !== undefined ? steps + b.addSteps : b.steps!;
        return json(progress({ steps }));
      },
    });
    renderApp('/');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Steps' });
    await user.click(within(card).getByRole('button', { name: "Update today's steps" }));
    const mode = await within(card).findByRole('group', { name: 'Set or add' });
    expect(within(mode).getByRole('button', { name: 'Set' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(mode).getByRole('button', { name: 'Add' }));
    expect(within(mode).getByRole('button', { name: 'Add' })).toHaveAttribute('aria-pressed', 'true');
    const input = within(card).getByLabelText('Steps to add');
    expect(input).toHaveValue(null);
    expect(input).toHaveFocus();
    await user.type(input, '0');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(within(card).getByText(`Enter a whole number from 1 to ${(187_500).toLocaleString()}.`)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '6000');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Daily goal reached!')).toBeInTheDocument();
    expect(within(card).getByText((18_500).toLocaleString())).toBeInTheDocument();
    const patches = fn.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(patches).toEqual([{ addSteps: 6000 }]);
    // Set still sets: the field starts at today's value.
    await user.click(within(card).getByRole('button', { name: "Update today's steps" }));
    expect(await within(card).findByLabelText("Today's steps")).toHaveValue(18_500);
  });

  it("shows today's meals behind the Calories card (a disclosure), with Remove and Undo", async () => {
    let entries: MealEntry[] = [{ id: '01A', mealId: 'soup', name: 'Grilled Chicken', calories: 120, createdAt: '2026-11-21T08:00:00Z' }];
    const fn = setup({
      'GET /api/progress/today/meals': () => json(entries),
      'DELETE /api/progress/today/meals/01A': () => {
        entries = [];
        return json(progress({ caloriesConsumed: 0 }));
      },
      'POST /api/progress/today/meals': () => json(progress({ caloriesConsumed: 120 })),
    });
    renderApp('/');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Calories' });
    const toggle = within(card).getByRole('button', { name: "Today's meals" });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(requestsOf(fn)).not.toContain('GET /api/progress/today/meals'); // nothing loads until asked
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const list = await within(panel).findByRole('list', { name: "Today's meals" });
    await user.click(within(list).getByRole('button', { name: 'Remove Grilled Chicken' }));
    expect(await screen.findByText('Meal Removed')).toBeInTheDocument();
    expect(await within(card).findByText('500 calories remaining')).toBeInTheDocument();
    expect(await within(panel).findByText('No meals added today.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await within(card).findByText('380 calories remaining')).toBeInTheDocument();
    const posts = fn.mock.calls.filter(([input, init]) => String(input) === '/api/progress/today/meals' && init?.method === 'POST');
    expect(posts.map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([{ mealId: 'soup' }]);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it("lists today's push-up sets behind the Push-ups card; Delete subtracts the set, Undo logs it again", async () => {
    let sets: PushupSet[] = [
      { id: '01A', count: 12, createdAt: '2026-11-21T08:00:00Z' },
      { id: '01B', count: 8, createdAt: '2026-11-21T09:00:00Z' },
    ];
    let pushups = 20;
    const fn = setup({
      'GET /api/progress/today': () => json(progress({ pushups })),
      'GET /api/pushups/today': () => json(sets),
      'DELETE /api/pushups/01A': () => {
        sets = sets.filter((x) => x.id !== '01A');
        pushups -= 12;
        return json(progress({ pushups }));
      },
      'POST /api/pushups': ({ body }) => {
        const count = (body as { count: number }).count;
        pushups += count;
        const set = { id: '01C', count, createdAt: '2026-11-21T10:00:00Z' };
        sets = [...sets, set];
        return json(set, 201);
      },
    });
    renderApp('/');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Push-ups' });
    await user.click(within(card).getByRole('button', { name: "Today's push-up sets" }));
    const list = await screen.findByRole('list', { name: "Today's push-up sets" });
    expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual(['12 push-ups', '8 push-ups']);
    await user.click(within(list).getByRole('button', { name: /^Delete set of 12 push-ups/ }));
    expect(await screen.findByText('Set Deleted')).toBeInTheDocument();
    expect(requestsOf(fn)).toContain('DELETE /api/pushups/01A?count=12'); // the count the list shows: the server checks it (decision 0104)
    expect(await within(card).findByText('8/40')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(within(list).getByRole('button', { name: /^Delete set of 8 push-ups/ })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Set Restored')).toBeInTheDocument();
    expect(await within(card).findByText('20/40')).toBeInTheDocument();
    const post = fn.mock.calls.find(([input, init]) => String(input) === '/api/pushups' && init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ count: 12 });
    expect(new Headers(post[1]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await within(list).findByRole('button', { name: /^Delete set of 12 push-ups/ })).toBeInTheDocument();
  });
});
