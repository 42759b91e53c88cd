import { ulid } from 'ulidx';
import { type ActivityAction } from '../contract/activity-actions';
import { tableName } from './db/client';
import { COUNTER_SHARDS, LOGIN_COUNT_SHARDS, LOG_SHARDS, keys, randomShard } from './db/keys';
import { type TransactItem, transact } from './db/toolkit';
import { log } from './log';

/**
 * How long an activity-log item lives: the privacy page promises at most 12 months. The item
 * carries the table's TTL attribute (`tableDefinition.timeToLiveAttribute`, epoch seconds), and
 * DynamoDB deletes it after that, within a few days.
 */
export const ACTIVITY_LOG_RETENTION_DAYS = 365;

export interface ActivityInput {
  action: ActivityAction;
  userId: string | null;
  details: string;
  ipAddress: string;
  now?: Date;
}

/** The UTC hour of an instant, `yyyy-mm-ddThh`: the login counts are kept per hour. */
export const hourOf = (d: Date): string => d.toISOString().slice(0, 13);
/** The attribute of a login count item that counts the logins of one minute of its hour: `m00`–`m59`. */
export const minuteAttr = (minute: number): string => `m${String(minute).padStart(2, '0')}`;
/** The attribute of a login count item that counts the failed sign-ins of one minute: `f00`–`f59`. */
export const failureMinuteAttr = (minute: number): string => `f${String(minute).padStart(2, '0')}`;
/** A login count item lives two days past its hour (the admin view reads the last 24 hours). */
const LOGIN_COUNT_TTL_SECONDS = 2 * 86_400;

/**
 * The update of one counters shard (`STATS#<n>`, picked at random): ADD each amount (atomic, no
 * read). The totals are the sum of all shards (admin-repository), so any shard may take any add,
 * negative ones included.
 */
export function countersUpdate(adds: Record<string, number>, random: () => number = Math.random): TransactItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':entity': 'COUNTERS' };
  const parts = Object.entries(adds).map(([attr, n], i) => {
    names[`#c${i}`] = attr;
    values[`:c${i}`] = n;
    return `#c${i} :c${i}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: keys.counterShard(randomShard(COUNTER_SHARDS, random)),
      UpdateExpression: `ADD ${parts.join(', ')} SET entity = :entity`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** ADD one to `attr` of a random shard of the hour's login count (TTL two days past the hour). */
function minuteCountUpdate(attr: string, now: Date, random: () => number): TransactItem {
  const hourEnd = Math.floor(Date.parse(`${hourOf(now)}:00:00.000Z`) / 1000) + 3600;
  return {
    Update: {
      TableName: tableName(),
      Key: keys.loginCount(hourOf(now), randomShard(LOGIN_COUNT_SHARDS, random)),
      UpdateExpression: 'ADD #m :one SET expiresAt = :exp, entity = :entity',
      ExpressionAttributeNames: { '#m': attr },
      ExpressionAttributeValues: { ':one': 1, ':exp': hourEnd + LOGIN_COUNT_TTL_SECONDS, ':entity': 'LOGIN_COUNT' },
    },
  };
}

/** The count of one login: its minute (`m<mm>`) in a random shard of its hour's login count. */
export const loginCountUpdate = (now: Date, random: () => number = Math.random): TransactItem => minuteCountUpdate(minuteAttr(now.getUTCMinutes()), now, random);

/**
 * The count of one failed sign-in: `f<mm>` of its minute, in the same items as the logins, so the
 * admin summary's one BatchGet reads both (decision 0017).
 */
export const loginFailureCountUpdate = (now: Date, random: () => number = Math.random): TransactItem =>
  minuteCountUpdate(failureMinuteAttr(now.getUTCMinutes()), now, random);

/**
 * The transaction items that record one activity (docs/decisions/0016): the log item, in its day's
 * partition on a random shard (the newest-events list is kept from the table's stream, off the
 * request path: log-digest/, decision 0023); an ADD on a random counters shard; and for a sign-in, its minute in the hour's login count.
 * Callers add them to their own transaction so the log costs no extra round trip; a caller that
 * also counts something else on the counters passes it in `alsoAdd` (one transaction may touch an
 * item only once).
 */
export function activityLogItems(a: ActivityInput, o: { alsoAdd?: Record<string, number>; random?: () => number } = {}): TransactItem[] {
  const now = a.now ?? new Date();
  const random = o.random ?? Math.random;
  const ts = now.toISOString();
  const id = ulid(now.getTime());
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.log(ts, id, randomShard(LOG_SHARDS, random)),
          entity: 'LOG',
          id,
          action: a.action,
          details: a.details.slice(0, 500),
          userId: a.userId,
          // the user's own index of their entries: account deletion finds and anonymises them (decision 0021)
          ...(a.userId ? { gsi1pk: keys.userLogGsi1pk(a.userId), gsi1sk: ts } : {}),
          ipAddress: a.ipAddress,
          timestamp: ts,
          expiresAt: Math.floor(now.getTime() / 1000) + ACTIVITY_LOG_RETENTION_DAYS * 86_400,
        },
      },
    },
    countersUpdate({ logCount: 1, ...o.alsoAdd }, random),
    ...(a.action === 'login' ? [loginCountUpdate(now, random)] : []),
  ];
}

/** Records an activity. Logging never fails the user's request: errors are only logged. */
export async function logActivity(a: ActivityInput): Promise<void> {
  try {
    await transact(activityLogItems(a));
  } catch (err) {
    log.error('activity log write failed', { action: a.action, error: String(err) });
  }
}
