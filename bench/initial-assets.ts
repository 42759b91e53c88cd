import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** DESIGN.md section 10: initial JavaScript for /auth and / (gzip), the stylesheet and each page's HTML. */
export const INITIAL_BUDGETS = { jsGzipBytes: 100 * 1024, cssGzipBytes: 15 * 1024, htmlGzipBytes: 8 * 1024 } as const;

/** The pre-rendered pages (frontend/scripts/prerender.ts): / (every client route) and /auth. */
const PAGES = { '/': 'index.html', '/auth': 'auth.html' } as const;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface InitialAssets {
  /** Files loaded at the start of /auth and /: the entry and its static imports. */
  js: string[];
  css: string[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** Each page's HTML document, its critical CSS and inline script included. */
  htmlGzipBytes: Record<keyof typeof PAGES, number>;
  /** JavaScript chunks that only a later screen loads (dynamic imports). */
  lazyChunks: number;
}

/**
 * What /auth and / load before any screen of their own, from the Vite manifest: the entry, its
 * static imports and the stylesheet (both pages load the same entry; every other screen is a lazy
 * chunk).
 */
export function initialAssets(dist: string): InitialAssets {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('the Vite manifest has no entry');
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const c = manifest[key]!;
    if (js.has(c.file)) return;
    js.add(c.file);
    c.css?.forEach((f) => css.add(f));
    c.imports?.forEach(visit); // static imports only: dynamic imports are lazy chunks
  };
  visit(entryKey);
  // the one stylesheet of the build (vite.config.ts cssCodeSplit: false), which every page links
  // (after inlining the rules of its first frame)
  for (const c of Object.values(manifest)) if (c.file.endsWith('.css')) css.add(c.file);
  const gz = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
  const lazyChunks = Object.values(manifest).filter((c) => !js.has(c.file) && c.file.endsWith('.js')).length;
  const htmlGzipBytes = { '/': gz([PAGES['/']]), '/auth': gz([PAGES['/auth']]) };
  return { js: [...js], css: [...css], jsGzipBytes: gz(js), cssGzipBytes: gz(css), htmlGzipBytes, lazyChunks };
}
