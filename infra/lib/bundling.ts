import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { stripeResourcesPlugin } from './stripe-resources-plugin';

/** ESM bundles still meet CommonJS dependencies that call `require` (e.g. node built-ins). */
const ESM_REQUIRE_BANNER = "import{createRequire as __fittrackCreateRequire}from'node:module';const require=__fittrackCreateRequire(import.meta.url);";

/**
 * How every function is bundled (DESIGN.md section 10, docs/decisions/0006): one ESM entry
 * `index.mjs` for Node 24, minified, no source maps, the AWS SDK inside, and code splitting: what
 * the handler reaches only through `import()` (the Stripe and PayPal adapters of the billing
 * function, the Cognito client of the token refresh) becomes a chunk in `chunks/` next
 * to it, shipped in the same asset and evaluated only by the request that needs it.
 *
 * aws-cdk-lib's NodejsFunction cannot do this: it always passes `--outfile`, and esbuild splits
 * only into an `outdir`. So the asset is bundled here with esbuild's API, the same options
 * NodejsFunction had (target from the runtime, platform node, `module` before `main`, the
 * `require` banner, UTF-8), plus splitting.
 *
 * The SDK's default credential chain is aliased to its first link, the environment
 * (./builtins/credentials-from-env.mjs): that is where Lambda puts the execution role's credentials,
 * and the other links' code (and the STS/SSO clients') never runs in a function.
 *
 * `node:http`, `node:process` and `node:timers` are aliased to their CommonJS module objects
 * (./builtins/): Node builds an ESM import of a built-in by reading all its exports, and
 * node:http's include three getters that load undici (about 25 ms on Node 24, nodejs/node#57649),
 * which these functions never use; node:process's getters cost about 3 ms more, node:timers's
 * `promises` getter loads timers/promises. `node:stream/web`, which @middy/core imports for
 * streamed responses (none of ours is), is loaded on first use (./builtins/stream-web.cjs).
 *
 * The Stripe SDK keeps only the resources our code calls (./stripe-resources-plugin.ts). esbuild's
 * plugins need its asynchronous API: `bundleFunction` below, which the synth runs in a child
 * process (`EsbuildBundling`, ./constructs/functions.ts).
 */
const builtin = (name: string, ext = 'cjs') => path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'builtins', `${name}.${ext}`);

export const bundleOptions = (entry: string, outdir: string, projectRoot: string) =>
  ({
    entryPoints: { index: entry },
    outdir,
    absWorkingDir: projectRoot,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    mainFields: ['module', 'main'],
    // bowser: the SDK's browser-only user-agent parser, 33 KB per asset that Node never loads (./builtins/bowser.mjs)
    alias: {
      // each built-in by both of its names, `x` and `node:x`
      ...Object.fromEntries(
        Object.entries({ http: 'http', process: 'process', timers: 'timers', 'stream/web': 'stream-web' }).flatMap(([name, shim]) =>
          [name, `node:${name}`].map((specifier) => [specifier, builtin(shim)]),
        ),
      ),
      bowser: builtin('bowser', 'mjs'),
      // Lambda's credentials are in the environment: the default chain's first link alone (./builtins/credentials-from-env.mjs)
      '@aws-sdk/credential-provider-node': builtin('credentials-from-env', 'mjs'),
    },
    banner: { js: ESM_REQUIRE_BANNER },
    minify: true,
    sourcemap: false,
    charset: 'utf8',
    logLevel: 'error',
    plugins: [stripeResourcesPlugin()],
  }) satisfies BuildOptions;

/** Bundles one function into `outdir` (index.mjs and chunks/); rejects on any error. */
export const bundleFunction = (entry: string, outdir: string, projectRoot: string) => build(bundleOptions(entry, outdir, projectRoot));
