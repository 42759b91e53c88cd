/**
 * What a function's cold start loads, by source: bundles one handler entry exactly as the CDK
 * asset is bundled (infra/lib/bundling.ts `bundleOptions`), follows index.mjs's
 * static imports through the chunks and prints the inputs on that path, largest first, grouped
 * by package (or by source folder for our own code). For finding what a function's first
 * request does not need (issue 19 point 4; docs/performance.md).
 *
 *   npx tsx bench/cold-path.ts <domain> [--top=30] [--files] [--why=<part of a path>]
 *
 * `--why=zod/v4/classic` prints the chain of static imports that brings a module onto the path.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { functionEntries } from '../functions/src/routes';
import { bundleOptions } from '../infra/lib/bundling';

const root = path.resolve(import.meta.dirname, '..');
const [domain] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 30);
const byFile = process.argv.includes('--files');
const why = process.argv.find((a) => a.startsWith('--why='))?.slice(6);
if (!domain || !(domain in functionEntries)) {
  console.error(`usage: npx tsx bench/cold-path.ts <${Object.keys(functionEntries).join('|')}> [--top=N] [--files]`);
  process.exit(2);
}

const outdir = mkdtempSync(path.join(tmpdir(), 'fittrack-cold-path-'));
try {
  const entry = path.join(root, 'functions/src', functionEntries[domain as keyof typeof functionEntries]);
  const { metafile } = await build({ ...bundleOptions(entry, outdir, root), metafile: true, write: false });
  const outputs = (metafile as Metafile).outputs;
  const rel = (f: string) => path.relative(root, path.resolve(root, f));
  const byRel = new Map(Object.entries(outputs).map(([k, v]) => [rel(k), v]));
  // index.mjs and what it reaches through static imports: what a cold start evaluates
  const cold = new Set<string>();
  const visit = (file: string) => {
    if (cold.has(file)) return;
    cold.add(file);
    for (const i of byRel.get(file)?.imports ?? []) if (i.kind === 'import-statement' && !i.external) visit(rel(i.path));
  };
  visit(rel(path.join(outdir, 'index.mjs')));
  const group = (input: string) => {
    if (byFile) return input;
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
    if (m) return m[1]!;
    return path.dirname(input.replace(/^functions\/src\//, ''));
  };
  const sizes = new Map<string, number>();
  let total = 0;
  for (const file of cold)
    for (const [input, { bytesInOutput }] of Object.entries(byRel.get(file)!.inputs)) {
      sizes.set(group(input), (sizes.get(group(input)) ?? 0) + bytesInOutput);
      total += bytesInOutput;
    }
  if (why) {
    // breadth-first over the inputs' static imports, from the handler entry to the first match
    const inputs = (metafile as Metafile).inputs;
    const start = path.relative(root, entry);
    const from = new Map<string, string | null>([[start, null]]);
    const queue = [start];
    let found: string | undefined;
    while (queue.length && !found) {
      const at = queue.shift()!;
      for (const i of inputs[at]?.imports ?? []) {
        if (i.kind !== 'import-statement' || i.external || from.has(i.path)) continue;
        from.set(i.path, at);
        if (i.path.includes(why)) found = i.path;
        queue.push(i.path);
      }
    }
    if (!found) console.log(`${domain}: nothing matching "${why}" is statically imported`);
    else {
      const chain: string[] = [];
      for (let f: string | null | undefined = found; f; f = from.get(f)) chain.unshift(f);
      console.log(`${domain}: ${chain.join('\n  → ')}`);
    }
  }
  console.log(`${domain}: cold path ${cold.size} files, ${(total / 1024).toFixed(1)} KB of inputs`);
  for (const [g, b] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${(b / 1024).toFixed(1).padStart(8)} KB  ${g}`);
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
