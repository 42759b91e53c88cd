import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatLongDay, formatNumber, formatTimeOfDay, formatWeekday } from './format';

/** Every day of a leap year and the year after, as yyyy-mm-dd. */
const days = Array.from({ length: 731 }, (_, i) => new Date(Date.UTC(2028, 0, 1 + i, 12)).toISOString().slice(0, 10));

describe('format', () => {
  // jsdom's navigator.language is en-US: these take the fast path, and must read as Intl writes en-US
  it('writes whole numbers as Intl does in en-US, and any other number through Intl', () => {
    const en = new Intl.NumberFormat('en-US');
    for (const n of [0, 7, 999, 1000, 1234, 10000, 99999, 100000, 1234567, -1, -42, -1000, -1234567, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]) {
      expect(formatNumber(n)).toBe(en.format(n));
    }
    for (const n of [3.5, -0.25, 1234.5678, -0, 1e21, 2 ** 60]) expect(formatNumber(n)).toBe(en.format(n));
  });

  it('writes every calendar day and every minute of the day as Intl does in en-US', () => {
    const short = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });
    for (const day of days) {
      const date = new Date(`${day}T12:00:00Z`);
      expect(formatWeekday(day)).toBe(short.format(date));
      expect(formatLongDay(day)).toBe(long.format(date));
    }
    const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
    for (let minute = 0; minute < 24 * 60; minute++) {
      const at = new Date(2026, 11, 5, 0, minute);
      expect(formatTimeOfDay(at.toISOString())).toBe(time.format(at));
    }
    expect(formatTimeOfDay('not a date')).toBe('');
  });

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

describe('in another language than American English', () => {
  // each test imports a fresh module (no formatter made yet) in a German browser
  beforeEach(() => {
    vi.resetModules();
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
  });
  afterEach(() => vi.restoreAllMocks());

  it("formats through Intl, in the runtime's own locale", async () => {
    const { formatLongDay, formatNumber, formatTimeOfDay, formatWeekday } = await import('./format');
    const number = vi.spyOn(Intl, 'NumberFormat');
    for (const n of [0, 1234, 1234567, -42, 3.5]) expect(formatNumber(n)).toBe(n.toLocaleString());
    expect(number).toHaveBeenCalledTimes(1); // one shared formatter
    const date = new Date(Date.UTC(2026, 10, 16, 12));
    expect(formatWeekday('2026-11-16')).toBe(date.toLocaleDateString(undefined, { weekday: 'short', timeZone: 'UTC' }));
    expect(formatLongDay('2026-11-16')).toBe(date.toLocaleDateString(undefined, { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' }));
    expect(formatTimeOfDay(date.toISOString())).toBe(date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }));
  });

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

describe('in American English', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.restoreAllMocks());

  it('makes no Intl formatter: nothing is slow, and the first screens never load the locale data', async () => {
    const { formatLongDay, formatNumber, formatWeekday, makeDayFormatters, makeNumberFormatter } = await import('./format');
    const number = vi.spyOn(Intl, 'NumberFormat');
    const date = vi.spyOn(Intl, 'DateTimeFormat');
    expect(makeNumberFormatter()).toBe(false);
    expect(makeDayFormatters()).toBe(false);
    formatNumber(1234);
    formatWeekday('2026-11-16');
    formatLongDay('2026-11-16');
    expect(number).not.toHaveBeenCalled();
    expect(date).not.toHaveBeenCalled();
  });
});
