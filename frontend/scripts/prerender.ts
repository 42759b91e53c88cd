import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import Beasties from 'beasties';
import { type DefaultTreeAdapterTypes, parseFragment, serializeOuter } from 'parse5';
import postcss from 'postcss';
import { inlineScriptText } from '../../site/inline-scripts';
import { inlinePageScripts, prerenderedPages } from '../../site/site';

/**
 * After `vite build` and the SSR build of src/prerender.tsx: writes each page's first frame into
 * a copy of the built index.html — `/` (the fallback of every client route) into index.html,
 * the other pages of `prerenderedPages` into `<page>.html` (CloudFront and the local gateway
 * map `/auth` to `/auth.html`). The markup is the content of `#root`, which names the page in
 * `data-prerendered` until the app has taken it over (inert in index.html, but its cookie banner, below): main.tsx
 * hydrates it where the app's first render is that page, and replaces it elsewhere
 * (docs/performance.md piece 1).
 */
const dist = path.resolve(import.meta.dirname, '../dist');
const ssrDir = path.resolve(import.meta.dirname, '../dist-ssr');
const { render, pageTitle } = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as {
  render: (url: string) => string;
  pageTitle: (pathname: string) => string;
};

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');

// The first paint needs only the HTML: the scripts of `inlinePageScripts` (appearance.js: theme,
// motion, text size, cookie choice, a returning subscriber's first requests) are inlined, and so is
// each page's critical CSS (below). The CSP allows exactly those inline scripts by their hashes
// (inlineScriptSource in site/site.ts, computed from the same files by the local gateway and the
// CDK site construct). The app's module scripts stay where Vite puts them, in <head>: they are
// deferred, so they download beside the first paint and run after it (docs/performance.md).
const withScripts = inlinePageScriptsOf(template);

function inlinePageScriptsOf(html: string): string {
  let out = html;
  for (const name of inlinePageScripts) {
    // minified (site/inline-scripts.ts); the build's copy of the file becomes that text too, which
    // the local gateway hashes for the CSP
    const text = inlineScriptText(path.resolve(import.meta.dirname, '../public', name));
    if (text.includes('</script')) throw new Error(`${name} cannot be inlined`);
    writeFileSync(path.join(dist, name), text);
    const scriptTag = `<script src="/${name}"></script>`;
    if (!out.includes(scriptTag)) throw new Error(`dist/index.html has no ${scriptTag}`);
    out = out.replace(scriptTag, () => `<script>${text}</script>`);
  }
  return out;
}

// Critical CSS (Beasties, decision 0028): each page inlines the rules its pre-rendered frame uses,
// in every state appearance.js can put <html> in before the first paint: the frame is analysed
// with the Black theme, reduced motion and larger text set (their rules only add to the default
// ones: index.css keys each on `[data-…="…"]`, never on its absence). Beasties never matches a rule
// on <html> itself, so those (the Black palette, larger text) and the cookie-choice rules (one keys
// on the absence) are always kept. The stylesheet itself is preloaded in <head> and linked at the
// end of <body>: the frame paints without waiting for it, and the deferred module scripts run only
// once it has applied, so the app never renders with the critical rules alone. The HTML stays
// within 8 KB gzip.
const beasties = new Beasties({
  path: dist,
  publicPath: '/',
  compress: true,
  pruneSource: false, // the stylesheet is shared by every page and the lazy screens
  reduceInlineStyles: false,
  mergeStylesheets: true,
  keyframes: 'critical',
  fonts: false,
  allowRules: [/^\[data-(theme|motion|text)=\w+\]$/, /\[data-cookie-consent\b/],
  logLevel: 'warn',
});

const marker = '<div id="root"></div>';
if (!template.includes(marker)) throw new Error(`dist/index.html has no ${marker}`);
const htmlTag = '<html lang="en">';
const analysedAs = '<html lang="en" data-theme="black" data-motion="reduce" data-text="large">';
if (!template.includes(htmlTag)) throw new Error(`dist/index.html has no ${htmlTag}`);

/** The page with its critical CSS inlined, the stylesheet preloaded and linked at the end. */
async function withCriticalCss(html: string): Promise<string> {
  const out = await beasties.process(html.replace(htmlTag, analysedAs));
  const tag = new RegExp(`${analysedAs.slice(0, -1)}[^>]*>`).exec(out); // Beasties adds an attribute
  if (!tag) throw new Error('Beasties changed the <html> tag');
  const styles = [...out.matchAll(/<style>([\s\S]*?)<\/style>/g)];
  if (styles.length !== 1) throw new Error(`expected one inlined <style>, found ${styles.length}`);
  const [styleTag, css] = styles[0]! as unknown as [string, string];
  const critical = postcss.parse(css);
  withoutUnusedCustomProperties(critical, out);
  return out.replace(tag[0], htmlTag).replace(styleTag, () => `<style>${critical.toString()}</style>`);
}

/**
 * Drops the custom properties the critical CSS declares but nothing on the page reads: the theme
 * blocks declare the whole palette (the Black one all of it), of which a frame uses a few colours.
 * Conservative: a property read anywhere in the critical CSS or the markup (`var(--name`) stays,
 * and the stylesheet that follows declares them all.
 */
function withoutUnusedCustomProperties(root: postcss.Root, page: string): void {
  const css = root.toString();
  const read = new Set([...css.matchAll(/var\(\s*(--[\w-]+)/g), ...page.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!));
  root.walkDecls(/^--/, (decl) => {
    if (!read.has(decl.prop)) decl.remove();
  });
  root.walkRules((rule) => {
    if (!rule.nodes.length) rule.remove();
  });
}

// index.html is every client route's fallback, whose frame the app replaces on a deep link: inert
// (no focus, no input, hidden from assistive technology) until the app has taken it over, all but
// the cookie banner, whose choice the inline script takes at the tap (public/appearance.js) and the
// app finds stored, replaced or not. A page of `prerenderedPages` is served only for its own path,
// whose frame the app always hydrates: live, so its fields take text before the app has started (a
// tap on a button waits for it, src/lib/held-taps.ts).
function inertButTheCookieBanner(html: string): string {
  const frame = parseFragment(html);
  let banners = 0;
  for (const node of frame.childNodes) {
    if (!('attrs' in node)) continue;
    const element = node as DefaultTreeAdapterTypes.Element;
    if (element.attrs.some((a) => a.name === 'class' && a.value.split(/\s+/).includes('cookie-banner'))) banners++;
    else element.attrs.push({ name: 'inert', value: '' });
  }
  if (banners !== 1) throw new Error(`index.html's frame has ${banners} cookie banners at its top level, not 1`);
  return frame.childNodes.map((node) => serializeOuter(node)).join('');
}

function withTitle(html: string, title: string): string {
  if (!/<title>[^<]*<\/title>/.test(html)) throw new Error('index.html has no <title>');
  return html.replace(/<title>[^<]*<\/title>/, `<title>${title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>`);
}

for (const page of ['/', ...prerenderedPages]) {
  const html = render(page);
  if (!html.trim()) throw new Error(`prerender of ${page} is empty`);
  const frame = page === '/' ? inertButTheCookieBanner(html) : html;
  // a page served for its own path carries its screen's title from the first byte (index.html,
  // every route's fallback, keeps the app's name), so the app's title effect finds it set
  const titled = page === '/' ? withScripts : withTitle(withScripts, pageTitle(page));
  const out = await withCriticalCss(titled.replace(marker, `<div id="root" data-prerendered="${page}">${frame}</div>`));
  const file = page === '/' ? 'index.html' : `${page.slice(1)}.html`;
  writeFileSync(path.join(dist, file), out);
  console.log(`prerendered ${page} → dist/${file} (${(Buffer.byteLength(out) / 1024).toFixed(1)} KB, ${(gzipSync(out).length / 1024).toFixed(1)} KB gzip)`);
}
rmSync(ssrDir, { recursive: true, force: true });
