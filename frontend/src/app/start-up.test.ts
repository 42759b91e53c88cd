import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * A module's top level runs when its chunk loads: the entry's on every page load before the first
 * render, a screen's when it opens. A page's first Intl formatter costs 15–45 ms on a phone while
 * the browser loads its locale data (docs/performance.md piece 4), so no module makes one at
 * import: formatters are made on first use (lib/format.ts `once`). A top-level
 * `new Intl.NumberFormat` in the dashboard's PATCH module once cost every page about 35 ms of main
 * thread at 4x CPU slowdown.
 */
describe('start-up', () => {
  afterEach(() => vi.restoreAllMocks());

  it('no module of the app makes an Intl formatter at import', async () => {
    vi.resetModules();
    const made: string[] = [];
    for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Collator'] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => unknown;
      vi.spyOn(Intl, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
        made.push(name);
        return new Original(...args);
      } as never);
    }
    // every source module but the two entries (main.tsx renders into the page, prerender.tsx is the build's)
    const modules = import.meta.glob(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/test/**', '!/src/main.tsx', '!/src/prerender.tsx']);
    expect(Object.keys(modules).length).toBeGreaterThan(100);
    for (const [file, load] of Object.entries(modules)) {
      await load();
      expect(made, file).toEqual([]);
    }
  });
});
