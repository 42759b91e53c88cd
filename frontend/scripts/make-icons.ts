import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

/**
 * Draws the brand mark's icons with the system Chromium: the install icons of the web app manifest
 * (public/manifest.webmanifest), 192 and 512 px "any" icons (the mark's own rounded square) and a
 * 512 px maskable one (full-bleed brand green, the mark inside the 80 % safe zone), the Apple touch
 * icon and the 48 px favicon of index.html. The favicon is a PNG, not an SVG: Chromium fetches and
 * decodes the page's favicon in the page's renderer, and an SVG image is a whole document of its
 * own (a frame, a parser, a layout) on the main thread, 24–55 ms at 4x CPU during start-up, where
 * the PNG decodes in ~1.5 ms (traces of 2026-11-28, bench/results/first-paint.md). Run by hand
 * when the mark changes: `npm run icons -w frontend`; the PNGs are committed.
 */
const out = path.resolve(import.meta.dirname, '../public/icons');
mkdirSync(out, { recursive: true });

const mark = (size: number, maskable: boolean) => {
  // the mark: an "F" drawn on a 32-unit grid
  const glyph = '<path d="M9 22V10h12M9 16h9" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round" fill="none"/>';
  const body = maskable
    ? `<rect width="32" height="32" fill="#047857"/><g transform="translate(4.8 4.8) scale(0.7)">${glyph}</g>`
    : `<rect width="32" height="32" rx="8" fill="#047857"/>${glyph}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}">${body}</svg>`;
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const [name, size, maskable] of [
    ['icon-192.png', 192, false],
    ['icon-512.png', 512, false],
    ['maskable-512.png', 512, true],
    ['apple-touch-icon.png', 180, true],
    ['favicon-48.png', 48, false],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${mark(size, maskable)}</body></html>`);
    await page.screenshot({ path: path.join(out, name), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`icons/${name} (${size} px${maskable ? ', maskable' : ''})`);
  }
} finally {
  await browser.close();
}
