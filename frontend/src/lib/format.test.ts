import { describe, expect, it } from 'vitest';
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
