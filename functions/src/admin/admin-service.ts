import { type AdminLogsResponse, LOG_LIST_SIZE, RECENT_LOGIN_WINDOW_MS } from '../contract/admin';
import { countersAndLogins, newestEvents } from './admin-repository';

/** Events stamped slightly ahead of this function's clock (another instance's clock) still count. */
const CLOCK_SKEW_MS = 60_000;

/**
 * The admin summary in two DynamoDB calls (docs/decisions/0016), one after the other: first the
 * BatchGet of the counters shards and the hourly login counts (the session check's profile read
 * rides in it), then the Query of the newest 50 events. Run together, the Query would go first
 * with the check still pending and cost a profile read of its own.
 */
export async function adminLogs(now = new Date()): Promise<AdminLogsResponse> {
  const since = new Date(now.getTime() - RECENT_LOGIN_WINDOW_MS);
  const until = new Date(now.getTime() + CLOCK_SKEW_MS);
  const { counters, logins, failedSignIns } = await countersAndLogins(since, until);
  const events = await newestEvents(LOG_LIST_SIZE, until.toISOString());
  return {
    // Never negative: a system test's cleanup may subtract on a shard before another shows the add.
    total: Math.max(0, counters.logCount),
    feedbackTotal: Math.max(0, counters.feedbackCount),
    recentLogins: logins,
    recentFailedSignIns: failedSignIns,
    events,
  };
}
