import type { AdminLogsResponse } from '../contract/admin';
import { LOG_LIST_SIZE, RECENT_LOGIN_WINDOW_MS } from '../contract/admin-rules';
import { summary } from './admin-repository';

/** Events stamped slightly ahead of this function's clock (another instance's clock) still count. */
const CLOCK_SKEW_MS = 60_000;

/**
 * The admin summary in one DynamoDB call (docs/decisions/0016, 0023): the BatchGet of the counters
 * shards, the hourly login counts and the newest-events item (the session check's profile read
 * rides in it).
 */
export async function adminLogs(now = new Date()): Promise<AdminLogsResponse> {
  const since = new Date(now.getTime() - RECENT_LOGIN_WINDOW_MS);
  const until = new Date(now.getTime() + CLOCK_SKEW_MS);
  const { counters, logins, failedSignIns, events } = await summary(since, until, LOG_LIST_SIZE);
  return {
    // Never negative: a system test's cleanup may subtract on a shard before another shows the add.
    total: Math.max(0, counters.logCount),
    feedbackTotal: Math.max(0, counters.feedbackCount),
    recentLogins: logins,
    recentFailedSignIns: failedSignIns,
    events,
  };
}
