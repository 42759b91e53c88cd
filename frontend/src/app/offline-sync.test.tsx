import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProgressToday } from '@fittrack/functions/contract/tracking';
import { json, makeUser, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

/**
 * Logging with no connection (issue 18 point 2, decision 0105): a write that cannot reach the server
 * is kept on this phone with its Idempotency-Key, shown as waiting above the screen, and sent with
 * that key when the browser is back online; a refusal on sync is shown, then the entry is dropped.
 */
const TODAY = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const progress = (o: Partial<ProgressToday> = {}): ProgressToday => ({
  date: TODAY,
  steps: 0,
  caloriesConsumed: 0,
  pushups: 0,
  caloriesBurned: 0,
  lifetime: { steps: 0, pushups: 0, caloriesBurned: 0, daysTracked: 0 },
  ...o,
});

function network(patch: (key: string | null) => Response | 'offline') {
  const keys: (string | null)[] = [];
  let burned = 0;
  const fn = mockFetch({
    'GET /api/auth/me': () => json({ user: makeUser() }),
    'GET /api/progress/today': () => json(progress({ caloriesBurned: burned })),
    'GET /api/progress/history': () => json({ today: TODAY, days: [] }),
    'PATCH /api/progress/today': ({ headers, body }) => {
      keys.push(headers.get('Idempotency-Key'));
      const answer = patch(headers.get('Idempotency-Key'));
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      if (answer.ok) burned = (body as { caloriesBurned: number }).caloriesBurned;
      return answer;
    },
  });
  return { fn, keys };
}

async function logBurned(value: string) {
  const user = userEvent.setup();
  const burned = await screen.findByRole('region', { name: 'Calories Burned' });
  await user.click(within(burned).getByRole('button', { name: 'Update calories burned today' }));
  const input = await within(burned).findByLabelText('Calories burned today');
  await user.clear(input);
  await user.type(input, value);
  await user.click(within(burned).getByRole('button', { name: 'Save' }));
}

describe('logging with no connection', () => {
  it('keeps the entry with its key, shows it waiting, and sends it with the same key when back online', async () => {
    let online = false;
    const { keys } = network(() => (online ? json(progress({ caloriesBurned: 640 })) : 'offline'));
    renderApp('/');
    await logBurned('640');
    expect(await screen.findByText('Saved on This Phone')).toBeInTheDocument();
    const waiting = (await screen.findByText('1 entry is waiting for a connection')).closest<HTMLElement>('[role="status"]')!;
    expect(within(waiting).getByText('Calories burned set to 640')).toBeInTheDocument();
    const triedKey = keys[0];
    expect(triedKey).toMatch(/^[0-9a-f-]{36}$/);

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText('1 entry is waiting for a connection')).not.toBeInTheDocument());
    expect(keys.at(-1)).toBe(triedKey); // the same write, the same key: the server applies it once
    expect(await within(await screen.findByRole('region', { name: 'Calories Burned' })).findByText(/640/)).toBeInTheDocument();
  }, 20_000);

  it('a refusal on sync is shown to the person, and only then is the entry dropped', async () => {
    let online = false;
    network(() => (online ? json({ message: 'Your subscription has ended.' }, 403) : 'offline'));
    renderApp('/');
    await logBurned('300');
    await screen.findByText('1 entry is waiting for a connection');
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Not Saved')).toBeInTheDocument();
    expect(screen.getByText('Calories burned set to 300 was not saved: Your subscription has ended.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('1 entry is waiting for a connection')).not.toBeInTheDocument());
  }, 20_000);
});
