import { type Domain, routes } from '@fittrack/functions/routes';
import { capacityModel } from '@fittrack/functions/lib/db/capacity/model';
import { readAccessRecord } from '@fittrack/functions/lib/db/capacity/recording';
import { ROUTE_TRAFFIC, TRAFFIC, peakRate } from '@fittrack/functions/lib/db/capacity/traffic';

/**
 * The stack's limits, sized from the capacity model (issue 17 point 4; DESIGN.md section 11): the
 * same traffic model and recorded accesses as `capacity.test.ts`, scaled to the number of monthly
 * users the stack is built for (`-c monthlyUsers`, 10M by default). Each figure says where it comes
 * from next to it; `npm run bench -- --only=capacity` prints them.
 */

export interface Throttle {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

/** Modelled peak over which a route's own throttle starts refusing: a launch, a day off, a wrong guess. */
export const ROUTE_HEADROOM = 2;
/** No route throttled below this: the rarest routes (a TOTP set-up) still serve a busy minute. */
export const MIN_ROUTE_RATE = 10;
/** The stage throttle over the sum of the route peaks (the routes do not all peak in the same second). */
const STAGE_HEADROOM = 1.5;
/**
 * Seconds one request keeps its function busy, per domain, on the high side of what the local
 * stack and the bench measure warm (two DynamoDB calls ~20–60 ms; Cognito's admin calls ~150 ms;
 * a Stripe or PayPal call ~300–800 ms). Concurrency = peak rate × this × CONCURRENCY_HEADROOM.
 */
const BUSY_SECONDS: Readonly<Record<Domain, number>> = {
  auth: 0.3,
  catalog: 0.1,
  tracking: 0.15,
  billing: 1,
  feedback: 0.15,
  admin: 0.5,
  'stripe-webhook': 0.5,
};
const CONCURRENCY_HEADROOM = 1.5;
/** No function reserved below this (an admin's summary and a system test at the same time). */
const MIN_RESERVED_CONCURRENCY = 5;
/** The table's on-demand ceiling over the modelled peak: high enough never to refuse real users, low enough to cap a runaway bill. */
const TABLE_HEADROOM = 2;
/** AWS keeps this much of the account's concurrency unreserved (Lambda refuses a reservation that would leave less). */
export const UNRESERVED_MINIMUM = 100;

/** The account's quotas the limits must fit in; AWS's defaults unless the deploy says otherwise. */
export interface AccountQuotas {
  /** Lambda concurrent executions in the region (default 1,000; Service Quotas L-B99A9384) */
  readonly lambdaConcurrency: number;
  /** on-demand read and write request units per table (default 40,000 each; L-CF0CBE56 and L-AB614373) */
  readonly tableReadUnits: number;
  readonly tableWriteUnits: number;
  /** API Gateway requests per second in the region, all APIs together (default 10,000; L-8A5B8E43) */
  readonly apiRequestsPerSecond: number;
}
export const DEFAULT_QUOTAS: AccountQuotas = { lambdaConcurrency: 1000, tableReadUnits: 40_000, tableWriteUnits: 40_000, apiRequestsPerSecond: 10_000 };

export interface CapacityLimits {
  readonly monthlyUsers: number;
  /** the stage's throttle: the sum of every route's peak, with STAGE_HEADROOM */
  readonly stage: Throttle;
  /** per route key ("POST /api/auth/login"): its peak with ROUTE_HEADROOM, at least MIN_ROUTE_RATE */
  readonly routes: Readonly<Record<string, Throttle>>;
  /** reserved concurrency per function */
  readonly reservedConcurrency: Readonly<Record<Domain, number>>;
  /**
   * The stream consumer's (log-digest): Lambda runs one invocation per stream shard at a time, and a
   * table has about a shard per partition, about one per 1,000 write units of its peak.
   */
  readonly streamConsumerConcurrency: number;
  /** on-demand maximum request units per second: the table, and each index */
  readonly table: { readonly maxRead: number; readonly maxWrite: number };
  readonly indexes: Readonly<Record<string, { readonly maxRead: number; readonly maxWrite: number }>>;
}

const roundUp = (n: number, step: number) => Math.max(step, Math.ceil(n / step) * step);
const throttleOf = (rate: number): Throttle => ({ rateLimit: rate, burstLimit: rate * 2 });

/** The limits for a stack built for `monthlyUsers` (the capacity model is stated for TRAFFIC.monthlyActiveUsers). */
export function capacityLimits(monthlyUsers: number = TRAFFIC.monthlyActiveUsers): CapacityLimits {
  if (!Number.isInteger(monthlyUsers) || monthlyUsers < 1000) throw new Error(`monthlyUsers must be a whole number of at least 1000, got ${monthlyUsers}`);
  const scale = monthlyUsers / TRAFFIC.monthlyActiveUsers;
  const routeLimits: Record<string, Throttle> = {};
  const domainRate = {} as Record<Domain, number>;
  let total = 0;
  for (const r of routes) {
    const key = `${r.method} ${r.path}` as keyof typeof ROUTE_TRAFFIC;
    const t = ROUTE_TRAFFIC[key];
    // admin and operator routes are per day, not per user: they do not scale with the users
    const peak = 'perDay' in t ? peakRate(t) : peakRate(t) * scale;
    total += peak;
    domainRate[r.domain] = (domainRate[r.domain] ?? 0) + peak;
    routeLimits[key] = throttleOf(Math.max(MIN_ROUTE_RATE, Math.ceil(peak * ROUTE_HEADROOM)));
  }
  const reservedConcurrency = Object.fromEntries(
    (Object.keys(BUSY_SECONDS) as Domain[]).map((d) => [d, Math.max(MIN_RESERVED_CONCURRENCY, Math.ceil((domainRate[d] ?? 0) * BUSY_SECONDS[d] * CONCURRENCY_HEADROOM))]),
  ) as Record<Domain, number>;
  const model = capacityModel(readAccessRecord());
  const ceiling = (u: { wcu: number; rcu: number }) => ({ maxRead: roundUp(u.rcu * scale * TABLE_HEADROOM, 100), maxWrite: roundUp(u.wcu * scale * TABLE_HEADROOM, 100) });
  const { table, ...indexes } = model.totals;
  if (!table) throw new Error('The capacity model has no table totals');
  return {
    monthlyUsers,
    stage: throttleOf(Math.max(MIN_ROUTE_RATE * 5, Math.ceil(total * STAGE_HEADROOM))),
    routes: routeLimits,
    reservedConcurrency,
    streamConsumerConcurrency: Math.max(MIN_RESERVED_CONCURRENCY, Math.ceil((table.wcu * scale * TABLE_HEADROOM) / 1000)),
    table: ceiling(table),
    indexes: Object.fromEntries(Object.entries(indexes).map(([name, u]) => [name, ceiling(u)])),
  };
}

/** What does not fit the account's quotas, as sentences for the person deploying; empty when all fits. */
export function quotaProblems(l: CapacityLimits, q: AccountQuotas): string[] {
  const out: string[] = [];
  const reserved = Object.values(l.reservedConcurrency).reduce((a, b) => a + b, l.streamConsumerConcurrency);
  if (reserved > q.lambdaConcurrency - UNRESERVED_MINIMUM) {
    out.push(
      `the functions reserve ${reserved} concurrent executions, and Lambda keeps ${UNRESERVED_MINIMUM} of the account's ${q.lambdaConcurrency} unreserved: ` +
        `ask for at least ${reserved + UNRESERVED_MINIMUM} (Service Quotas L-B99A9384) and deploy with -c lambdaConcurrencyQuota=<the new quota>`,
    );
  }
  const all = [l.table, ...Object.values(l.indexes)];
  const read = Math.max(...all.map((t) => t.maxRead));
  const write = Math.max(...all.map((t) => t.maxWrite));
  if (read > q.tableReadUnits) out.push(`the table may need ${read} read units a second at its peak, over the account's ${q.tableReadUnits} per table: raise it (L-CF0CBE56) and deploy with -c tableReadQuota=<the new quota>`);
  if (l.stage.rateLimit > q.apiRequestsPerSecond) {
    out.push(`the API may take ${l.stage.rateLimit} requests a second at its peak, over the account's ${q.apiRequestsPerSecond}: raise it (L-8A5B8E43) and deploy with -c apiRequestsQuota=<the new quota>`);
  }
  if (write > q.tableWriteUnits) out.push(`the table may need ${write} write units a second at its peak, over the account's ${q.tableWriteUnits} per table: raise it (L-AB614373) and deploy with -c tableWriteQuota=<the new quota>`);
  return out;
}
