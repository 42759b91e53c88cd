import { type AdminLogsResponse, LOG_LIST_SIZE, RECENT_LOGIN_WINDOW_MS } from '../contract/admin';
import { loginsSinceAndCounters, newestEvents } from './admin-repository';

/** Logins stamped slightly ahead of this function's clock (another instance's clock) still count. */
const CLOCK_SKEW_MS = 60_000;

/**
 * The admin summary in two DynamoDB round trips, made in parallel: the newest 50 events, and one
 * key-condition Query that yields the logins of the last 24 hours plus the counters.
 */
export async function adminLogs(now = new Date()): Promise<AdminLogsResponse> {
  const since = new Date(now.getTime() - RECENT_LOGIN_WINDOW_MS).toISOString();
  const until = new Date(now.getTime() + CLOCK_SKEW_MS).toISOString();
  const [events, logins] = await Promise.all([newestEvents(LOG_LIST_SIZE), loginsSinceAndCounters(since)]);
  const { counters } = logins;
  return {
    total: counters.logCount,
    feedbackTotal: counters.feedbackCount,
    recentLogins: logins.loginTimestamps.filter((ts) => ts > since && ts <= until).length,
    events,
  };
}
