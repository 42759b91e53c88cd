import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { type Plugin } from 'esbuild';
import { STRIPE_RESOURCES } from '@fittrack/functions/billing/providers/stripe-resources';

/** The namespace of the stubs, and the one module they share. */
const NS = 'stripe-unbundled';
const RUNTIME = `${NS}:runtime`;

/** The SDK's Node entry (package.json `exports`, `import` condition): the module that imports every resource. */
const ENTRY = /[\\/]node_modules[\\/]stripe[\\/]esm[\\/]stripe\.esm\.node\.js$/;

/** A resource module as the entry imports it: `./resources.js` (the index), `./resources/Quotes.js`, `./resources/Issuing/index.js`. */
const RESOURCE_IMPORT = /^\.\/resources(?:\.js|\/[A-Za-z0-9]+\.js|\/[A-Za-z0-9]+\/index\.js)$/;

/** The names a resource module exports: `export class X`, `export const X`, `export { A as X } from …`. */
const exportedNames = (source: string) => [...source.matchAll(/^export (?:class|const) (\w+)|^export \{ (?:\w+ as )?(\w+) \}/gm)].map((m) => (m[1] ?? m[2])!);

/**
 * Keeps the Stripe resources our code calls in a bundle and stubs the others (docs/performance.md
 * piece 9). The SDK's client constructs every one of its ~130 resources, each a class whose methods
 * carry the request and response schema of its endpoints: 173 KB of the Stripe webhook's 347 KB
 * bundle, all of it compiled at a cold start. esbuild cannot drop them (the constructor references
 * every class), so the entry's imports of resource modules that are not in STRIPE_RESOURCES
 * (functions/src/billing/providers/stripe-resources.ts, which also narrows the client's type) resolve
 * to stubs exporting the same names: classes whose instances throw on any use, naming the list.
 *
 * `keep` defaults to that list; a resource is `charges` → `resources/Charges.js`, `checkout` →
 * `resources/Checkout/index.js`. A kept name with neither file fails the build, and so does an
 * SDK whose entry no longer imports its resource modules this way (nothing would be stubbed).
 */
export function stripeResourcesPlugin(keep: readonly string[] = STRIPE_RESOURCES): Plugin {
  return {
    name: 'stripe-resources',
    setup(build) {
      // per copy of the SDK (a second version nested elsewhere in node_modules has its own files)
      const kept = new Map<string, Set<string>>();
      const keptFiles = (resourcesDir: string) => {
        let files = kept.get(resourcesDir);
        if (files) return files;
        files = new Set(
          keep.map((name) => {
            const base = path.join(resourcesDir, name[0]!.toUpperCase() + name.slice(1));
            const file = [`${base}.js`, path.join(base, 'index.js')].find((f) => existsSync(f));
            if (!file) throw new Error(`Stripe resource "${name}" (STRIPE_RESOURCES) has no module ${base}.js or ${base}/index.js in this stripe version`);
            return file;
          }),
        );
        kept.set(resourcesDir, files);
        return files;
      };
      build.onResolve({ filter: RESOURCE_IMPORT }, (args) => {
        if (!ENTRY.test(args.importer)) return undefined;
        const file = path.resolve(path.dirname(args.importer), args.path);
        if (keptFiles(path.join(path.dirname(args.importer), 'resources')).has(file)) return undefined;
        return { path: file, namespace: NS };
      });
      build.onResolve({ filter: new RegExp(`^${RUNTIME}$`) }, () => ({ path: RUNTIME, namespace: NS }));
      build.onLoad({ filter: /.*/, namespace: NS }, (args) => {
        if (args.path === RUNTIME) {
          return {
            loader: 'js',
            contents: `export const notBundled = (name) => new Proxy({}, { get(_, key) {
  if (typeof key === 'symbol') return undefined;
  throw new Error('Stripe ' + name + ' is not in this bundle: add it to STRIPE_RESOURCES (functions/src/billing/providers/stripe-resources.ts)');
} });`,
          };
        }
        const names = exportedNames(readFileSync(args.path, 'utf8'));
        return {
          loader: 'js',
          contents: [`import { notBundled } from '${RUNTIME}';`, ...names.map((n) => `export class ${n} { constructor() { return notBundled('${n}'); } }`)].join('\n'),
        };
      });
      // A new SDK whose entry no longer imports its resource modules this way would be bundled whole, silently.
      build.onLoad({ filter: ENTRY }, (args) => {
        if (/from '\.\/resources\/\w+\.js'/.test(readFileSync(args.path, 'utf8'))) return undefined;
        return { errors: [{ text: `stripe-resources: ${args.path} imports no resource module as './resources/<Name>.js': update infra/lib/stripe-resources-plugin.ts for this stripe version` }] };
      });
    },
  };
}
