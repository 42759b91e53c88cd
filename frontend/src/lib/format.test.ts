import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatLongDay, formatNumber, formatWeekday } from './format';

describe('format', () => {
  it('formats numbers like toLocaleString, with one shared formatter', () => {
    for (const n of [0, 7, 1234, 10000, 1234567, -42, 3.5]) expect(formatNumber(n)).toBe(n.toLocaleString());
  });

  it('formats a calendar day like toLocaleDateString at midday UTC, whatever the zone', () => {
    expect(formatWeekday('2026-11-16')).toBe(new Date(Date.UTC(2026, 10, 16, 12)).toLocaleDateString(undefined, { weekday: 'short', timeZone: 'UTC' }));
    expect(formatLongDay('2026-11-16')).toBe(
      new Date(Date.UTC(2026, 10, 16, 12)).toLocaleDateString(undefined, { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' }),
    );
    expect(formatWeekday('2026-01-01')).not.toBe(formatWeekday('2026-01-02'));
  });
});

describe('makeNumberFormatter and makeDayFormatters', () => {
  // each test imports a fresh module: no formatter made yet
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.restoreAllMocks());

  it('make the formatters at once and say when that was slow (the locale data loaded)', async () => {
    const { makeDayFormatters } = await import('./format');
    const number = vi.spyOn(Intl, 'NumberFormat');
    const date = vi.spyOn(Intl, 'DateTimeFormat');
    vi.spyOn(performance, 'now').mockReturnValueOnce(100).mockReturnValueOnce(130);
    expect(makeDayFormatters()).toBe(true);
    expect(number).toHaveBeenCalledTimes(1);
    expect(date).toHaveBeenCalledTimes(2);
  });

  it('say nothing was slow when the formatters were quick to make or already made, and keep them', async () => {
    const { formatNumber, makeNumberFormatter } = await import('./format');
    vi.spyOn(performance, 'now').mockReturnValueOnce(100).mockReturnValueOnce(101);
    expect(makeNumberFormatter()).toBe(false);
    const number = vi.spyOn(Intl, 'NumberFormat');
    expect(makeNumberFormatter()).toBe(false);
    expect(number).not.toHaveBeenCalled();
    expect(formatNumber(1234)).toBe((1234).toLocaleString());
  });
});
