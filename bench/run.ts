/**
 * `npm run bench`: the performance figures of DESIGN.md section 10, written to bench/results.json
 * and printed as a table. It reports and compares against the budgets without failing on timings
 * (sizes and DynamoDB call counts are also enforced by `npm test`).
 *
 *   1. initial JS/CSS (gzip) of /auth and / from the Vite manifest (bench/initial-assets.ts)
 *   2. each Lambda asset (the real CDK synth): size, cold path (what importing index.mjs loads)
 *      and cold import: the time it adds over an empty module against the same handler entry
 *      bundled as one plain module-first esbuild file (CPU time of the imports, each in a fresh
 *      process, wall time beside it; 20 interleaved rounds, median of the rounds' shares)
 *   3. DynamoDB calls per route, as counted during the integration tests
 *   4. Lighthouse (mobile, default throttling) on /auth and the dashboard, interleaved with the
 *      floor (bench/floor), at least 7 runs each; then real throttled loads of both (throttled-ab.ts)
 *   5. API throughput on the local gateway (autocannon, 50 connections)
 *   6. the capacity model at 10M monthly users (DESIGN.md section 11, decision 0020): peak load of
 *      the busiest partitions and items from the recorded accesses (functions/src/lib/db/capacity);
 *      no network, no stack. It also rewrites the README's capacity table.
 *
 * Options: --skip-build, --runs=N (≥ 7), --only=bundles,lambda,dynamo,lighthouse,throughput,capacity
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { INITIAL_BUDGETS, initialAssets } from './initial-assets';
import { median, pairedDifference } from './median';
import { firstVisitStorage } from './first-visit-storage';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const want = (part: string) => !only || only.includes(part);
/** Lighthouse runs (and throttled loads) of each page, ours and the floor's, interleaved: at least 7 (DESIGN.md section 10). */
const lighthouseRuns = Math.max(7, Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 7));
const results: Record<string, unknown> = { measuredAt: new Date().toISOString(), node: process.version };
const loadAtStart = loadavg();
const rows: string[][] = [];
const row = (area: string, what: string, value: string, budget: string, ok: boolean | null) =>
  rows.push([area, what, value, budget, ok === null ? '' : ok ? 'ok' : 'OVER']);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// 1. Initial JS and CSS from the Vite manifest -------------------------------------------------
if (want('bundles')) {
  if (!args.includes('--skip-build')) execFileSync('npm', ['run', 'build', '-w', 'frontend'], { cwd: root, stdio: 'ignore' });
  const dist = path.join(root, 'frontend/dist');
  const { js, css, jsGzipBytes: jsBytes, cssGzipBytes: cssBytes, htmlGzipBytes, lazyChunks: lazy } = initialAssets(dist);
  // /auth and / load the same entry and its static imports; every other screen is a lazy chunk.
  results.initialAssets = { routes: ['/auth', '/'], jsGzipBytes: jsBytes, cssGzipBytes: cssBytes, htmlGzipBytes, jsFiles: js, cssFiles: css, lazyChunks: lazy };
  for (const [page, bytes] of Object.entries(htmlGzipBytes)) row('frontend', `HTML document ${page} (gzip)`, kb(bytes), `≤ ${kb(INITIAL_BUDGETS.htmlGzipBytes)}`, bytes <= INITIAL_BUDGETS.htmlGzipBytes);
  row('frontend', 'initial JS /auth and / (gzip)', kb(jsBytes), `≤ ${kb(INITIAL_BUDGETS.jsGzipBytes)}`, jsBytes <= INITIAL_BUDGETS.jsGzipBytes);
  row('frontend', 'initial CSS /auth and / (gzip)', kb(cssBytes), `≤ ${kb(INITIAL_BUDGETS.cssGzipBytes)}`, cssBytes <= INITIAL_BUDGETS.cssGzipBytes);
  row('frontend', 'lazy route chunks', String(lazy), '', null);
}

// 2. Lambda bundles from the real CDK synth, and their cold import ------------------------------
if (want('lambda')) {
  const outdir = mkdtempSync(path.join(tmpdir(), 'fittrack-bench-synth-'));
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/synth-assets.ts'), outdir], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const assets = JSON.parse(out.trim().split('\n').pop()!) as Record<string, string>;
  const { BUNDLE_BUDGET_BYTES, COLD_PATH_BUDGET_BYTES, COLD_IMPORT_SHARE_OF_PLAIN, assetFiles, bytesOf, loadedFiles } = await import('../infra/lib/bundle-budgets');
  const { functionEntries } = await import('../functions/src/routes');
  const { buildSync } = await import('esbuild');
  const empty = path.join(outdir, 'empty.mjs');
  writeFileSync(empty, 'export const handler = () => {};\n');
  /** The reference: the handler entry as one plain module-first esbuild file (DESIGN.md section 10). */
  const plainBundle = (domain: keyof typeof functionEntries) => {
    const outfile = path.join(outdir, `plain-${domain}.mjs`);
    buildSync({
      entryPoints: [path.join(root, 'functions/src', functionEntries[domain])],
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node24',
      mainFields: ['module', 'main'],
      banner: { js: "import{createRequire}from'node:module';const require=createRequire(import.meta.url);" },
      minify: true,
      logLevel: 'error',
    });
    return outfile;
  };
  /**
   * A fresh `node` importing `file` (and then `extra`, the chunks a route loads with import()): the
   * CPU time and the wall time of those imports, read inside the process around them. The CPU time
   * is what a Lambda instance spends on its own CPU share; on a shared machine the wall time also
   * counts waiting for other processes, so the budget is judged on CPU time and the wall time is
   * shown beside it. Node's own start-up, the same for every process, is left out: it only added
   * its noise (docs/decisions/0029).
   */
  const timeImport = (file: string, extra: string[] = []) => {
    const code =
      'const t=performance.now(),c=process.cpuUsage();' +
      [file, ...extra].map((f) => `await import(${JSON.stringify(f)});`).join('') +
      'const u=process.cpuUsage(c);console.log(JSON.stringify([performance.now()-t,(u.user+u.system)/1000]));';
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
      env: { ...process.env, AWS_REGION: 'eu-west-1' },
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`importing ${file} failed: ${r.stderr}`);
    const [wall, cpu] = JSON.parse(r.stdout.trim().split('\n').pop()!) as [number, number];
    return { wall, cpu };
  };
  /**
   * 20 rounds, each an empty module, `file` (and `extra`) and the plain reference bundle, one
   * process after the other: what `file` adds over the empty module, and what the plain bundle
   * adds, in CPU time (the budget) and in wall time (medians). The share of plain is the median
   * of the 20 rounds' own shares: the three processes of a round run under the same machine load,
   * which a ratio of two separate medians does not cancel (docs/decisions/0029).
   */
  const coldImport = (file: string, plain: string, extra: string[] = []) => {
    const base: { wall: number; cpu: number }[] = [];
    const cold: { wall: number; cpu: number }[] = [];
    const ref: { wall: number; cpu: number }[] = [];
    for (let i = 0; i < 20; i++) {
      base.push(timeImport(empty));
      cold.push(timeImport(file, extra));
      ref.push(timeImport(plain));
    }
    const m = (xs: { wall: number; cpu: number }[], k: 'wall' | 'cpu') => median(xs.map((x) => x[k]));
    const share = (k: 'wall' | 'cpu') => median(cold.map((c, i) => (c[k] - base[i]![k]) / (ref[i]![k] - base[i]![k])));
    const emptyImportMs = m(base, 'cpu');
    const wall = { coldImportMs: m(cold, 'wall'), emptyImportMs: m(base, 'wall'), addedMs: m(cold, 'wall') - m(base, 'wall'), plainAddedMs: m(ref, 'wall') - m(base, 'wall') };
    return { coldImportMs: m(cold, 'cpu'), emptyImportMs, addedMs: m(cold, 'cpu') - emptyImportMs, plainAddedMs: m(ref, 'cpu') - emptyImportMs, shareOfPlain: share('cpu'), wall: { ...wall, shareOfPlain: share('wall') } };
  };
  /**
   * Route modules that a handler loads on the first request of one of its routes
   * (lib/domain-handler.ts `lazyRoutes`, or an import() inside a route): the cold import is
   * measured without them, and again with them, so that what a first request of those routes
   * pays is shown too (not budgeted, like billing's first payment request).
   */
  const lazyRouteChunks: Partial<Record<keyof typeof functionEntries, string[]>> = {
    auth: ['account-routes'],
    tracking: ['input-routes', 'catalog-data'],
    admin: ['system-tests'],
  };
  const lambda: Record<string, unknown> = {};
  for (const [domain, asset] of Object.entries(assets) as [keyof typeof functionEntries, string][]) {
    // What ships: index.mjs and its chunks; what a cold start loads: the entry and its static imports.
    const dir = path.join(outdir, `asset.${asset}`);
    const bundle = path.join(dir, 'index.mjs');
    const files = assetFiles(dir);
    const bytes = files.reduce((n, f) => n + f.bytes, 0);
    const coldFiles = loadedFiles(bundle);
    const coldBytes = bytesOf(coldFiles);
    const plain = plainBundle(domain);
    const t = coldImport(bundle, plain);
    const sizeBudget = BUNDLE_BUDGET_BYTES[domain];
    const coldBudget = COLD_PATH_BUDGET_BYTES[domain];
    const entry: Record<string, unknown> = { bytes, files: files.length, coldPathBytes: coldBytes, coldPathFiles: coldFiles.length, ...t, sizeBudget, coldPathBudget: coldBudget, shareOfPlainBudget: COLD_IMPORT_SHARE_OF_PLAIN };
    row('lambda', `${domain} bundle (${files.length} files)`, kb(bytes), sizeBudget ? `≤ ${kb(sizeBudget)}` : 'none', sizeBudget ? bytes <= sizeBudget : null);
    row('lambda', `${domain} cold path (${coldFiles.length} files)`, kb(coldBytes), `≤ ${kb(coldBudget)}`, coldBytes <= coldBudget);
    row(
      'lambda',
      `${domain} cold import, added vs plain bundle (CPU; wall)`,
      `${t.shareOfPlain.toFixed(2)}× (${t.addedMs.toFixed(0)} vs ${t.plainAddedMs.toFixed(0)} ms; empty ${t.emptyImportMs.toFixed(0)} ms); wall ${t.wall.shareOfPlain.toFixed(2)}×`,
      `≤ ${COLD_IMPORT_SHARE_OF_PLAIN}×`,
      t.shareOfPlain <= COLD_IMPORT_SHARE_OF_PLAIN,
    );
    for (const name of lazyRouteChunks[domain] ?? []) {
      const chunks = files.map((f) => f.file).filter((f) => new RegExp(`/chunks/${name}-[^/]+\\.mjs$`).test(f));
      if (chunks.length !== 1) throw new Error(`${domain}: expected one chunk ${name}-*.mjs, found ${chunks.length}`);
      const r = coldImport(bundle, plain, chunks);
      entry[`with ${name}`] = { loadedBytes: bytesOf(loadedFiles(bundle, chunks)), ...r };
      row('lambda', `  + first request loading ${name}`, `${r.shareOfPlain.toFixed(2)}× (${r.addedMs.toFixed(0)} ms); wall ${r.wall.shareOfPlain.toFixed(2)}×`, 'none', null);
    }
    if (domain === 'billing') {
      // The payment routes load their provider's chunk and the Secrets Manager client on their
      // first request (functions/src/billing/providers/provider-registry.ts): shown, not budgeted.
      for (const provider of ['stripe', 'paypal'] as const) {
        // the provider's chunk, billing/secrets.ts's and (in AWS, with ARNs) Powertools' secrets provider's
        const chunks = files.map((f) => f.file).filter((f) => new RegExp(`/chunks/(${provider}-provider|secrets)-[^/]+\\.mjs$`).test(f));
        if (chunks.filter((c) => c.includes(`/${provider}-provider-`)).length !== 1 || chunks.length < 2) throw new Error(`billing: expected the ${provider} and secrets chunks, found ${chunks.join(', ')}`);
        const loaded = loadedFiles(bundle, chunks);
        const r = coldImport(bundle, plain, chunks);
        entry[`with${provider === 'stripe' ? 'Stripe' : 'Paypal'}`] = { loadedBytes: bytesOf(loaded), ...r };
        row('lambda', `  + first ${provider === 'stripe' ? 'Stripe' : 'PayPal'} request`, `${kb(bytesOf(loaded))}, adds ${r.addedMs.toFixed(0)} ms (${r.shareOfPlain.toFixed(2)}× of plain)`, 'none', null);
      }
    }
    lambda[domain] = entry;
  }
  results.lambda = lambda;
  rmSync(outdir, { recursive: true, force: true });
}

// 3. DynamoDB calls per route (recorded by the integration tests) ------------------------------
if (want('dynamo')) {
  const file = path.join(root, 'bench/dynamodb-calls.json');
  if (!existsSync(file)) {
    row('dynamodb', 'calls per route', 'not measured: run npm test (or the functions-int project) first', '≤ 2, 0 Scans', null);
  } else {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { routes: Record<string, { maxCalls: number; scans: number; requests: number }> };
    const { DYNAMO_RARE_PATHS, dynamoCallLimit } = await import('../local/dynamo-budget');
    results.dynamodb = data;
    for (const [route, s] of Object.entries(data.routes)) {
      const max = dynamoCallLimit(route);
      const budget = max === undefined ? 'exempt' : `≤ ${max}${DYNAMO_RARE_PATHS[route] ? ' on a rare path' : ''}, 0 Scans`;
      row('dynamodb', route, `${s.maxCalls} calls, ${s.scans} scans (${s.requests} requests)`, budget, max === undefined ? null : s.maxCalls <= max && s.scans === 0);
    }
  }
}

// 4 + 5. Lighthouse and throughput need the running app ---------------------------------------
if (want('lighthouse') || want('throughput')) {
  const { startBuildStack } = await import('./build-stack');
  const app = await startBuildStack(path.join(root, 'frontend/dist'), 'bench');
  try {
    const { url: base, cookie } = app;

    if (want('lighthouse')) {
      // The floor (bench/floor: the same libraries, nothing else), built and served like ours,
      // measured interleaved with ours: ours-/auth, floor-/auth, ours-dashboard, floor-dashboard,
      // in an order that turns each round, so that machine noise hits all four alike.
      if (!args.includes('--skip-build')) execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--config', 'bench/floor/vite.config.ts', '--logLevel', 'error'], { cwd: root, stdio: 'ignore' });
      const floorDist = path.join(root, 'bench/floor/dist');
      const floor = await startBuildStack(floorDist, 'floor');
      const lighthouse = (await import('lighthouse')).default;
      const chromeLauncher = await import('chrome-launcher');
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      });
      type Run = { performance: number; accessibility: number; bestPractices: number; lcp: number; tbt: number; cls: number; failedAudits: string[]; consoleErrors: string[] };
      /** The numeric figures of a run, for medians and spreads. */
      type Figure = Exclude<keyof Run, 'failedAudits' | 'consoleErrors'>;
      // Every run shares one Chrome profile, and Lighthouse's storage reset leaves local storage,
      // IndexedDB and cookies alone by default (constants.js clearStorageTypes, so that signed-in
      // pages can be measured). After a dashboard run, /auth then opened with the subscriber's
      // cached user and no session cookie, and asked the server about it: a 401 in the console,
      // "errors in console" in best practices in 5 of 7 runs. The /auth runs are a signed-out
      // first visit, so theirs is cleared whole; the dashboard runs keep theirs (a returning
      // subscriber's cached user).
      const targets = [
        { name: '/auth', app: 'ours', url: `${base}/auth`, headers: undefined },
        { name: '/auth', app: 'floor', url: `${floor.url}/auth`, headers: undefined },
        { name: 'dashboard', app: 'ours', url: `${base}/`, headers: { Cookie: cookie } },
        { name: 'dashboard', app: 'floor', url: `${floor.url}/`, headers: { Cookie: floor.cookie } },
      ] as const;
      // runsOf.get(key)[round]: a round whose run could not be recorded stays empty, and only that
      // round's pair is dropped (pairedDifference pairs by round).
      const runsOf = new Map<string, (Run | undefined)[]>(targets.map((t) => [`${t.app} ${t.name}`, []]));
      const lost: string[] = [];
      try {
        for (let round = 0; round < lighthouseRuns; round++) {
          const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
          for (const t of order) {
            // A run whose trace Chrome failed to record (e.g. NO_NAVSTART on a busy machine) has no
            // scores: run it again, up to three times, rather than count it. After three, the round
            // goes without this page (a 25-round run under load lost everything to one such round).
            let lhr;
            for (let attempt = 1; ; attempt++) {
              const r = await lighthouse(t.url, {
                port: chrome.port,
                output: 'json',
                logLevel: 'error',
                onlyCategories: ['performance', 'accessibility', 'best-practices'],
                ...(t.headers ? { extraHeaders: t.headers } : { clearStorageTypes: [...firstVisitStorage] }),
              });
              lhr = r!.lhr;
              if (!lhr.runtimeError) break;
              if (attempt === 3) break;
              console.warn(`Lighthouse run failed on ${t.app} ${t.name} (${lhr.runtimeError.code}); running it again`);
            }
            if (lhr.runtimeError) {
              console.warn(`Lighthouse failed 3 times on ${t.app} ${t.name} in round ${round + 1} (${lhr.runtimeError.code}): the round goes without it`);
              lost.push(`${t.app} ${t.name}, round ${round + 1}: ${lhr.runtimeError.code}`);
              continue;
            }
            runsOf.get(`${t.app} ${t.name}`)![round] = {
              performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
              accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
              bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
              lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
              tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
              cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
              // what cost points in accessibility and best practices (kept in results.json to look at)
              failedAudits: (['accessibility', 'best-practices'] as const).flatMap((c) =>
                (lhr.categories[c]?.auditRefs ?? []).filter((a) => a.weight > 0 && (lhr.audits[a.id]?.score ?? 1) < 1).map((a) => `${c}:${a.id}`),
              ),
              // and, when "errors in console" is among them, what the console said
              consoleErrors: ((lhr.audits['errors-in-console']?.details as { items?: { description?: string; sourceLocation?: { url?: string } }[] } | undefined)?.items ?? []).map(
                (i) => `${i.description ?? ''} (${i.sourceLocation?.url ?? ''})`,
              ),
            };
          }
        }
      } finally {
        chrome.kill();
        await floor.stop();
      }
      const stats = (runs: Run[], k: Figure) => {
        const xs = runs.map((x) => x[k]);
        return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
      };
      // More than a third of any page's rounds lost: the figures would not be the interleaved run asked for.
      for (const [key, rounds] of runsOf) {
        const recorded = rounds.filter(Boolean).length;
        if (recorded < (lighthouseRuns * 2) / 3) throw new Error(`Lighthouse recorded ${recorded} of ${lighthouseRuns} runs of ${key}: ${lost.join('; ')}`);
      }
      const lh: Record<string, unknown> = { runsEach: lighthouseRuns, lost };
      for (const name of ['/auth', 'dashboard'] as const) {
        const oursByRound = runsOf.get(`ours ${name}`)!;
        const floorByRound = runsOf.get(`floor ${name}`)!;
        const ours = oursByRound.filter((r): r is Run => !!r);
        const fl = floorByRound.filter((r): r is Run => !!r);
        const o = (k: Figure) => stats(ours, k);
        const f = (k: Figure) => stats(fl, k);
        lh[name] = { ours: { runs: ours }, floor: { runs: fl } };
        const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(0)}`;
        const spread = (x: { median: number; min: number; max: number }, d = 0, unit = '') => `${x.median.toFixed(d)}${unit} (${x.min.toFixed(d)}–${x.max.toFixed(d)})`;
        // The budget is judged on each round's own difference (ours − floor, loaded one after the
        // other): under load one page's median moves 2x between batches, and the rounds' shared
        // moment cancels in a pair (decision 0038). The interval says whether the runs decide it.
        const paired = pairedDifference(floorByRound.map((r) => r?.tbt), oursByRound.map((r) => r?.tbt));
        (lh[name] as Record<string, unknown>).tbtOursMinusFloor = paired;
        const decided = paired.high <= 40 ? 'met at that level' : paired.low > 40 ? 'over at that level' : 'not decided by these runs';
        row(
          'lighthouse',
          `${name} TBT, ours vs floor`,
          `${spread(o('tbt'), 0, ' ms')} vs ${spread(f('tbt'), 0, ' ms')}; ours − floor per round${paired.pairs < lighthouseRuns ? ` (${paired.pairs} of ${lighthouseRuns} rounds)` : ''}: median ${signed(paired.median)} ms, ${(paired.confidence * 100).toFixed(0)} % interval ${signed(paired.low)} to ${signed(paired.high)} ms (${decided})`,
          '≤ floor + 40 ms',
          paired.median <= 40,
        );
        row('lighthouse', `${name} performance, ours vs floor`, `${spread(o('performance'))} vs ${spread(f('performance'))}`, f('performance').median === 100 ? '≥ 98' : '(floor < 100)', f('performance').median === 100 ? o('performance').median >= 98 : null);
        row('lighthouse', `${name} LCP (simulated)`, `${(o('lcp').median / 1000).toFixed(2)} s (${(o('lcp').min / 1000).toFixed(2)}–${(o('lcp').max / 1000).toFixed(2)}); floor ${(f('lcp').median / 1000).toFixed(2)} s`, '≤ 1.0 s', o('lcp').median <= 1000);
        row('lighthouse', `${name} CLS`, o('cls').median.toFixed(3), '≤ 0.02', o('cls').median <= 0.02);
        row('lighthouse', `${name} accessibility`, String(o('accessibility').median), '100', o('accessibility').median === 100);
        const failed = [...new Set(ours.flatMap((r) => r.failedAudits))];
        row('lighthouse', `${name} best practices`, `${o('bestPractices').median}${failed.length ? ` (lost on: ${failed.join(', ')})` : ''}`, '100', o('bestPractices').median === 100);
      }
      results.lighthouse = lh;

      // Real throttled loads of ours and the floor (bench/throttled-ab.ts), interleaved.
      const { throttledLoads, medianMark, typingMark } = await import('./throttled-ab');
      const [oursLoads, floorLoads] = await throttledLoads([path.join(root, 'frontend/dist'), floorDist], lighthouseRuns);
      const mk = (loads: typeof oursLoads, journey: 'auth' | 'dashboard' | 'dashboardLater', key: 'takeover' | 'content' | 'fcp' | 'lcp') => medianMark(loads![journey], key) ?? NaN;
      const usable = { ours: medianMark(oursLoads!.auth, typingMark) ?? NaN, floor: medianMark(floorLoads!.auth, typingMark) ?? NaN };
      const takeover = { ours: mk(oursLoads, 'auth', 'takeover'), floor: mk(floorLoads, 'auth', 'takeover') };
      const figures = { ours: mk(oursLoads, 'dashboard', 'content'), floor: mk(floorLoads, 'dashboard', 'content') };
      row('throttled', '/auth first visit: sign-in form usable (takes typing)', `${usable.ours.toFixed(0)} ms (floor ${usable.floor.toFixed(0)} ms)`, '≤ 1200 ms, ≤ floor + 200', usable.ours <= 1200 && usable.ours <= usable.floor + 200);
      // a tap on Sign In before this is held and done at this moment (frontend/src/lib/held-taps.ts)
      row('throttled', '  + the app takes over (a held tap is done)', `${takeover.ours.toFixed(0)} ms (floor ${takeover.floor.toFixed(0)} ms)`, 'none', null);
      // What a person sees of the LCP budget, which is Lighthouse's simulated figure: Lantern keeps a
      // module script that loaded before the observed paint in the graph of that paint, because it
      // finds no EvaluateScript event for it (docs/decisions/0035).
      const lcpAuth = { ours: mk(oursLoads, 'auth', 'lcp'), floor: mk(floorLoads, 'auth', 'lcp') };
      const lcpDashboard = { ours: mk(oursLoads, 'dashboard', 'lcp'), floor: mk(floorLoads, 'dashboard', 'lcp') };
      row('throttled', '  largest contentful paint, real load', `${lcpAuth.ours.toFixed(0)} ms (floor ${lcpAuth.floor.toFixed(0)} ms)`, 'none (the budget is the simulated LCP)', null);
      row('throttled', 'returning subscriber: dashboard figures', `${figures.ours.toFixed(0)} ms (floor ${figures.floor.toFixed(0)} ms)`, '≤ 800 ms, ≤ floor + 200', figures.ours <= 800 && figures.ours <= figures.floor + 200);
      row('throttled', '  largest contentful paint, real load', `${lcpDashboard.ours.toFixed(0)} ms (floor ${lcpDashboard.floor.toFixed(0)} ms)`, 'none (the budget is the simulated LCP)', null);
      // the visit after: the scripts' code cache, compiled during the visit above, is read (throttled-ab.ts)
      const later = { ours: mk(oursLoads, 'dashboardLater', 'content'), floor: mk(floorLoads, 'dashboardLater', 'content') };
      row('throttled', '  + their next visit (code cache in use)', `${later.ours.toFixed(0)} ms (floor ${later.floor.toFixed(0)} ms)`, 'none', null);
      results.throttled = { runsEach: lighthouseRuns, ours: oursLoads, floor: floorLoads, signInUsableMs: usable, signInTakeoverMs: takeover, dashboardFiguresMs: figures, dashboardNextVisitFiguresMs: later, lcpMs: { auth: lcpAuth, dashboard: lcpDashboard } };
    }

    if (want('throughput')) {
      const autocannon = (await import('autocannon')).default;
      const asset = initialAssets(path.join(root, 'frontend/dist')).js[0]!; // the entry module
      const common = { 'x-time-zone': 'UTC', cookie };
      const targets: { name: string; opts: { url: string; method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string } }[] = [
        { name: 'static file (reference)', opts: { url: `${base}/${asset}`, headers: { 'accept-encoding': 'gzip' } } },
        { name: 'GET /api/progress/today', opts: { url: `${base}/api/progress/today`, headers: common } },
        {
          name: 'POST /api/pushups',
          opts: { url: `${base}/api/pushups`, method: 'POST', headers: { ...common, origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ count: 1 }) },
        },
      ];
      const tp: Record<string, unknown> = {};
      let reference = 0;
      for (const t of targets) {
        const r = await autocannon({ ...t.opts, connections: 50, duration: 10 });
        const rps = r.requests.average;
        const nonOk = r.non2xx + r.errors;
        if (!reference) reference = rps;
        tp[t.name] = { requestsPerSecond: rps, p99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors, ratioToStatic: rps / reference };
        row('throughput', t.name, `${rps.toFixed(0)} req/s, p99 ${r.latency.p99} ms${nonOk ? `, ${nonOk} non-2xx/errors` : ''}`, t.name.startsWith('static') ? 'reference' : `${((rps / reference) * 100).toFixed(0)} % of static`, nonOk ? false : null);
      }
      results.throughput = tp;
    }
  } finally {
    await app.stop();
  }
}

// 6. Capacity model (decision 0020) -----------------------------------------------------------
if (want('capacity')) {
  const { capacityModel, capacityTable, share, PARTITION_TARGET } = await import('../functions/src/lib/db/capacity/model');
  const { readAccessRecord } = await import('../functions/src/lib/db/capacity/recording');
  const model = capacityModel(readAccessRecord());
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  for (const l of model.partitions.filter((p) => p.scope === 'shared').slice(0, 6)) {
    row('capacity', `${l.index} ${l.partition}${l.spreadOver > 1 ? ` (÷ ${l.spreadOver})` : ''}`, `${l.wcu.toFixed(0)} WCU/s, ${l.rcu.toFixed(0)} RCU/s: ${pct(share(l))}`, `≤ ${pct(PARTITION_TARGET)}`, share(l) <= PARTITION_TARGET);
  }
  const busiestCaller = model.partitions.find((p) => p.scope === 'caller');
  if (busiestCaller) row('capacity', `one caller's ${busiestCaller.partition}`, `${busiestCaller.wcu.toFixed(0)} WCU/s, ${busiestCaller.rcu.toFixed(0)} RCU/s: ${pct(share(busiestCaller))}`, `≤ ${pct(PARTITION_TARGET)}`, share(busiestCaller) <= PARTITION_TARGET);
  results.capacity = { rates: model.rates, totals: model.totals, partitions: model.partitions, items: model.items };
  const table = capacityTable(model);
  console.log(`\nCapacity at 10M monthly users (functions/src/lib/db/capacity, decision 0020)\n\n${table}\n`);
  // deterministic (no timing in it), so every run that computes it rewrites the README's copy
  const README = path.join(root, 'README.md');
  const readme = readFileSync(README, 'utf8');
  const at = readme.indexOf('<!-- capacity:start -->');
  const to = readme.indexOf('<!-- capacity:end -->');
  if (at >= 0 && to > at) writeFileSync(README, `${readme.slice(0, at + '<!-- capacity:start -->'.length)}\n${table}\n${readme.slice(to)}`);
}

results.machine = { cores: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg() };
// A partial run (--only) replaces its own parts and keeps the other parts of the last run.
const resultsFile = path.join(root, 'bench/results.json');
const previous = only && existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>) : {};
writeFileSync(resultsFile, JSON.stringify({ ...previous, ...results }, null, 2) + '\n');

// The README's performance section is this run's table (issue 19 point 5), not hand-copied figures:
// a full run (no --only) rewrites what stands between its two markers.
const README = path.join(root, 'README.md');
const START = '<!-- bench:summary:start -->';
const END = '<!-- bench:summary:end -->';
if (!only) {
  const readme = readFileSync(README, 'utf8');
  const at = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (at >= 0 && to > at) {
    const fmtLoad = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
    const table = [
      `Measured ${String(results.measuredAt).slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\` (Node ${process.version}, ${cpus().length} cores, load average ${fmtLoad(loadAtStart)} at the start and ${fmtLoad(loadavg())} at the end; Lighthouse and throttled loads: ${lighthouseRuns} of each, interleaved with the floor).`,
      '',
      '| area | measure | value | budget | |',
      '|---|---|---|---|---|',
      ...rows.map((r) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`),
    ].join('\n');
    writeFileSync(README, `${readme.slice(0, at + START.length)}\n${table}\n${readme.slice(to)}`);
  }
}
const widths = [0, 1, 2, 3, 4].map((i) => Math.max(...[['area', 'measure', 'value', 'budget', ''], ...rows].map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.log(line(['area', 'measure', 'value', 'budget', '']));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));
console.log('\nwritten to bench/results.json');
