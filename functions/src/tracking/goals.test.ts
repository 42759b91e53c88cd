import { describe, expect, it } from 'vitest';
import { GOALS, caloriesAfterRemoval, clampPercent, exceedsCalorieLimit, goalStatus, remainingTo, stepStreak } from '../contract/tracking-goals';

describe('goal arithmetic', () => {
  it('has the spec goals', () => {
    expect(GOALS).toEqual({ caloriesConsumed: 500, steps: 18_000, pushups: 40, caloriesBurned: 1000 });
  });

  it('clamps ring percentages to 0-100', () => {
    expect(clampPercent(0, 500)).toBe(0);
    expect(clampPercent(250, 500)).toBe(50);
    expect(clampPercent(500, 500)).toBe(100);
    expect(clampPercent(900, 500)).toBe(100);
    expect(clampPercent(-20, 500)).toBe(0);
    expect(clampPercent(Number.NaN, 500)).toBe(0);
    expect(clampPercent(Number.POSITIVE_INFINITY, 500)).toBe(0);
    expect(clampPercent(10, 0)).toBe(0);
  });

  it('counts what remains, never below zero', () => {
    expect(remainingTo(120, 500)).toBe(380);
    expect(remainingTo(500, 500)).toBe(0);
    expect(remainingTo(800, 500)).toBe(0);
    expect(remainingTo(-5, 500)).toBe(500);
  });

  it('reports each metric against its goal', () => {
    expect(goalStatus('steps', 17_999)).toEqual({ value: 17_999, goal: 18_000, percent: (17_999 / 18_000) * 100, remaining: 1, reached: false });
    expect(goalStatus('steps', 18_000)).toMatchObject({ remaining: 0, reached: true, percent: 100 });
    expect(goalStatus('pushups', 41)).toMatchObject({ remaining: 0, reached: true, percent: 100 });
    expect(goalStatus('caloriesBurned', 250)).toMatchObject({ remaining: 750, reached: false, percent: 25 });
    expect(goalStatus('caloriesConsumed', 0)).toMatchObject({ remaining: 500, reached: false, percent: 0 });
  });

  it('refuses only a meal that would go over 500', () => {
    expect(exceedsCalorieLimit(400, 100)).toBe(false);
    expect(exceedsCalorieLimit(401, 100)).toBe(true);
    expect(exceedsCalorieLimit(0, 501)).toBe(true);
    expect(exceedsCalorieLimit(500, 0)).toBe(false);
  });

  it('removes a meal entry\'s calories without going below zero', () => {
    expect(caloriesAfterRemoval(450, 100)).toBe(350);
    expect(caloriesAfterRemoval(100, 100)).toBe(0);
    expect(caloriesAfterRemoval(200, 450)).toBe(0); // a PATCH set the day lower than the entry
    expect(caloriesAfterRemoval(0, 0)).toBe(0);
  });

  it('counts the current step streak, letting today still be in progress', () => {
    const d = (steps: number) => ({ steps });
    expect(stepStreak([])).toEqual({ days: 0, capped: false });
    expect(stepStreak([d(18_000), d(0), d(20_000), d(18_000)])).toEqual({ days: 2, capped: false });
    expect(stepStreak([d(0), d(20_000), d(18_000), d(100)])).toEqual({ days: 2, capped: false }); // today not yet
    expect(stepStreak([d(18_000), d(18_000)])).toEqual({ days: 2, capped: true });
    expect(stepStreak([d(20_000), d(17_999), d(0)])).toEqual({ days: 0, capped: false });
  });
});
