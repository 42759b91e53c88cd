import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { prerenderedPages } from '@fittrack/functions/routes';

/**
 * After `vite build` and the SSR build of src/prerender.tsx: writes each page's first frame into
 * a copy of the built index.html — `/` (the fallback of every client route) into index.html,
 * the other pages of `prerenderedPages` into `<page>.html` (CloudFront and the local gateway
 * map `/auth` to `/auth.html`). The markup sits in an inert wrapper (no focus, no input, hidden
 * from assistive technology) that main.tsx's first render replaces.
 */
const dist = path.resolve(import.meta.dirname, '../dist');
const ssrDir = path.resolve(import.meta.dirname, '../dist-ssr');
const { render } = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as { render: (url: string) => string };

// With the first paint in the HTML, the app's scripts are no longer needed to paint: the
// stylesheet (and images) go first, the scripts after (fetchpriority, honoured by Chrome).
const built = readFileSync(path.join(dist, 'index.html'), 'utf8');
const template = built
  .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
  .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
if (!/<script type="module" crossorigin fetchpriority="low" src=/.test(template)) throw new Error('dist/index.html: the entry script tag was not found');
const marker = '<div id="root"></div>';
if (!template.includes(marker)) throw new Error(`dist/index.html has no ${marker}`);

for (const page of ['/', ...prerenderedPages]) {
  const html = render(page);
  if (!html.trim()) throw new Error(`prerender of ${page} is empty`);
  const out = template.replace(marker, `<div id="root"><div data-prerendered="${page}" inert>${html}</div></div>`);
  const file = page === '/' ? 'index.html' : `${page.slice(1)}.html`;
  writeFileSync(path.join(dist, file), out);
  console.log(`prerendered ${page} → dist/${file} (${(Buffer.byteLength(out) / 1024).toFixed(1)} KB)`);
}
rmSync(ssrDir, { recursive: true, force: true });
