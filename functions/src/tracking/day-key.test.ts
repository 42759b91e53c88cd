import { describe, expect, it } from 'vitest';
import { addDays, dayKey, lastDays } from './day-key';

describe('dayKey', () => {
  it('gives Kiritimati (UTC+14) and Pago Pago (UTC-11) different days at the same instant', () => {
    const instant = new Date('2026-11-21T12:00:00Z');
    expect(dayKey(instant, 'Pacific/Kiritimati')).toBe('2026-11-22');
    expect(dayKey(instant, 'Pacific/Pago_Pago')).toBe('2026-11-21');
    expect(dayKey(new Date('2026-11-21T10:30:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-22'); // 00:30 next day
    expect(dayKey(new Date('2026-11-21T09:59:59Z'), 'Pacific/Kiritimati')).toBe('2026-11-21');
    expect(dayKey(new Date('2026-11-21T10:59:59Z'), 'Pacific/Pago_Pago')).toBe('2026-11-20'); // 23:59:59 the day before
  });

  it('switches at local midnight, not UTC midnight', () => {
    expect(dayKey(new Date('2026-01-15T04:59:59Z'), 'America/New_York')).toBe('2026-01-14');
    expect(dayKey(new Date('2026-01-15T05:00:00Z'), 'America/New_York')).toBe('2026-01-15');
    expect(dayKey(new Date('2026-01-14T23:30:00Z'), 'Asia/Kolkata')).toBe('2026-01-15'); // UTC+5:30
    expect(dayKey(new Date('2026-01-14T23:59:59.999Z'), 'UTC')).toBe('2026-01-14');
  });

  it('stays right across the spring-forward and fall-back changes (New York, Berlin, Lord Howe)', () => {
    // New York springs forward on 2026-03-08 at 02:00 EST (07:00Z): midnight is 05:00Z before, 04:00Z after.
    expect(dayKey(new Date('2026-03-08T04:59:59Z'), 'America/New_York')).toBe('2026-03-07');
    expect(dayKey(new Date('2026-03-08T05:00:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(dayKey(new Date('2026-03-09T03:59:59Z'), 'America/New_York')).toBe('2026-03-08'); // the 23-hour day
    expect(dayKey(new Date('2026-03-09T04:00:00Z'), 'America/New_York')).toBe('2026-03-09');
    // Falls back on 2026-11-01 at 02:00 EDT: 01:30 happens twice, both on Nov 1; the day lasts 25 hours.
    expect(dayKey(new Date('2026-11-01T05:30:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(dayKey(new Date('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(dayKey(new Date('2026-11-02T04:59:59Z'), 'America/New_York')).toBe('2026-11-01');
    expect(dayKey(new Date('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('2026-11-02');
    // Berlin: 2026-03-29 02:00 CET -> 03:00 CEST; midnight of the 30th is 22:00Z.
    expect(dayKey(new Date('2026-03-29T21:59:59Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(dayKey(new Date('2026-03-29T22:00:00Z'), 'Europe/Berlin')).toBe('2026-03-30');
    // Lord Howe shifts by 30 minutes (UTC+10:30 -> +11 on 2026-10-04).
    expect(dayKey(new Date('2026-10-04T12:59:59Z'), 'Australia/Lord_Howe')).toBe('2026-10-04');
    expect(dayKey(new Date('2026-10-04T13:00:00Z'), 'Australia/Lord_Howe')).toBe('2026-10-05');
  });
});

describe('calendar arithmetic', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(() => addDays('2026-3-1', 1)).toThrow();
  });

  it('lists the last N days oldest first, with no gap or repeat across a DST change', () => {
    expect(lastDays('2026-03-10', 4)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    expect(lastDays('2026-11-03', 3)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    const month = lastDays('2026-03-31', 30);
    expect(month).toHaveLength(30);
    expect(new Set(month).size).toBe(30);
    expect(month[0]).toBe('2026-03-02');
  });
});
