import { type ActivityLogEntry } from '../contract/admin';
import { failureMinuteAttr, hourOf, minuteAttr } from '../lib/activity-log';
import { COUNTER_SHARDS, LOGIN_COUNT_SHARDS, keys } from '../lib/db/keys';
import { type Item, type Key, batchGet } from '../lib/db/toolkit';
import { type LoggedEvent } from '../log-digest/newest';

/**
 * The admin summary's one read (docs/decisions/0016, 0023): one BatchGet of the counters shards, the
 * legacy counters item, the login counts of every hour the window touches and the newest-events
 * item kept by the table's stream consumer (the request's profile check rides in it too,
 * lib/profile-check.ts).
 */

/** A `login_failed` entry is one per account and hour (decision 0017): its text says how many. */
function detailsOf(it: Item): string {
  const details = String(it.details ?? '');
  if (it.action !== 'login_failed') return details;
  const failed = Number(it.attempts ?? 0);
  const refused = Number(it.refused ?? 0);
  const parts = [`${failed} wrong ${failed === 1 ? 'password' : 'passwords'}`];
  if (refused) parts.push(`${refused} refused by the limits`);
  return `${details} this hour: ${parts.join(', ')} (last from the address shown)`;
}

const toEntry = (it: Item): ActivityLogEntry => ({
  id: String(it.id ?? ''),
  action: String(it.action ?? ''),
  details: detailsOf(it),
  userId: typeof it.userId === 'string' ? it.userId : null,
  ipAddress: String(it.ipAddress ?? ''),
  timestamp: String(it.timestamp ?? ''),
});

export interface Counters {
  logCount: number;
  feedbackCount: number;
}

/** A BatchGet answers at most 100 keys; the profile check may add one, the newest-events item is one. */
const MAX_KEYS = 98;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The UTC hours (`yyyy-mm-ddThh`) from the one holding `from` to the one holding `to`, oldest first. */
export function hoursBetween(from: Date, to: Date): string[] {
  const out: string[] = [];
  for (let t = Math.floor(from.getTime() / HOUR) * HOUR; t <= to.getTime(); t += HOUR) out.push(hourOf(new Date(t)));
  return out;
}

/**
 * The keys of the summary's BatchGet: every counters shard, the legacy item, and every shard of the
 * login count of each hour from `since` to `until`. Throws past what one BatchGet can take (a
 * wider window or more shards need a new design, not a second call).
 */
export function summaryKeys(since: Date, until: Date): { counters: Key[]; logins: { hour: string; key: Key }[] } {
  const counters = [keys.legacyCounters(), ...Array.from({ length: COUNTER_SHARDS }, (_, n) => keys.counterShard(n))];
  const logins = hoursBetween(since, until).flatMap((hour) => Array.from({ length: LOGIN_COUNT_SHARDS }, (_, n) => ({ hour, key: keys.loginCount(hour, n) })));
  if (counters.length + logins.length > MAX_KEYS) throw new Error(`The admin summary needs ${counters.length + logins.length} keys: more than one BatchGet`);
  return { counters, logins };
}

/**
 * The totals, the newest `limit` events, and the logins and failed sign-ins stamped in (since, until], to the minute: a minute counts when its
 * start is after `since` and not after `until`, so a login older than `since` is never counted and
 * the logins of the minute that holds `since` are not counted either (at most one minute's worth
 * fewer than an exact count).
 */
export async function summary(
  since: Date,
  until: Date,
  limit: number,
): Promise<{ counters: Counters; logins: number; failedSignIns: number; events: ActivityLogEntry[] }> {
  const plan = summaryKeys(since, until);
  const items = await batchGet([...plan.counters, ...plan.logins.map((l) => l.key), keys.newestLog()]);
  const newest = items.at(-1);
  // events stamped further ahead by a fast clock wait until they are due
  const events = (Array.isArray(newest?.events) ? (newest.events as LoggedEvent[]) : []).filter((e) => e.timestamp <= until.toISOString()).slice(0, limit);
  const counters: Counters = { logCount: 0, feedbackCount: 0 };
  for (const it of items.slice(0, plan.counters.length)) {
    counters.logCount += Number(it?.logCount ?? 0);
    counters.feedbackCount += Number(it?.feedbackCount ?? 0);
  }
  let logins = 0;
  let failedSignIns = 0;
  plan.logins.forEach(({ hour }, i) => {
    const item = items[plan.counters.length + i];
    if (!item) return;
    const hourStart = Date.parse(`${hour}:00:00.000Z`);
    for (let m = 0; m < 60; m += 1) {
      const start = hourStart + m * MINUTE;
      if (start > since.getTime() && start <= until.getTime()) {
        logins += Number(item[minuteAttr(m)] ?? 0);
        failedSignIns += Number(item[failureMinuteAttr(m)] ?? 0);
      }
    }
  });
  return { counters, logins, failedSignIns, events: events.map((e) => toEntry(e as unknown as Item)) };
}
