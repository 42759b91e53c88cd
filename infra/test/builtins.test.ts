import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../lib/builtins');

/** Runs `script` in a fresh Node process (its own module load list) and returns what it printed as JSON. */
function fresh(script: string): unknown {
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

/**
 * The built-ins that bundleOptions (../lib/bundling.ts) loads on first use: the Lambda
 * bundles import them, but no request of ours reads them. docs/performance.md, piece 6.
 */
describe.each([['stream-web.cjs', 'node:stream/web', 'NativeModule stream/web']])('lazy built-in %s', (file, specifier, loadListEntry) => {
  it(`lists every export of ${specifier}, so that no import of it finds a name missing`, () => {
    const real = fresh(`console.log(JSON.stringify(Object.keys(process.getBuiltinModule(${JSON.stringify(specifier)}))))`) as string[];
    const shim = fresh(`console.log(JSON.stringify(Object.keys(require(${JSON.stringify(path.join(dir, file))}))))`) as string[];
    expect(shim.sort()).toEqual(real.sort());
  });

  it(`does not load ${specifier} when imported, and hands out the real exports on first use`, () => {
    const result = fresh(`
      const shim = require(${JSON.stringify(path.join(dir, file))});
      const loadedAtImport = process.moduleLoadList.includes(${JSON.stringify(loadListEntry)});
      const real = process.getBuiltinModule(${JSON.stringify(specifier)});
      const same = Object.keys(real).every((k) => shim[k] === real[k]);
      console.log(JSON.stringify({ loadedAtImport, same, loadedAfterUse: process.moduleLoadList.includes(${JSON.stringify(loadListEntry)}) }));`);
    expect(result).toEqual({ loadedAtImport: false, same: true, loadedAfterUse: true });
  });
});
