import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { type TransactItem, transact, unexpectedFailure } from '../lib/db/toolkit';
import { HttpError } from '../lib/http-error';

/**
 * Brute-force defence (DESIGN.md section 6): failed sign-ins are counted per account and per IP
 * in one-hour windows (items expire by TTL). Past the limit the account or IP is refused with
 * 429 until the window ends, whether the password is right or not, so a guess cannot be
 * confirmed. Unknown usernames are counted like known ones: the answers stay identical.
 */
export const LOGIN_FAILURE_LIMITS = { perAccount: 10, perIp: 30 } as const;
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please wait an hour and try again.';

const windowOf = (now: Date) => now.toISOString().slice(0, 13); // yyyy-mm-ddThh (UTC hour)
const scopes = (username: string, ip: string) =>
  [
    { scope: 'USER' as const, id: username.trim().toLowerCase(), limit: LOGIN_FAILURE_LIMITS.perAccount },
    { scope: 'IP' as const, id: ip, limit: LOGIN_FAILURE_LIMITS.perIp },
  ] as const;
const UNDER_LIMIT = 'attribute_not_exists(attempts) OR attempts < :limit';

const isConditionFailure = (err: unknown) => (err as { name?: string })?.name === 'ConditionalCheckFailedException';

/** Counts one failed sign-in (two conditional ADDs, one round trip in parallel); 429 past the limit. */
export async function recordLoginFailure(username: string, ip: string, now = new Date()): Promise<void> {
  const window = windowOf(now);
  const expiresAt = Math.floor(now.getTime() / 1000) + 2 * 3600;
  const results = await Promise.allSettled(
    scopes(username, ip).map((s) =>
      ddb().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.loginFailures(s.scope, s.id, window),
          UpdateExpression: 'ADD attempts :one SET expiresAt = :exp',
          ConditionExpression: UNDER_LIMIT,
          ExpressionAttributeValues: { ':one': 1, ':limit': s.limit, ':exp': expiresAt },
        }),
      ),
    ),
  );
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
  if (failures.some(isConditionFailure)) throw new HttpError(429, TOO_MANY_ATTEMPTS, { 'Retry-After': '3600' });
  if (failures.length) throw failures[0];
}

/** ConditionChecks that refuse a successful sign-in while the account or IP is over the limit. */
function loginAllowedChecks(username: string, ip: string, now = new Date()): TransactItem[] {
  const window = windowOf(now);
  return scopes(username, ip).map((s) => ({
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.loginFailures(s.scope, s.id, window),
      ConditionExpression: UNDER_LIMIT,
      ExpressionAttributeValues: { ':limit': s.limit },
    },
  }));
}

/**
 * Writes `items` (the login's activity log) together with the limit checks in one transaction.
 * A failed check means 429; a conflict with a concurrent transaction is retried (lib/db/toolkit.ts).
 */
export async function writeIfLoginAllowed(username: string, ip: string, items: TransactItem[], now = new Date()): Promise<void> {
  const checks = loginAllowedChecks(username, ip, now);
  const outcome = await transact([...checks, ...items]);
  if (outcome.ok) return;
  if (outcome.failed < checks.length) throw new HttpError(429, TOO_MANY_ATTEMPTS, { 'Retry-After': '3600' });
  throw unexpectedFailure(outcome);
}
