/**
 * The dashboard's main-thread tasks on a cold load in a fresh renderer, interleaved between builds:
 * what `bench/lighthouse-ab.ts` cannot show, because Lighthouse's runs share one renderer process,
 * which keeps the browser's locale data, fonts and code from the run before (bench/results/
 * first-paint.md, 2026-11-29 evening).
 *
 *   npx tsx bench/cold-tasks-ab.ts <distA> <distB> [...] [--runs=12] [--page=/]
 *
 * Each load: a new browser context (a new renderer), the signed-in subscriber's cookie, nothing
 * stored, no CPU or network throttling (as Lighthouse observes before it simulates), traced. Per
 * load, the sum over the tasks after the first contentful paint of max(0, 4 × duration − 50 ms):
 * what Lantern's 4x slowdown makes of them in its TBT, without its graph. Not Lighthouse's figure;
 * for deciding a change that splits or removes a task. Medians per build, every load's figure.
 */
import { launch } from '../e2e/browser';
import { type BuildStack, startBuildStack } from './build-stack';
import { median } from './median';

const args = process.argv.slice(2);
const dirs = args.filter((a) => !a.startsWith('--'));
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 12);
const pagePath = args.find((a) => a.startsWith('--page='))?.slice(7) ?? '/';
if (dirs.length < 2) throw new Error('usage: npx tsx bench/cold-tasks-ab.ts <distA> <distB> [...] [--runs=12] [--page=/]');

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { documentLoaderURL?: string } };
}

const stacks: BuildStack[] = [];
for (const [i, dir] of dirs.entries()) stacks.push(await startBuildStack(dir, `cold${i}`));
const browser = await launch();
const results = dirs.map(() => [] as { blocking: number; longTasks: number }[]);
try {
  for (let r = 0; r < runs; r++) {
    const order = r % 2 ? [...stacks.keys()].reverse() : [...stacks.keys()];
    for (const i of order) {
      const stack = stacks[i]!;
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      if (pagePath !== '/auth') await context.setExtraHTTPHeaders({ cookie: stack.cookie });
      const page = await context.newPage();
      await page.goto('about:blank');
      const cdp = await context.newCDPSession(page);
      const events: TraceEvent[] = [];
      cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'] } });
      await page.goto(`${stack.url}${pagePath}`, { waitUntil: 'load' });
      await page.waitForTimeout(2500);
      await cdp.send('Tracing.end');
      await done;
      await context.close();
      const nav = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http')).pop();
      if (!nav) throw new Error('no navigation in the trace');
      const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.ts >= nav.ts)?.ts ?? nav.ts;
      let blocking = 0;
      let longTasks = 0;
      for (const t of events) {
        if (t.pid !== nav.pid || t.tid !== nav.tid || t.ph !== 'X' || t.name !== 'RunTask' || t.ts + (t.dur ?? 0) <= fcp) continue;
        const ms = (t.ts + (t.dur ?? 0) - Math.max(t.ts, fcp)) / 1000;
        blocking += Math.max(0, 4 * ms - 50);
        if (ms > 12.5) longTasks += 1;
      }
      results[i]!.push({ blocking, longTasks });
    }
  }
} finally {
  await browser.close();
  for (const s of stacks) await s.stop();
}
for (const [i, dir] of dirs.entries()) {
  const xs = results[i]!;
  console.log(
    `${dir}: tasks after FCP at 4x, blocking median ${median(xs.map((x) => x.blocking)).toFixed(0)} ms (${xs.map((x) => x.blocking.toFixed(0)).join(' ')}); tasks over 12.5 ms: ${median(xs.map((x) => x.longTasks))}`,
  );
}
