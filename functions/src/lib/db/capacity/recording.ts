import { appendFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type DynamoTally, type SentCommand, dynamoTally } from '../client';
import { type AccessPattern, type RouteRecord, mergeRoute, patternId, recordRequest } from './accesses';

/**
 * The integration run records which items every route touches (decision 0020): each request's
 * DynamoDB commands, classified by the key builders, appended as one JSON line to a file in the
 * directory named by `CAPACITY_RECORD_DIR` (the local gateway's process and every test worker
 * that invokes a handler directly write their own file). The run's teardown merges them and holds
 * them against the committed record, `access-record.json`, which the capacity model reads.
 */
export const RECORD_DIR_ENV = 'CAPACITY_RECORD_DIR';
export const RECORD_FILE = path.resolve(import.meta.dirname, 'access-record.json');

export interface AccessRecord {
  /** how the record was made (for people) */
  note: string;
  routes: Record<string, RouteRecord>;
}

/** A tally that keeps every command, when this process records (undefined otherwise). */
export function recordingTally(): DynamoTally | undefined {
  return process.env[RECORD_DIR_ENV] ? { calls: 0, scans: 0, commands: [], sent: [] } : undefined;
}

/**
 * Runs one handler invocation and records its commands, when this process records: in a tally of
 * its own, or in the caller's when a test already counts calls around it (its count stays whole).
 */
export async function recordInvocation<T>(routeKey: string, run: () => Promise<T>): Promise<T> {
  if (!process.env[RECORD_DIR_ENV]) return run();
  const outer = dynamoTally.getStore();
  if (!outer) {
    const tally = recordingTally()!;
    const res = await dynamoTally.run(tally, run);
    saveRequest(routeKey, tally.sent!);
    return res;
  }
  const sent = (outer.sent ??= []);
  const from = sent.length;
  const res = await run();
  saveRequest(routeKey, sent.slice(from));
  return res;
}

/** DynamoDB calls per route (DESIGN.md section 10: at most two per request, no Scan): the worst request's commands. */
export type CallStats = Record<string, { requests: number; maxCalls: number; scans: number; worst: string[] }>;

/**
 * Appends one request's accesses (or why they could not be classified) to this process's file,
 * with the names of the commands it sent: the call budget counts every request of the run, the
 * gateway's and the handlers that tests invoke directly (the webhooks with a signed event).
 */
export function saveRequest(routeKey: string, sent: SentCommand[] | undefined): void {
  const dir = process.env[RECORD_DIR_ENV];
  if (!dir || !sent) return;
  const commands = sent.map((c) => c.command);
  let line: string;
  try {
    line = JSON.stringify({ route: routeKey, commands, record: recordRequest(undefined, sent) });
  } catch (err) {
    line = JSON.stringify({ route: routeKey, commands, error: err instanceof Error ? err.message : String(err) });
  }
  appendFileSync(path.join(dir, `${process.pid}.jsonl`), line + '\n');
}

/** Every process's lines, merged per route, the requests that could not be classified, and the calls per route. */
export function readRecording(dir: string): { routes: Record<string, RouteRecord>; errors: string[]; calls: CallStats } {
  const routes: Record<string, RouteRecord> = {};
  const calls: CallStats = {};
  const errors = new Set<string>();
  if (!existsSync(dir)) return { routes, errors: [], calls };
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl'))) {
    for (const line of readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      if (!line) continue;
      const l = JSON.parse(line) as { route: string; commands: string[]; record?: RouteRecord; error?: string };
      const c = (calls[l.route] ??= { requests: 0, maxCalls: 0, scans: 0, worst: [] });
      c.requests += 1;
      c.scans += l.commands.filter((n) => n === 'ScanCommand').length;
      if (l.commands.length > c.maxCalls) {
        c.maxCalls = l.commands.length;
        c.worst = l.commands;
      }
      if (l.error) errors.add(`${l.route}: ${l.error}`);
      else routes[l.route] = mergeRoute(routes[l.route] ?? { requests: 0, accesses: [] }, l.record!);
    }
  }
  const list = [...errors];
  return { routes: sortRoutes(routes), errors: list.length > 20 ? [...list.slice(0, 20), `… and ${list.length - 20} more`] : list, calls };
}

const sortRoutes = (routes: Record<string, RouteRecord>) => Object.fromEntries(Object.entries(routes).sort(([a], [b]) => a.localeCompare(b)));

export function readAccessRecord(file = RECORD_FILE): AccessRecord {
  return JSON.parse(readFileSync(file, 'utf8')) as AccessRecord;
}

export function writeAccessRecord(routes: Record<string, RouteRecord>, file = RECORD_FILE): void {
  const record: AccessRecord = {
    note: 'Written by `CAPACITY_RECORD=write npx vitest run --project functions-int` (decision 0020): every DynamoDB access each route made during the whole integration run. Do not edit by hand.',
    routes: sortRoutes(routes),
  };
  // one line per access pattern: a change of the record reads as a diff of whole accesses
  const routeText = Object.entries(record.routes).map(
    ([route, r]) => `    ${JSON.stringify(route)}: {\n      "requests": ${r.requests},\n      "accesses": [\n${r.accesses.map((a) => `        ${JSON.stringify(a)}`).join(',\n')}\n      ]\n    }`,
  );
  writeFileSync(file, `{\n  "note": ${JSON.stringify(record.note)},\n  "routes": {\n${routeText.join(',\n')}\n  }\n}\n`);
}

/**
 * What this run did that the committed record does not know: an access pattern a route made that
 * the record lacks (more load, or an item the IAM policies may not allow), or a key no builder
 * makes, or an attribute name a write names that the record lacks. A record entry that this run did not use is not a violation: a run of some test files
 * only exercises some paths. Counts and sizes are not compared (they depend on the test data and
 * the hour); `CAPACITY_RECORD=write` takes them from a whole run.
 */
export function recordViolations(committed: AccessRecord, fresh: { routes: Record<string, RouteRecord>; errors: string[] }): string[] {
  const out = [...fresh.errors];
  for (const [route, r] of Object.entries(fresh.routes)) {
    const known = new Map((committed.routes[route]?.accesses ?? []).map((a: AccessPattern) => [patternId(a), a]));
    for (const a of r.accesses) {
      const k = known.get(patternId(a));
      if (!k) out.push(`${route} made ${patternId(a)}, which functions/src/lib/db/capacity/access-record.json does not have`);
      const newNames = a.attributes.filter((n) => !k?.attributes.includes(n));
      if (k && newNames.length) out.push(`${route} wrote attribute(s) ${newNames.join(', ')} with ${patternId(a)}, which the record (and the IAM policies built from it) do not have`);
    }
  }
  return out;
}
