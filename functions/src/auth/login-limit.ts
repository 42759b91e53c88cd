import { TransactWriteCommand, type TransactWriteCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/dynamo';
import { HttpError } from '../lib/http-error';
import { keys } from '../lib/keys';

/**
 * Brute-force defence (DESIGN.md section 6): failed sign-ins are counted per account and per IP
 * in one-hour windows (items expire by TTL). Past the limit the account or IP is refused with
 * 429 until the window ends, whether the password is right or not, so a guess cannot be
 * confirmed. Unknown usernames are counted like known ones: the answers stay identical.
 */
export const LOGIN_FAILURE_LIMITS = { perAccount: 10, perIp: 30 } as const;
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please wait an hour and try again.';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

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
export function loginAllowedChecks(username: string, ip: string, now = new Date()): TransactItem[] {
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
 * A failed check means 429; a transaction conflict with a concurrent failed attempt is retried once.
 */
export async function writeIfLoginAllowed(username: string, ip: string, items: TransactItem[], now = new Date()): Promise<void> {
  const checks = loginAllowedChecks(username, ip, now);
  for (let attempt = 0; ; attempt++) {
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: [...checks, ...items] }));
      return;
    } catch (err) {
      const e = err as { name?: string; CancellationReasons?: { Code?: string }[] };
      if (e.name !== 'TransactionCanceledException') throw err;
      const codes = (e.CancellationReasons ?? []).map((r) => r.Code);
      if (codes.slice(0, checks.length).includes('ConditionalCheckFailed')) throw new HttpError(429, TOO_MANY_ATTEMPTS, { 'Retry-After': '3600' });
      if (attempt >= 1) throw err;
    }
  }
}
