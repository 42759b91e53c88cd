import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INITIAL_BUDGETS, initialAssets } from '../bench/initial-assets';

/**
 * DESIGN.md section 10 on the build `npm test` has just made: what /auth and / load before any
 * screen of their own stays within budget, and every other screen is a lazy chunk.
 */
describe('the built frontend', () => {
  const dist = path.resolve(process.env.E2E_STATIC_DIR ?? path.resolve(import.meta.dirname, '../frontend/dist'));
  const assets = initialAssets(dist);

  it(`loads at most ${INITIAL_BUDGETS.jsGzipBytes / 1024} KB of JavaScript and ${INITIAL_BUDGETS.cssGzipBytes / 1024} KB of CSS (gzip) on /auth and /`, () => {
    expect(assets.js[0]).toMatch(/^assets\/index-[\w-]+\.js$/);
    expect(assets.jsGzipBytes).toBeLessThanOrEqual(INITIAL_BUDGETS.jsGzipBytes);
    expect(assets.cssGzipBytes).toBeGreaterThan(0);
    expect(assets.cssGzipBytes).toBeLessThanOrEqual(INITIAL_BUDGETS.cssGzipBytes);
  });

  it(`serves each pre-rendered page in at most ${INITIAL_BUDGETS.htmlGzipBytes / 1024} KB of HTML (gzip), its critical CSS and inline script included`, () => {
    for (const [page, bytes] of Object.entries(assets.htmlGzipBytes)) {
      expect(bytes, page).toBeGreaterThan(1024);
      expect(bytes, page).toBeLessThanOrEqual(INITIAL_BUDGETS.htmlGzipBytes);
    }
  });

  it('is exactly what the built pages load in their <head> (the entry and its modulepreload links)', () => {
    for (const page of ['index.html', 'auth.html']) {
      const html = readFileSync(path.join(dist, page), 'utf8');
      const head = html.slice(0, html.indexOf('</head>'));
      const entry = [...head.matchAll(/<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>/g)].map((m) => m[1]!);
      const preload = [...head.matchAll(/<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+\.js)">/g)].map((m) => m[1]!);
      expect(entry).toHaveLength(1);
      expect([...entry, ...preload].sort()).toEqual([...assets.js].sort());
    }
  });

  it('splits every screen that is not on the first paint path into its own chunk', () => {
    const initial = assets.js.join(' ');
    for (const screen of ['settings-page', 'admin-page', 'checkout-page', 'diet-page', 'workout-page', 'stretching-page', 'feedback-page', 'subscription-page']) {
      expect(initial).not.toContain(screen);
    }
    expect(assets.lazyChunks).toBeGreaterThanOrEqual(15);
  });
});
