import type { Stretch } from '@fittrack/functions/contract/catalog';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeUser, mockFetch, requestsOf } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { resetStretchTimer } from '@/features/stretching/stretch-timer-store';

const stretches: Stretch[] = [
  { id: 's-1', name: 'Cat-Cow', description: 'Arch and round the spine.', imageUrl: '/images/stretches/cat-cow.svg' },
  { id: 's-2', name: 'Quad Stretch', description: 'Hold one ankle behind you.', imageUrl: '/images/stretches/quad.svg' },
];
const progress = { date: '2026-11-21', steps: 0, caloriesConsumed: 0, pushups: 0, caloriesBurned: 0, lifetime: { steps: 0, pushups: 0, caloriesBurned: 0, daysTracked: 0 } };

async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('Stretching', () => {
  afterEach(() => {
    vi.useRealTimers();
    resetStretchTimer();
  });

  it('runs the timer: start, pause, reset only while running, completion toast and progress reload', async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    Element.prototype.scrollIntoView = vi.fn();
    const fn = mockFetch({
      'GET /api/auth/me': () => json({ user: makeUser() }),
      'GET /api/stretches': () => json(stretches),
      'GET /api/progress/today': () => json(progress),
    });
    renderApp('/stretching');
    expect(await screen.findByRole('heading', { name: 'Stretching', level: 1 })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Quad Stretch' });
    // From here on the clock is fake (the lazy route has loaded with real timers).
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    await flush();
    expect(screen.getByText('Each stretch: 3:33')).toBeInTheDocument();
    const timer = screen.getByRole('timer', { name: 'Time remaining' });
    expect(timer).toHaveTextContent('3:33');
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await act(async () => void (await vi.advanceTimersByTimeAsync(5_000)));
    expect(timer).toHaveTextContent('3:28');
    expect(screen.getByRole('button', { name: 'Reset' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
    // Paused shows as such, in words, and the button resumes.
    expect(screen.getByText('Paused')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(20_000)));
    expect(timer).toHaveTextContent('3:28');

    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(screen.queryByText('Paused')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(timer).toHaveTextContent('3:33');
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();

    // 'Start Timer' on a stretch scrolls to the timer and starts it.
    const quad = screen.getByRole('heading', { name: 'Quad Stretch' }).closest('li')!;
    fireEvent.click(within(quad).getByRole('button', { name: 'Start Timer' }));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    expect(screen.getByText('Current stretch: Quad Stretch')).toBeInTheDocument();
    const before = requestsOf(fn).filter((r) => r === 'GET /api/progress/today').length;
    await act(async () => void (await vi.advanceTimersByTimeAsync(213_000)));
    expect(timer).toHaveTextContent('0:00');
    expect(screen.getByText('Stretch Completed! Great job! Move on to the next stretch or take a break.')).toHaveAttribute('aria-live', 'assertive');
    vi.useRealTimers(); // the toaster is a lazily loaded chunk
    expect(await screen.findByText('Stretch Completed!')).toBeInTheDocument();
    expect(screen.getByText('Great job! Move on to the next stretch or take a break.')).toBeInTheDocument();
    expect(vibrate).toHaveBeenCalledWith(200);
    expect(requestsOf(fn).filter((r) => r === 'GET /api/progress/today').length).toBe(before + 1);
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restart' }));
    expect(timer).toHaveTextContent('3:33');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('lists the recommended stretches with image, name and description', async () => {
    mockFetch({ 'GET /api/auth/me': () => json({ user: makeUser() }), 'GET /api/stretches': () => json(stretches) });
    renderApp('/stretching');
    expect(await screen.findByRole('heading', { name: 'Recommended Stretches' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Cat-Cow' })).toBeInTheDocument();
    expect(screen.getByText('Arch and round the spine.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cat-Cow' })).toHaveAttribute('loading', 'lazy');
  });

  it('keeps a running timer while the user visits another screen and comes back', async () => {
    mockFetch({
      'GET /api/auth/me': () => json({ user: makeUser() }),
      'GET /api/stretches': () => json(stretches),
      'GET /api/progress/today': () => json(progress),
      'GET /api/workouts': () => json([]),
    });
    Element.prototype.scrollIntoView = vi.fn();
    renderApp('/stretching');
    const quad = (await screen.findByRole('heading', { name: 'Quad Stretch' })).closest('li')!;
    fireEvent.click(within(quad).getByRole('button', { name: 'Start Timer' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Workout' }));
    expect(await screen.findByRole('heading', { name: 'Workout Plans', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).toBeNull();

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Stretching' }));
    const timer = await screen.findByRole('timer', { name: 'Time remaining' });
    // Still counting down (the first second passes on the real clock).
    await waitFor(() => expect(timer).toHaveTextContent('3:32'), { timeout: 3000 });
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.getByText('Current stretch: Quad Stretch')).toBeInTheDocument();
  });
});
