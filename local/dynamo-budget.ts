import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type CallStats } from '../functions/src/lib/db/capacity/recording';

/** DESIGN.md section 5/10: at most two DynamoDB round trips per request and no Scan while serving. */
const MAX_DYNAMO_CALLS = 2;

/**
 * Routes allowed more calls, each with the reason. The admin system tests deliberately run whole
 * sign-up / sign-in / feedback journeys on the server, so they are many requests' worth of work.
 */
const DYNAMO_BUDGET_EXCEPTIONS: Record<string, string> = {
  'POST /api/admin/system-tests/{test}': 'runs a complete sign-up, sign-in or feedback journey server-side, then cleans up',
  'POST /api/admin/sandbox/payments/{id}/events':
    'sandbox mode only: reads the payment (an unknown one is a 404), then runs the webhook code of the real provider, which reads and writes on its own (decision 0306)',
  'POST /api/admin/payments/{id}/refund':
    "an admin's refund (rare): the record and the user's profile in one BatchGet, a one-item Query for an earlier payment (the refund policy covers a first purchase only, decision 0200), the reversal's transaction",
  'POST /api/account/delete':
    'deletes a whole account (decision 0021): the profile, the password check through the sign-in limits, the mark, the item collection, feedback and log entries anonymised one by one, batch deletes, the last transaction and a last look; rare (once per account)',
  'GET /api/account/export':
    'one paginated Query of the account (1 MB a page) and a BatchGet of its feedback (100 a call): 1-2 calls for almost every account, more only past 1 MB or 100 feedback items (decision 0021)',
  'POST /api/auth/login':
    'a successful sign-in reads its limits before asking Cognito (a refused attempt never asks it, decision 0017), then the profile, then writes the session with the log',
};

/**
 * Routes whose usual request is within the budget but whose rarer paths take more calls, each
 * with the most one request may make and why. Found on 2026-11-28, when the budget began to count
 * the handlers that tests invoke directly (the signed webhook events) and not only the requests
 * through the local gateway; until then these paths were never counted.
 */
export const DYNAMO_RARE_PATHS: Record<string, { max: number; reason: string }> = {
  'DELETE /api/progress/today/meals/{id}': {
    max: 3,
    reason:
      'a stated amount that no longer matches (a list shown before another device changed it, decision 0104): the conditional write is refused, then the entry and the day are read and the removal written',
  },
  'DELETE /api/pushups/{id}': { max: 3, reason: 'as for a meal entry: a stated count that no longer matches costs a read and a second write' },
  'POST /api/auth/activate-subscription': {
    max: 4,
    reason:
      "card: the profile, then the subscription's transaction, narrowed once by its cancellation reason (the invoice already recorded by the webhook), then the profile again when the webhook's state won",
  },
  'POST /webhooks/stripe': {
    max: 4,
    reason:
      "a dispute closed in our favour clears its reversal first (an update); the sync transaction is narrowed by its cancellation reasons (invoice already recorded, then reversed) and is tried at most three times here (billing-repository.ts, applyCardSubscription)",
  },
};

/** The most DynamoDB calls one request of a route may make (`npm run bench` shows it); undefined for an exempt route. */
export function dynamoCallLimit(route: string): number | undefined {
  if (DYNAMO_BUDGET_EXCEPTIONS[route]) return undefined;
  return DYNAMO_RARE_PATHS[route]?.max ?? MAX_DYNAMO_CALLS;
}

/** The routes whose worst request broke the budget, as readable lines (empty when all are within it). */
export function dynamoBudgetViolations(stats: CallStats): string[] {
  const out: string[] = [];
  for (const [route, s] of Object.entries(stats)) {
    if (s.scans > 0) out.push(`${route}: ${s.scans} Scan(s) while serving requests`);
    const max = dynamoCallLimit(route);
    if (max !== undefined && s.maxCalls > max) out.push(`${route}: ${s.maxCalls} DynamoDB calls in one request (budget ${max}): ${s.worst.join(', ')}`);
  }
  return out;
}

/** Writes the figures for `npm run bench` (bench/dynamodb-calls.json). */
export function writeDynamoStats(stats: CallStats): string {
  const file = path.resolve(import.meta.dirname, '../bench/dynamodb-calls.json');
  mkdirSync(path.dirname(file), { recursive: true });
  const sorted = Object.fromEntries(Object.entries(stats).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(file, JSON.stringify({ measuredAt: new Date().toISOString(), budget: MAX_DYNAMO_CALLS, routes: sorted }, null, 2) + '\n');
  return file;
}
