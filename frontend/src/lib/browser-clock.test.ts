import { afterEach, describe, expect, it, vi } from 'vitest';

/** browser-clock.ts reads `globalThis.Temporal` once, at import: each case imports a fresh copy. */
async function freshClock() {
  vi.resetModules();
  return import('./browser-clock');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('browser clock', () => {
  it('reads the zone and the day through Temporal where the browser has it, without an Intl formatter', async () => {
    const plainDateISO = vi.fn((zone?: string) => ({ toString: () => (zone === 'Asia/Kolkata' ? '2026-11-29' : 'wrong zone') }));
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Asia/Kolkata', plainDateISO } });
    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    const clock = await freshClock();
    expect(clock.zoneReadIsSlow()).toBe(false);
    expect(clock.browserTimeZone()).toBe('Asia/Kolkata');
    expect(clock.browserDay()).toBe('2026-11-29');
    expect(plainDateISO).toHaveBeenCalledWith('Asia/Kolkata');
    expect(formatter).not.toHaveBeenCalled();
  });

  it('falls back to Intl without Temporal: the same zone and the day in that zone', async () => {
    vi.stubGlobal('Temporal', undefined);
    const clock = await freshClock();
    expect(clock.zoneReadIsSlow()).toBe(true);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(clock.browserTimeZone()).toBe(zone);
    expect(clock.zoneReadIsSlow()).toBe(false);
    expect(clock.browserDay()).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()));
    expect(clock.browserDay()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('says it cannot tell when the runtime throws, instead of failing the request', async () => {
    vi.stubGlobal('Temporal', {
      Now: {
        timeZoneId: () => {
          throw new RangeError('no zone');
        },
        plainDateISO: () => {
          throw new RangeError('no zone');
        },
      },
    });
    const clock = await freshClock();
    expect(clock.browserTimeZone()).toBeUndefined();
    expect(clock.browserTimeZone()).toBeUndefined();
    expect(clock.browserDay()).toBeUndefined();
  });
});
