import { type ActivityLogEntry } from '../contract/admin';
import { COUNTERS_GSI1 } from '../lib/activity-log';
import { keys } from '../lib/db/keys';
import { GSI1 } from '../lib/db/table';
import { type Item, queryAll, queryPage } from '../lib/db/toolkit';

const toEntry = (it: Item): ActivityLogEntry => ({
  id: String(it.id ?? ''),
  action: String(it.action ?? ''),
  details: String(it.details ?? ''),
  userId: typeof it.userId === 'string' ? it.userId : null,
  ipAddress: String(it.ipAddress ?? ''),
  timestamp: String(it.timestamp ?? ''),
});

/** The newest `limit` events: one Query on the log partition, newest first. */
export async function newestEvents(limit: number): Promise<ActivityLogEntry[]> {
  const { items } = await queryPage({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.logPartition() },
    ScanIndexForward: false,
    Limit: limit,
  });
  return items.map(toEntry);
}

interface Counters {
  logCount: number;
  feedbackCount: number;
}

const countersOf = (it: Item | undefined): Counters => ({
  logCount: Number(it?.logCount ?? 0),
  feedbackCount: Number(it?.feedbackCount ?? 0),
});

/**
 * One key-condition Query on gsi1 `ACTION#login`, gsi1sk > since: the login events of the window
 * and — because the counters item sits in that partition after every timestamp — the totals.
 * Only a few attributes are projected. Answers the login timestamps and the counters (zero before
 * the first activity has been recorded: every counter write sets the item's gsi1 keys).
 */
export async function loginsSinceAndCounters(sinceIso: string): Promise<{ loginTimestamps: string[]; counters: Counters }> {
  const items = await queryAll({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk > :since',
    ExpressionAttributeValues: { ':pk': COUNTERS_GSI1.gsi1pk, ':since': sinceIso },
    ProjectionExpression: 'pk, #ts, logCount, feedbackCount',
    ExpressionAttributeNames: { '#ts': 'timestamp' },
  });
  const loginTimestamps: string[] = [];
  let counters: Counters = countersOf(undefined);
  for (const it of items) {
    if (it.pk === keys.counters().pk) counters = countersOf(it);
    else if (typeof it.timestamp === 'string') loginTimestamps.push(it.timestamp);
  }
  return { loginTimestamps, counters };
}
