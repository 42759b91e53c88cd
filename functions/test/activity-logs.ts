import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../src/lib/db/client';
import { COUNTER_SHARDS, keys } from '../src/lib/db/keys';
import { GSI1 } from '../src/lib/db/table';
import { queryAll } from '../src/lib/db/toolkit';

/**
 * The activity-log items of one action for one user, newest first: every event is indexed on gsi1
 * `LOG#RECENT` (docs/decisions/0016); the action and the user are a filter (tests only).
 */
export async function activityLogsOf(action: string, userId: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: '#a = :a AND userId = :u',
    ExpressionAttributeNames: { '#a': 'action' },
    ExpressionAttributeValues: { ':pk': keys.logRecentGsi1pk(), ':a': action, ':u': userId },
    ScanIndexForward: false,
  });
}

/** The stored totals: the sum of every counters shard and the legacy item (strongly consistent reads). */
export async function storedCounters(): Promise<{ logCount: number; feedbackCount: number }> {
  const all = [keys.legacyCounters(), ...Array.from({ length: COUNTER_SHARDS }, (_, n) => keys.counterShard(n))];
  const res = await ddb().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: all, ConsistentRead: true } } }));
  const items = res.Responses?.[tableName()] ?? [];
  if (res.UnprocessedKeys && Object.keys(res.UnprocessedKeys).length > 0) throw new Error('counters read left keys unprocessed');
  return {
    logCount: items.reduce((s, it) => s + Number(it.logCount ?? 0), 0),
    feedbackCount: items.reduce((s, it) => s + Number(it.feedbackCount ?? 0), 0),
  };
}
