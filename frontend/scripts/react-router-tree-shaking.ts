import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Lets the browser build drop the parts of react-router the app does not use (DESIGN.md section 10:
 * initial JavaScript; docs/performance.md piece 10). Two things, in `vite build` for the browser
 * only (tests and the dev server keep react-router's development warnings):
 *
 * 1. `react-router` resolves to the package's production build. Its `exports` name only
 *    `dist/development`, which differs from `dist/production` by one constant,
 *    `ENABLE_DEV_WARNINGS`: the development build ships its warnings' code and text.
 * 2. `Link`, `NavLink` and `Form` are made with an unannotated top-level `React.forwardRef(…)` call
 *    followed by a `displayName` assignment, so a bundler must keep all three and everything they
 *    call (`useSubmit`, the form-submission helpers…) even when the app imports none of them. This
 *    annotates the three calls as pure and drops the three assignments, which is what
 *    remix-run/react-router pull request 15299 (open) does in the library's source.
 *
 * Both fail the build when react-router no longer looks as described, so that an upgrade that
 * fixes it upstream removes this plugin instead of silently leaving it doing nothing.
 */
const TREE_SHAKEN_COMPONENTS = ['Link', 'NavLink', 'Form'] as const;

const names = TREE_SHAKEN_COMPONENTS.join('|');
const forwardRefCall = new RegExp(`^var (${names}) = (React\\d*\\.forwardRef)\\(`, 'gm');
const displayName = new RegExp(`^(${names})\\.displayName = "\\w+";$`, 'gm');

/** `from` is a file or folder whose node_modules resolution finds the react-router the app uses. */
export function reactRouterTreeShaking(from: string): Plugin {
  const require = createRequire(path.join(from, 'noop.js'));
  const packageRoot = path.dirname(require.resolve('react-router/package.json'));
  const production = path.join(packageRoot, 'dist/production/index.mjs');
  const productionDir = path.dirname(production) + path.sep;
  let annotated: string[] = [];
  return {
    name: 'fittrack:react-router-tree-shaking',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    buildStart() {
      if (!existsSync(production)) this.error(`react-router has no ${path.relative(packageRoot, production)} any more: review scripts/react-router-tree-shaking.ts`);
      annotated = [];
    },
    resolveId(id) {
      return id === 'react-router' ? production : null;
    },
    transform(code, id) {
      if (!id.startsWith(productionDir) || !id.endsWith('.mjs') || !code.includes('.forwardRef(')) return null;
      const out = code
        .replace(forwardRefCall, (_, name: string, call: string) => {
          annotated.push(name);
          return `var ${name} = /* @__PURE__ */ ${call}(`;
        })
        .replace(displayName, '');
      return { code: out, map: null };
    },
    buildEnd(error) {
      if (error) return;
      const missing = TREE_SHAKEN_COMPONENTS.filter((name) => !annotated.includes(name));
      if (missing.length) {
        this.error(
          `react-router's ${missing.join(', ')} no longer look like "var X = React.forwardRef(": if the library now annotates them (remix-run/react-router#15299), remove that step of scripts/react-router-tree-shaking.ts`,
        );
      }
    },
  };
}
