import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inlinePageScripts, prerenderedPages } from '@fittrack/functions/routes';

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

// With the first paint in the HTML, the app's scripts are no longer needed to paint: they leave
// <head> for a JSON block that public/start-app.js reads after the first frame is on screen.
const built = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryTags = [...built.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g)];
if (entryTags.length !== 1) throw new Error(`dist/index.html: expected one entry script, found ${entryTags.length}`);
const preloadTags = [...built.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
const appScripts = { entry: entryTags[0]![1]!, preload: preloadTags.map((m) => m[1]!) };
const template = [...entryTags, ...preloadTags].reduce((html, [tag]) => html.replace(tag, ''), built);

// The first paint needs only the HTML: the stylesheet and appearance.js (theme, motion, text size,
// cookie choice; it must run before the first paint) are inlined, saving two round trips, and
// start-app.js goes inline at the end of <body>. The CSP allows exactly the inline scripts of
// `inlinePageScripts` by their hashes (inlineScriptSource in functions/src/lib/security-headers.ts,
// computed from the same files by the local gateway and the CDK site construct).
const inlined = inlineFirstPaintResources(template);
for (const name of inlinePageScripts) {
  if (!inlined.includes(`<script>${readInlineScript(name)}</script>`)) throw new Error(`${name} is not inlined`);
}

function readInlineScript(name: (typeof inlinePageScripts)[number]): string {
  const text = readFileSync(path.join(dist, name), 'utf8');
  if (text.includes('</script')) throw new Error(`${name} cannot be inlined`);
  return text;
}

function inlineFirstPaintResources(html: string): string {
  const scriptTag = '<script src="/appearance.js"></script>';
  if (!html.includes(scriptTag)) throw new Error(`dist/index.html has no ${scriptTag}`);
  let out = html.replace(scriptTag, () => `<script>${readInlineScript('appearance.js')}</script>`);
  const links = [...out.matchAll(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g)];
  if (links.length !== 1) throw new Error(`dist/index.html: expected one stylesheet, found ${links.length}`);
  const [tag, file] = links[0]! as unknown as [string, string];
  const css = readFileSync(path.join(dist, file), 'utf8');
  if (css.includes('</style')) throw new Error(`${file} cannot be inlined`);
  out = out.replace(tag, () => `<style>${css}</style>`);
  if (!out.includes('</body>')) throw new Error('dist/index.html has no </body>');
  const start = `<script type="application/json" id="app-scripts">${JSON.stringify(appScripts)}</script>\n    <script>${readInlineScript('start-app.js')}</script>\n  </body>`;
  return out.replace('</body>', () => start);
}
const marker = '<div id="root"></div>';
if (!template.includes(marker)) throw new Error(`dist/index.html has no ${marker}`);

for (const page of ['/', ...prerenderedPages]) {
  const html = render(page);
  if (!html.trim()) throw new Error(`prerender of ${page} is empty`);
  const out = inlined.replace(marker, `<div id="root"><div data-prerendered="${page}" inert>${html}</div></div>`);
  const file = page === '/' ? 'index.html' : `${page.slice(1)}.html`;
  writeFileSync(path.join(dist, file), out);
  console.log(`prerendered ${page} → dist/${file} (${(Buffer.byteLength(out) / 1024).toFixed(1)} KB)`);
}
rmSync(ssrDir, { recursive: true, force: true });
