import type { Workout } from '@fittrack/functions/contract/catalog';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, makeUser, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const w = (id: string, category: Workout['category'], jointImpact: Workout['jointImpact'] = 'low', effectiveness = 7): Workout => ({
  id,
  name: `Workout ${id}`,
  description: `About ${id}`,
  duration: 20,
  level: 'Beginner',
  imageUrl: `/images/workouts/${id}.svg`,
  ...(category ? { category } : {}),
  jointImpact,
  effectiveness,
});

const workouts = [w('walk', 'Cardio', 'very low', 8), w('swim', 'Cardio'), w('squat', 'Strength', 'medium'), w('yoga', 'Flexibility'), w('swing', 'Functional', 'high', 9), w('dance', undefined)];

function setup(list = workouts) {
  mockFetch({ 'GET /api/auth/me': () => json({ user: makeUser() }), 'GET /api/workouts': () => json(list) });
  renderApp('/workout');
}

describe('Workout Plans', () => {
  it('groups workouts under the four categories with the joint-impact note, then Other Workouts', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Cardio Workouts' });
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Cardio Workouts',
      'Strength Workouts',
      'Flexibility Workouts',
      'Functional Workouts',
      'Other Workouts',
    ]);
    expect(screen.getAllByText('Focus on low joint impact with maximum effectiveness')).toHaveLength(4);
    const cardio = screen.getByRole('region', { name: 'Cardio Workouts' });
    expect(within(cardio).getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual(['Workout walk', 'Workout swim']);
    expect(within(screen.getByRole('region', { name: 'Other Workouts' })).getByText('Workout dance')).toBeInTheDocument();
  });

  it('shows image, name, badge, duration, description, joint impact in words and stars with a label', async () => {
    setup();
    const card = await screen.findByRole('article', { name: 'Workout swing' });
    expect(within(card).getByRole('img', { name: 'Workout swing' })).toHaveAttribute('loading', 'lazy');
    expect(within(card).getByText('Functional')).toBeInTheDocument();
    expect(within(card).getByText(/20 min/)).toBeInTheDocument();
    expect(within(card).getByText('About swing')).toBeInTheDocument();
    expect(within(card).getByText('high')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Effectiveness: 9 out of 10' })).toBeInTheDocument();
    // A workout without a category has no badge.
    const dance = screen.getByRole('article', { name: 'Workout dance' });
    expect(within(dance).queryByText('Cardio')).toBeNull();
  });

  it("'View Workout' toasts 'Workout Selected'", async () => {
    setup();
    const card = await screen.findByRole('article', { name: 'Workout yoga' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'View Workout' }));
    expect(await screen.findByText('Workout Selected')).toBeInTheDocument();
    expect(screen.getByText('Starting Workout yoga workout.')).toBeInTheDocument();
  });

  it('hides empty groups and Other Workouts when every workout has a category', async () => {
    setup([w('walk', 'Cardio')]);
    await screen.findByRole('heading', { name: 'Cardio Workouts' });
    expect(screen.queryByRole('heading', { name: 'Strength Workouts' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Other Workouts' })).toBeNull();
  });

  it('says so when there are no workouts', async () => {
    setup([]);
    expect(await screen.findByText('No workouts available yet.')).toBeInTheDocument();
  });
});

describe('joint-impact tooltip', () => {
  it('opens after the 700 ms hover delay', async () => {
    // jsdom has no ResizeObserver, which the tooltip's positioning uses.
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    setup();
    const [info] = await screen.findAllByRole('button', { name: 'About joint impact' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.pointerMove(info!, { pointerType: 'mouse' });
      act(() => void vi.advanceTimersByTime(650));
      expect(screen.queryByRole('tooltip')).toBeNull();
      act(() => void vi.advanceTimersByTime(100));
      expect(screen.getByRole('tooltip')).toHaveTextContent('Joint impact is how much stress a workout puts on knees, hips and ankles.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens the next tooltip at once within the 300 ms skip delay', async () => {
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    setup();
    const [first, second] = await screen.findAllByRole('button', { name: 'About joint impact' });
    expect(second).toBeDefined();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.pointerMove(first!, { pointerType: 'mouse' });
      act(() => void vi.advanceTimersByTime(750));
      expect(screen.getByRole('tooltip')).toBeInTheDocument();
      fireEvent.pointerOut(first!, { pointerType: 'mouse' }); // React's onPointerLeave listens to pointerout
      act(() => void vi.advanceTimersByTime(100)); // within the skip delay
      fireEvent.pointerMove(second!, { pointerType: 'mouse' });
      act(() => void vi.advanceTimersByTime(10));
      expect(first).toHaveAttribute('data-state', 'closed');
      expect(second).toHaveAttribute('data-state', 'instant-open');
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens on a tap or click (no hover on a phone) and on keyboard focus; Escape closes it', async () => {
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    setup();
    const [info] = await screen.findAllByRole('button', { name: 'About joint impact' });
    // A tap: pointerdown (touch), then click. Radix alone would close the tooltip on it.
    fireEvent.pointerDown(info!, { pointerType: 'touch' });
    fireEvent.click(info!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Joint impact is how much stress');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    // Keyboard: Enter on the focused button opens it too.
    const user = userEvent.setup();
    info!.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
  });
});
