import { ulid } from 'ulidx';
import { type ActivityAction } from '../contract/activity-actions';
import { tableName } from './db/client';
import { keys } from './db/keys';
import { type TransactItem, transact } from './db/toolkit';

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

/**
 * gsi1 keys of the counters item (`STATS`/`COUNTERS`): it sits in the login partition of gsi1,
 * after every timestamp, so the admin summary reads the totals and the logins of the last 24 hours
 * with one key-condition Query (docs/decisions/0400-activity-log-and-feedback-keys.md).
 */
export const COUNTERS_GSI1 = { gsi1pk: 'ACTION#login', gsi1sk: '~COUNTERS' } as const;

/**
 * The update of the counters item: ADD each amount (atomic) and keep its gsi1 keys set, so the
 * item is in its gsi1 place from the first write that creates it.
 */
export function countersUpdate(adds: Record<string, number>): TransactItem {
  const entries = Object.entries(adds);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':cpk': COUNTERS_GSI1.gsi1pk, ':csk': COUNTERS_GSI1.gsi1sk };
  const parts = entries.map(([attr, n], i) => {
    names[`#c${i}`] = attr;
    values[`:c${i}`] = n;
    return `#c${i} :c${i}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: keys.counters(),
      UpdateExpression: `ADD ${parts.join(', ')} SET gsi1pk = :cpk, gsi1sk = :csk`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * The transaction items that record one activity: the log item (one partition `LOG#ALL`, newest
 * first; gsi1 by action so "recent logins" is one key-condition Query) and the atomic counter.
 * Callers may add them to their own transaction so the log costs no extra round trip; a caller
 * that also counts something else on `STATS`/`COUNTERS` passes it in `alsoAdd` (one transaction
 * may touch an item only once).
 */
export function activityLogItems(a: ActivityInput, o: { alsoAdd?: Record<string, number> } = {}): TransactItem[] {
  const now = a.now ?? new Date();
  const ts = now.toISOString();
  const id = ulid(now.getTime());
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.log(ts, id),
          gsi1pk: `ACTION#${a.action}`,
          gsi1sk: `${ts}#${id}`,
          entity: 'LOG',
          id,
          action: a.action,
          details: a.details.slice(0, 500),
          userId: a.userId,
          ipAddress: a.ipAddress,
          timestamp: ts,
          expiresAt: Math.floor(now.getTime() / 1000) + ACTIVITY_LOG_RETENTION_DAYS * 86_400,
        },
      },
    },
    countersUpdate({ logCount: 1, ...o.alsoAdd }),
  ];
}

/** Records an activity. Logging never fails the user's request: errors are only logged. */
export async function logActivity(a: ActivityInput): Promise<void> {
  try {
    await transact(activityLogItems(a));
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', msg: 'activity log write failed', action: a.action, error: String(err) }));
  }
}
