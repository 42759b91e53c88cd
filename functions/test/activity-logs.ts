import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../src/lib/db/client';
import { COUNTER_SHARDS, LOG_SHARDS, keys } from '../src/lib/db/keys';
import { queryAll } from '../src/lib/db/toolkit';

/**
 * The activity-log items of one action for one user, newest first: every shard of today's and
 * yesterday's UTC day partitions (`LOG#<date>#<n>`, docs/decisions/0016), the action and the user a
 * filter. Tests only: 32 Queries, which no request may make.
 */
export async function activityLogsOf(action: string, who: string | { userId?: string; detailsContain?: string }, now = new Date()): Promise<Record<string, unknown>[]> {
  const by = typeof who === 'string' ? { userId: who } : who;
  const days = [now, new Date(now.getTime() - 86_400_000)].map((d) => d.toISOString());
  const partitions = days.flatMap((ts) => Array.from({ length: LOG_SHARDS }, (_, n) => keys.log(ts, '', n).pk));
  const found = await Promise.all(
    partitions.map((pk) =>
      queryAll({
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: by.userId !== undefined ? '#a = :a AND userId = :u' : '#a = :a AND contains(details, :u)',
        ExpressionAttributeNames: { '#a': 'action' },
        ExpressionAttributeValues: { ':pk': pk, ':a': action, ':u': by.userId ?? by.detailsContain ?? '' },
      }),
    ),
  );
  return found.flat().sort((a, b) => (String(a.sk) < String(b.sk) ? 1 : -1));
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
