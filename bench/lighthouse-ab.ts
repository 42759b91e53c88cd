/**
 * Interleaved Lighthouse A/B of two builds of the frontend, for deciding a change that `npm run
 * bench` cannot resolve: on this kind of machine the dashboard's TBT spans 5–250 ms from run to
 * run, so two separate benches of 5 runs prove nothing (docs/decisions/0009).
 *
 *   npm run build -w frontend && cp -r frontend/dist /tmp/a   # before
 *   npm run build -w frontend && cp -r frontend/dist /tmp/b   # after
 *   npx tsx bench/lighthouse-ab.ts /tmp/a /tmp/b [runs=8] [dashboard|auth]
 *
 * Each build gets its own local stack and signed-in subscriber; the runs alternate A B, B A, …
 * in one Chromium so that machine noise hits both alike. Prints the medians, every TBT and LCP,
 * the unthrottled FCP/LCP that Lighthouse observed, and the long tasks after FCP per load, by
 * script (what TBT is made of).
 *
 * LIGHTHOUSE_AB_LANTERN=1 also prints each run's simulated LCP graph (the requests and tasks that
 * the simulated LCP waits for) and the tasks that make its simulated TBT. LIGHTHOUSE_AB_DUMP=<dir> writes each run's report and trace there.
 * As `npm run bench` measures: LIGHTHOUSE_AB_CATEGORIES=performance,accessibility,best-practices
 * (the bench gathers the three in one load) and LIGHTHOUSE_AB_FIRST_VISIT=1 (storage cleared before
 * each run, as the bench's /auth runs leave the dashboard's origin in most rounds). One batch is
 * not enough here: run both orders (an A/A of one build read 448 vs 47 ms in 5 runs each).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BuildStack, startBuildStack } from './build-stack';
import { firstVisitStorage } from './first-visit-storage';
import { median, pairedDifference } from './median';

const [dirA, dirB, runsArg, pageArg] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: npx tsx bench/lighthouse-ab.ts <distA> <distB> [runs] [dashboard|auth]');
const runs = Number(runsArg ?? 8);
const page = pageArg === 'auth' ? 'auth' : 'dashboard';

interface Setup extends BuildStack {
  name: 'A' | 'B';
}
interface Run {
  tbt: number;
  lcp: number;
  /** what Chromium observed unthrottled, which Lighthouse's simulation starts from */
  observed: { fcp: number; lcp: number; element: string };
  longTasks: Record<string, { count: number; blocking: number }>;
}

const setups: Setup[] = [];
for (const [name, dir] of [['A', dirA], ['B', dirB]] as const) setups.push({ name, ...(await startBuildStack(dir, `ab${name}`)) });

const lighthouse = (await import('lighthouse')).default;
// LIGHTHOUSE_AB_LANTERN=1 prints the nodes of Lantern's simulated LCP graph of each run (what the
// simulated LCP waits for); the simulator keeps the last run's node timings by label.
const lantern = process.env.LIGHTHOUSE_AB_LANTERN ? await import('lighthouse/core/lib/lantern/lantern.js') : undefined;
interface LanternNode {
  type: string;
  duration: number;
  request: { url: string; transferSize: number };
  didPerformLayout(): boolean;
  getEvaluateScriptURLs(): Set<string>;
  childEvents: { name: string; dur?: number; args?: { data?: { url?: string } } }[];
}
const lanternTimings = () =>
  (lantern as unknown as { Simulation: { Simulator: { allNodeTimings: Map<string, Map<LanternNode, { startTime: number; endTime: number }>> } } } | undefined)?.Simulation.Simulator
    .allNodeTimings;
const chromeLauncher = await import('chrome-launcher');
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
// runs[i] of each side are round i's, so that a failed run drops its round's pair (pairedDifference)
const results: Record<Setup['name'], (Run | undefined)[]> = { A: [], B: [] };
try {
  for (let i = 0; i < runs; i++) {
    for (const s of i % 2 ? [...setups].reverse() : setups) {
      const r = await lighthouse(page === 'auth' ? `${s.url}/auth` : `${s.url}/`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: process.env.LIGHTHOUSE_AB_CATEGORIES ? process.env.LIGHTHOUSE_AB_CATEGORIES.split(',') : ['performance'],
        ...(page === 'auth' ? {} : { extraHeaders: { Cookie: s.cookie } }),
        ...(process.env.LIGHTHOUSE_AB_FIRST_VISIT ? { clearStorageTypes: [...firstVisitStorage] } : {}),
      });
      const lhr = r!.lhr;
      if (lhr.runtimeError) {
        console.warn(`${s.name}: run ${i} failed (${lhr.runtimeError.code}), not counted`);
        results[s.name][i] = undefined;
        continue;
      }
      const graph = lanternTimings()?.get('pessimisticLargestContentfulPaint');
      if (graph) {
        console.log(`${s.name} run ${i}: LCP ${lhr.audits['largest-contentful-paint']!.numericValue!.toFixed(0)} ms; pessimistic LCP graph:`);
        for (const [node, t] of graph) {
          const what =
            node.type === 'network'
              ? `${node.request.url.replace(s.url, '')} (${node.request.transferSize} B)`
              : `CPU ${(node.duration / 1000).toFixed(1)} ms${node.didPerformLayout() ? ', layout' : ''} ${[...node.getEvaluateScriptURLs()].map((u) => u.replace(s.url, '')).join(' ')}`;
          console.log(`  ${t.startTime.toFixed(0).padStart(5)}–${t.endTime.toFixed(0).padStart(5)} ms  ${what}`);
        }
        // TBT: the tasks that the simulation stretched past 50 ms, with what they spent time on
        console.log(`  TBT ${lhr.audits['total-blocking-time']!.numericValue!.toFixed(0)} ms; tasks of over 50 ms in the pessimistic TBT graph:`);
        for (const [node, t] of lanternTimings()!.get('pessimisticTotalBlockingTime') ?? []) {
          if (node.type !== 'cpu' || t.endTime - t.startTime <= 50) continue;
          const parts = node.childEvents
            .filter((e) => (e.dur ?? 0) >= 3000)
            .slice(0, 5)
            .map((e) => `${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)}${e.args?.data?.url ? ` ${e.args.data.url.replace(s.url, '')}` : ''}`);
          console.log(`  ${t.startTime.toFixed(0).padStart(5)}–${t.endTime.toFixed(0).padStart(5)} ms  (${(node.duration / 1000).toFixed(1)} ms observed) ${parts.join(', ')}`);
        }
        lanternTimings()!.clear();
      }
      const fcp = lhr.audits['first-contentful-paint']!.numericValue!;
      const items = ((lhr.audits['long-tasks']?.details as { items?: { url: string; startTime: number; duration: number }[] } | undefined)?.items ?? []).filter(
        (t) => t.startTime >= fcp,
      );
      const longTasks: Run['longTasks'] = {};
      for (const t of items) {
        const key = t.url.replace(s.url, '').replace(/-[\w-]{8}\.js$/, '.js') || '(document)';
        const e = (longTasks[key] ??= { count: 0, blocking: 0 });
        e.count += 1;
        e.blocking += Math.max(0, t.duration - 50);
      }
      if (process.env.LIGHTHOUSE_AB_DUMP) {
        writeFileSync(path.join(process.env.LIGHTHOUSE_AB_DUMP, `${s.name}-${i}.json`), JSON.stringify(lhr));
        writeFileSync(path.join(process.env.LIGHTHOUSE_AB_DUMP, `${s.name}-${i}.trace.json`), JSON.stringify((r!.artifacts as unknown as { Trace: unknown }).Trace));
      }
      const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
      const lcpElement =
        ((lhr.audits['lcp-breakdown-insight']?.details as { items?: { type: string; nodeLabel?: string }[] } | undefined)?.items ?? []).find((item) => item.type === 'node')
          ?.nodeLabel ?? '?';
      const observed = { fcp: metrics.observedFirstContentfulPaint ?? NaN, lcp: metrics.observedLargestContentfulPaint ?? NaN, element: lcpElement.slice(0, 80) };
      results[s.name][i] = { tbt: lhr.audits['total-blocking-time']!.numericValue!, lcp: lhr.audits['largest-contentful-paint']!.numericValue!, observed, longTasks };
    }
  }
} finally {
  chrome.kill();
  for (const s of setups) await s.stop();
}

for (const name of ['A', 'B'] as const) {
  const rs = results[name].filter((r) => r !== undefined);
  console.log(`${name} (${rs.length} runs): TBT median ${median(rs.map((r) => r.tbt)).toFixed(0)} ms, LCP median ${median(rs.map((r) => r.lcp)).toFixed(0)} ms`);
  console.log(`  TBT per run: ${rs.map((r) => r.tbt.toFixed(0)).join(' ')}`);
  console.log(`  LCP per run: ${rs.map((r) => r.lcp.toFixed(0)).join(' ')}; observed unthrottled FCP/LCP: ${rs.map((r) => `${r.observed.fcp.toFixed(0)}/${r.observed.lcp.toFixed(0)}`).join(' ')}`);
  for (const element of new Set(rs.map((r) => r.observed.element))) console.log(`  LCP element: ${element}`);
  const byScript: Record<string, { count: number; blocking: number }> = {};
  for (const r of rs) {
    for (const [k, v] of Object.entries(r.longTasks)) {
      const e = (byScript[k] ??= { count: 0, blocking: 0 });
      e.count += v.count;
      e.blocking += v.blocking;
    }
  }
  for (const [k, v] of Object.entries(byScript)) console.log(`  long tasks after FCP, ${k}: ${(v.count / rs.length).toFixed(1)} per load, ${(v.blocking / rs.length).toFixed(0)} ms blocking per load`);
}

// B − A within each round where both loaded, which cancels what the round's moment shares
for (const k of ['tbt', 'lcp'] as const) {
  const d = pairedDifference(results.A.map((r) => r?.[k]), results.B.map((r) => r?.[k]));
  console.log(`${k.toUpperCase()} B − A, paired by round (${d.pairs} rounds): median ${d.median.toFixed(0)} ms, ${(d.confidence * 100).toFixed(1)} % interval ${d.low.toFixed(0)} to ${d.high.toFixed(0)} ms`);
}
