import { renderHook, waitFor } from '@testing-library/react';
import type { HistoryResponse, ProgressToday } from '@fittrack/functions/contract/tracking';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as BrowserClock from '@/lib/browser-clock';
import type * as Format from '@/lib/format';
import { json, mockFetch } from '@/test/fetch-mock';

// When making the page's first formatter is slow (the browser loads its locale data), today's
// progress and the history are handed to SWR, which renders them in the same task, only in a
// later task: the render that formats them is then a task of its own (lib/format.ts, madeSlowly).
const formatters = vi.hoisted(() => ({ slow: false, made: [] as string[] }));
vi.mock('@/lib/format', async (importOriginal) => ({
  ...(await importOriginal<typeof Format>()),
  makeNumberFormatter: () => (formatters.made.push('number'), formatters.slow),
  makeDayFormatters: () => (formatters.made.push('days'), formatters.slow),
}));
// (the API client's own wait for a later task, taken when reading the time zone is slow, is not this one)
vi.mock('@/lib/browser-clock', async (importOriginal) => ({ ...(await importOriginal<typeof BrowserClock>()), zoneReadIsSlow: () => false }));
const later = vi.hoisted(() => ({ release: [] as (() => void)[] }));
vi.mock('@/lib/next-task', () => ({ nextTask: () => new Promise<void>((resolve) => later.release.push(resolve)) }));

const { useProgressToday } = await import('./get-progress-today');
const { useProgressHistory } = await import('./get-progress-history');

const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
const day = { date: '2026-11-29', steps: 1234, caloriesConsumed: 0, pushups: 0, caloriesBurned: 0 };
const today: ProgressToday = { ...day, lifetime: { steps: 1234, pushups: 0, caloriesBurned: 0, daysTracked: 1 } };
const history: HistoryResponse = { today: day.date, days: [day] };

afterEach(() => {
  formatters.made = [];
  later.release = [];
});

describe.each([
  ['today', (): { data?: unknown } => useProgressToday(), 'GET /api/progress/today', today, 'number'],
  ['the history', (): { data?: unknown } => useProgressHistory(30), 'GET /api/progress/history', history, 'days'],
] as const)('%s', (_, hook, route, answer, made) => {
  it('is handed over in a later task when its formatters were slow to make', async () => {
    formatters.slow = true;
    mockFetch({ [route]: () => json(answer) });
    const { result } = renderHook(hook, { wrapper });
    await waitFor(() => expect(later.release).toHaveLength(1));
    expect(formatters.made).toEqual([made]); // made before the hand-over, in the answer's task
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current.data).toBeUndefined();
    later.release[0]!();
    await waitFor(() => expect(result.current.data).toEqual(answer));
  });

  it('is handed over at once when they were quick to make', async () => {
    formatters.slow = false;
    mockFetch({ [route]: () => json(answer) });
    const { result } = renderHook(hook, { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(answer));
    expect(later.release).toHaveLength(0);
    expect(formatters.made).toEqual([made]);
  });
});
