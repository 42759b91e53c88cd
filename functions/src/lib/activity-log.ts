import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulidx';
import { ddb, tableName } from './dynamo';
import { keys } from './keys';

export type ActivityAction =
  | 'login'
  | 'signup'
  | 'logout'
  | 'subscription_activated'
  | 'payment_failed'
  | 'feedback_submitted'
  | 'feedback_status_changed';

export interface ActivityInput {
  action: ActivityAction;
  userId: string | null;
  details: string;
  ipAddress: string;
  now?: Date;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The transaction items that record one activity: the log item (partitioned by day,
 * gsi1 by action so "recent logins" is one key-condition Query) and the atomic counter.
 * Callers may add them to their own transaction so the log costs no extra round trip.
 */
export function activityLogItems(a: ActivityInput): TransactItem[] {
  const now = a.now ?? new Date();
  const ts = now.toISOString();
  const id = ulid(now.getTime());
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.log(ts.slice(0, 10), ts, id),
          gsi1pk: `ACTION#${a.action}`,
          gsi1sk: `${ts}#${id}`,
          entity: 'LOG',
          id,
          action: a.action,
          details: a.details.slice(0, 500),
          userId: a.userId,
          ipAddress: a.ipAddress,
          timestamp: ts,
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.counters(),
        UpdateExpression: 'ADD logCount :one',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  ];
}

/** Records an activity. Logging never fails the user's request: errors are only logged. */
export async function logActivity(a: ActivityInput): Promise<void> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: activityLogItems(a) }));
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', msg: 'activity log write failed', action: a.action, error: String(err) }));
  }
}
