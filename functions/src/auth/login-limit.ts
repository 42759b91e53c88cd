import { LOG_SHARDS, keys } from '../lib/db/keys';
import { tableName } from '../lib/db/client';
import { type TransactItem, batchGet, transact } from '../lib/db/toolkit';
import { ACTIVITY_LOG_RETENTION_DAYS, countersUpdate, hourOf, loginFailureCountUpdate } from '../lib/activity-log';
import { HttpError } from '../lib/http-error';

/**
 * Sign-in limits that cannot be turned against users (issue 15 point 3, DESIGN.md section 6,
 * docs/decisions/0017). Failed sign-ins are counted per UTC hour in three places:
 *
 * - the (account, address) pair: past `perPair` that address may not try that account again;
 * - the address overall: past `perAddress` (a spray over many accounts) it may not try any;
 * - the account overall: past `accountCeiling` (a spread attack from many addresses), an address
 *   that has failed on the account itself is refused, and one with no failures of its own is only
 *   slowed (`ACCOUNT_CEILING_DELAY_MS`), so the owner still gets in.
 *
 * The counters are read BEFORE Cognito (`loginGate`): a refused attempt never asks Cognito and never
 * looks at the password, so its answer is the same bytes in the same time whatever was typed. Unknown
 * usernames are counted like real ones.
 */
export const LOGIN_LIMITS = { perPair: 10, perAddress: 30, accountCeiling: 100 } as const;
export const ACCOUNT_CEILING_DELAY_MS = 2_000;
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please wait an hour and try again.';
/** The same header on every refusal (a per-second countdown would make two refusals differ). */
const REFUSAL_HEADERS = { 'Retry-After': '3600' } as const;

/** Items live two hours: the window they count plus one. */
const COUNTER_TTL_SECONDS = 2 * 3600;

/** The account's lower-cased username, cut to a length no real one has (attackers type anything). */
export const accountIdOf = (username: string) => username.trim().toLowerCase().slice(0, 128);

function counterKeys(username: string, ip: string, window: string) {
  const account = accountIdOf(username);
  return {
    pair: keys.loginFailures('PAIR', `${account}#${ip}`, window),
    address: keys.loginFailures('IP', ip, window),
    account: keys.loginFailures('USER', account, window),
  };
}

export type GateVerdict = 'allow' | 'slow' | 'refuse';

/** The verdict for the counts of the current hour (pure: unit-tested in login-limit.test.ts). */
export function gateVerdict(c: { pair: number; address: number; account: number }): GateVerdict {
  if (c.pair >= LOGIN_LIMITS.perPair || c.address >= LOGIN_LIMITS.perAddress) return 'refuse';
  if (c.account >= LOGIN_LIMITS.accountCeiling) return c.pair > 0 ? 'refuse' : 'slow';
  return 'allow';
}

/** Call 1 of every sign-in: one BatchGet of the three counters of this hour. */
export async function loginGate(username: string, ip: string, now = new Date()): Promise<GateVerdict> {
  const k = counterKeys(username, ip, hourOf(now));
  const [pair, address, account] = await batchGet([k.pair, k.address, k.account]);
  const n = (it: Record<string, unknown> | undefined) => Number(it?.attempts ?? 0);
  return gateVerdict({ pair: n(pair), address: n(address), account: n(account) });
}

export const refusal = () => new HttpError(429, TOO_MANY_ATTEMPTS, { ...REFUSAL_HEADERS });

/** A stable shard for the account's aggregate log item, so every failure of the hour finds the same item. */
function shardOf(account: string): number {
  let h = 0;
  for (const ch of account) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % LOG_SHARDS;
}

/** The key of the account's `login_failed` entry of the hour holding `now`. */
export function failedSignInLogKey(username: string, now: Date) {
  const account = accountIdOf(username);
  return keys.log(`${hourOf(now)}:00:00.000Z`, `LOGIN_FAILED#${account}`, shardOf(account));
}

/**
 * The account's `login_failed` entry of this hour: ONE activity-log item per account and hour that
 * counts its failures (`attempts`) and refusals (`refused`) and keeps the first time and the last
 * address, so an attack adds a number, not a flood of entries. The newest-events list shows it at
 * its first failure, with its latest counts (log-digest/, decision 0023).
 */
function failedSignInLogItem(username: string, ip: string, kind: 'failed' | 'refused', now: Date): TransactItem {
  const account = accountIdOf(username);
  const hour = hourOf(now);
  const id = `LOGIN_FAILED#${account}`;
  const ts = now.toISOString();
  return {
    Update: {
      TableName: tableName(),
      Key: failedSignInLogKey(username, now),
      UpdateExpression:
        'ADD #count :one SET entity = :log, id = if_not_exists(id, :id), #action = :action, details = :details, userId = :null, ' +
        'ipAddress = :ip, #ts = if_not_exists(#ts, :ts), lastAt = :ts, expiresAt = :exp',
      ExpressionAttributeNames: { '#count': kind === 'failed' ? 'attempts' : 'refused', '#action': 'action', '#ts': 'timestamp' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':log': 'LOG',
        ':id': `${hour}#${id}`,
        ':action': 'login_failed',
        ':details': `Failed sign-ins for ${account.slice(0, 64)}`,
        ':null': null,
        ':ip': ip,
        ':ts': ts,
        ':exp': Math.floor(now.getTime() / 1000) + ACTIVITY_LOG_RETENTION_DAYS * 86_400,
      },
    },
  };
}

/**
 * Call 2 of a sign-in that failed or was refused, one transaction: a failure adds to the three
 * counters; both add to the account's `login_failed` entry, to the minute's failed sign-ins (the
 * admin stat card) and to the failed sign-in total.
 */
export async function recordFailedSignIn(username: string, ip: string, kind: 'failed' | 'refused', now = new Date()): Promise<void> {
  const expiresAt = Math.floor(now.getTime() / 1000) + COUNTER_TTL_SECONDS;
  const k = counterKeys(username, ip, hourOf(now));
  const counters: TransactItem[] =
    kind === 'failed'
      ? [k.pair, k.address, k.account].map((Key) => ({
          Update: {
            TableName: tableName(),
            Key,
            UpdateExpression: 'ADD attempts :one SET expiresAt = :exp, entity = :entity',
            ExpressionAttributeValues: { ':one': 1, ':exp': expiresAt, ':entity': 'LOGIN_FAILURES' },
          },
        }))
      : [];
  const outcome = await transact([
    ...counters,
    failedSignInLogItem(username, ip, kind, now),
    loginFailureCountUpdate(now),
    countersUpdate({ failedSignIns: 1 }),
  ]);
  if (!outcome.ok) throw new Error(`Recording a failed sign-in failed at item ${outcome.failed}`);
}
