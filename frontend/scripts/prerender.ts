import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inlinePageScripts, prerenderedPages } from '../../site/site';

/**
 * After `vite build` and the SSR build of src/prerender.tsx: writes each page's first frame into
 * a copy of the built index.html — `/` (the fallback of every client route) into index.html,
 * the other pages of `prerenderedPages` into `<page>.html` (CloudFront and the local gateway
 * map `/auth` to `/auth.html`). The markup is the content of `#root`, which is inert (no focus, no
 * input, hidden from assistive technology) and names the page in `data-prerendered` until the app
 * has taken it over: main.tsx hydrates it where the app's first render is that page, and replaces
 * it elsewhere (docs/performance.md piece 1).
 */
const dist = path.resolve(import.meta.dirname, '../dist');
const ssrDir = path.resolve(import.meta.dirname, '../dist-ssr');
const { render } = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as { render: (url: string) => string };

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');

// The first paint needs only the HTML: the stylesheet and the scripts of `inlinePageScripts`
// (appearance.js: theme, motion, text size, cookie choice, before the first paint) are inlined,
// saving round trips. The CSP allows exactly those inline scripts by their hashes
// (inlineScriptSource in site/site.ts, computed from the same files by the local gateway and the
// CDK site construct). The app's module scripts stay where Vite puts them, in <head>: they are
// deferred, so they download beside the first paint and run after it (docs/performance.md).
const inlined = inlineFirstPaintResources(template);

function inlineFirstPaintResources(html: string): string {
  let out = html;
  for (const name of inlinePageScripts) {
    const text = readFileSync(path.join(dist, name), 'utf8');
    if (text.includes('</script')) throw new Error(`${name} cannot be inlined`);
    const scriptTag = `<script src="/${name}"></script>`;
    if (!out.includes(scriptTag)) throw new Error(`dist/index.html has no ${scriptTag}`);
    out = out.replace(scriptTag, () => `<script>${text}</script>`);
  }
  const links = [...out.matchAll(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g)];
  if (links.length !== 1) throw new Error(`dist/index.html: expected one stylesheet, found ${links.length}`);
  const [tag, file] = links[0]! as unknown as [string, string];
  const css = readFileSync(path.join(dist, file), 'utf8');
  if (css.includes('</style')) throw new Error(`${file} cannot be inlined`);
  out = out.replace(tag, () => `<style>${css}</style>`);
  return out;
}
const marker = '<div id="root"></div>';
if (!template.includes(marker)) throw new Error(`dist/index.html has no ${marker}`);

for (const page of ['/', ...prerenderedPages]) {
  const html = render(page);
  if (!html.trim()) throw new Error(`prerender of ${page} is empty`);
  const out = inlined.replace(marker, `<div id="root" data-prerendered="${page}" inert>${html}</div>`);
  const file = page === '/' ? 'index.html' : `${page.slice(1)}.html`;
  writeFileSync(path.join(dist, file), out);
  console.log(`prerendered ${page} → dist/${file} (${(Buffer.byteLength(out) / 1024).toFixed(1)} KB)`);
}
rmSync(ssrDir, { recursive: true, force: true });
