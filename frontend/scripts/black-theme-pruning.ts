import postcss from 'postcss';
import type { Plugin } from 'vite';

/**
 * Ships only the Black theme's overrides the app can use (DESIGN.md section 10: the stylesheet is
 * on every page's first path; docs/performance.md piece 11).
 *
 * index.css keeps the Black theme (decision 0201) exhaustive on purpose, so that a screen gets it
 * without anyone editing the theme: a background override for every colour utility Tailwind could
 * generate, in every state the markup might use (`hover:`, `aria-pressed:`…), and the whole palette
 * as custom properties. Tailwind generates only the utilities the sources name, so most of those
 * overrides name a class that no element can have, and most of the palette is read by nothing:
 * on 2026-11-28 they were a third of the built stylesheet (62 → 42 KB, 12.2 → 9.1 KB gzip).
 *
 * In the built stylesheet this drops
 * - every `[data-theme=black] .<class>` selector whose class is a colour utility (`bg-…`/`fill-…`,
 *   with any variants) that no other rule of the stylesheet defines; a class of our own, such as
 *   `.daily-reminder`, is never dropped, since its only rule may be the Black one;
 * - every custom property of a `[data-theme=black]` block that no `var(…)` of the stylesheet reads
 *   (the app's scripts read none: frontend/scripts/black-theme-pruning.test.ts checks the sources).
 */
const blackSelector = /^\[data-theme="?black"?\] \.((?:\\.|[\w-])+)/;
const colourUtility = /^(?:(?:[\w-]+|(?:aria|data)-\\\[[^\]]*\\\])\\:)*(?:bg|fill)-(?:white|black|[a-z]+-\d+)(?:\\\/\d+)?$/;
const blackBlock = /^\[data-theme="?black"?\]$/;

interface Pruned {
  css: string;
  selectors: number;
  properties: number;
}

export function pruneBlackTheme(css: string): Pruned {
  const root = postcss.parse(css);
  const defined = new Set<string>();
  root.walkRules((rule) => {
    for (const selector of rule.selectors) {
      if (blackSelector.test(selector)) continue;
      for (const m of selector.matchAll(/\.((?:\\.|[\w-])+)/g)) defined.add(m[1]!);
    }
  });
  let selectors = 0;
  root.walkRules((rule) => {
    if (!rule.selectors.some((s) => blackSelector.test(s))) return;
    const kept = rule.selectors.filter((s) => {
      const name = blackSelector.exec(s)?.[1];
      return name === undefined || !colourUtility.test(name) || defined.has(name);
    });
    selectors += rule.selectors.length - kept.length;
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  const read = new Set([...root.toString().matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!));
  let properties = 0;
  root.walkRules(blackBlock, (rule) => {
    rule.walkDecls(/^--/, (decl) => {
      if (read.has(decl.prop)) return;
      decl.remove();
      properties += 1;
    });
  });
  return { css: root.toString(), selectors, properties };
}

/** The plugin: `vite build` for the browser, on the emitted stylesheet(s). */
export function blackThemePruning(): Plugin {
  return {
    name: 'fittrack:black-theme-pruning',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    generateBundle: {
      // after Vite's own CSS plugin has emitted the stylesheet, in the same hook
      order: 'post',
      handler(_, bundle) {
        let found = false;
        for (const asset of Object.values(bundle)) {
          if (asset.type !== 'asset' || !asset.fileName.endsWith('.css') || typeof asset.source !== 'string') continue;
          const pruned = pruneBlackTheme(asset.source);
          found ||= pruned.selectors > 0;
          asset.source = pruned.css;
        }
        // the theme lives in index.css: a build that prunes nothing has lost it or its selector shape
        if (!found) this.error('black-theme-pruning found no Black theme override to prune: review scripts/black-theme-pruning.ts');
      },
    },
  };
}
