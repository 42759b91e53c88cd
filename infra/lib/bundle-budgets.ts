import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { type Domain } from '@fittrack/functions/routes';

/**
 * Lambda bundle budgets (DESIGN.md section 10, docs/decisions/0006). A function's asset is
 * `index.mjs` plus the chunks esbuild split off (infra/lib/bundling.ts): minified
 * ESM with the AWS SDK inside. Checked by infra/test/synth.test.ts and reported by `npm run bench`.
 */

/**
 * The whole asset (every `.mjs` it ships). CRUD functions ≤ 700 KB; billing and the webhook
 * carry the Stripe/PayPal SDKs and have no size budget of their own, only the cold path's.
 */
export const BUNDLE_BUDGET_BYTES: Record<Domain, number | null> = {
  auth: 700 * 1024,
  tracking: 700 * 1024,
  catalog: 700 * 1024,
  feedback: 700 * 1024,
  admin: 700 * 1024,
  billing: null,
  'stripe-webhook': null,
};

/**
 * The cold path: the files Node loads when Lambda imports `index.mjs` (the entry and the chunks
 * it imports statically), i.e. what every cold start parses and evaluates. About 10 % above what
 * was measured on 2026-11-21, so that a payment SDK pulled back into billing's cold path (Stripe
 * ≈ 240 KB, PayPal ≈ 300 KB), or the Cognito client back into every function, fails the synth
 * test. The webhook needs Stripe on every request, so Stripe is on its cold path. Auth's,
 * tracking's and admin's were lowered on 2026-11-27, when the routes their cold starts do not
 * serve became lazily loaded chunks and zod left their cold paths (277, 286 and 279 KB measured;
 * docs/decisions/0027). The webhook's was lowered on 2026-11-28, when the Stripe resources our
 * code does not call left every bundle (384 KB measured, was 525; ./stripe-resources-plugin.ts).
 */
export const COLD_PATH_BUDGET_BYTES: Record<Domain, number> = {
  auth: 300 * 1024,
  tracking: 310 * 1024,
  catalog: 290 * 1024,
  feedback: 400 * 1024,
  admin: 310 * 1024,
  billing: 420 * 1024,
  'stripe-webhook': 420 * 1024,
};

/**
 * Cold import budget (DESIGN.md section 10): the time a function's bundle adds to a fresh Node
 * process over an empty module is at most this share of what the same handler entry adds when
 * bundled as one plain module-first esbuild file (no splitting, no aliases). A ratio to a
 * reference measured in the same run, because the empty process alone takes 25 ms on one
 * machine and 90 ms on another (the ratio-to-empty budgets of 1.8x and 2.5x are withdrawn).
 */
export const COLD_IMPORT_SHARE_OF_PLAIN = 0.6;

/** Every `.mjs` file of an asset directory (absolute paths) with its size. */
export function assetFiles(assetDir: string): { file: string; bytes: number }[] {
  return (readdirSync(assetDir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => f.endsWith('.mjs'))
    .map((f) => path.join(assetDir, f))
    .map((file) => ({ file, bytes: statSync(file).size }));
}

/**
 * The files Node really loads when a fresh process imports `entry` (and then `extra`, e.g. the
 * chunk of a route's `import()`), recorded with a module load hook rather than guessed from the
 * source. Also checks that the entry exports `handler`.
 */
export function loadedFiles(entry: string, extra: string[] = [], env: NodeJS.ProcessEnv = process.env): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    const loaded = [];
    registerHooks({ load(url, context, next) { if (url.startsWith('file:')) loaded.push(url); return next(url, context); } });
    const m = await import(${JSON.stringify(pathToFileURL(entry).href)});
    if (typeof m.handler !== 'function') throw new Error('no handler export');
    for (const f of ${JSON.stringify(extra.map((f) => pathToFileURL(f).href))}) await import(f);
    console.log(JSON.stringify(loaded));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { AWS_REGION: 'eu-west-1', ...env }, timeout: 30_000 });
  if (r.status !== 0 || r.stderr) throw new Error(`importing ${entry} failed: ${r.stderr}`);
  return (JSON.parse(r.stdout.trim().split('\n').pop()!) as string[]).map((u) => fileURLToPath(u));
}

/** The Node built-ins (`process.moduleLoadList`) that a fresh process loads to import `entry`. */
export function builtinsLoadedBy(entry: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const script = `const before = new Set(process.moduleLoadList);
    await import(${JSON.stringify(pathToFileURL(entry).href)});
    console.log(JSON.stringify(process.moduleLoadList.filter((m) => !before.has(m))));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { AWS_REGION: 'eu-west-1', ...env }, timeout: 30_000 });
  if (r.status !== 0 || r.stderr) throw new Error(`importing ${entry} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as string[];
}

/** Total bytes of some files. */
export const bytesOf = (files: string[]): number => files.reduce((n, f) => n + statSync(f).size, 0);
