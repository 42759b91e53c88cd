/**
 * The newest activity-log events, kept off the request path (issue 17 point 1, decision 0023): the
 * log items are written to their day's shard only, and a DynamoDB Streams consumer (handler.ts)
 * folds each batch of new and changed log items into one item, `LOG#NEWEST` / `LIST`, that the
 * admin summary reads in the BatchGet it already makes. No request writes a partition every other
 * request writes; the consumer writes that item once per batch.
 */

/**
 * How many events the item keeps: the admin page shows the newest 50 (SPEC section 9), and a few
 * more are kept so that events stamped ahead by a fast clock, shown only once due, leave 50.
 */
export const NEWEST_KEPT = 60;

/** What the admin page shows of a log item (admin-repository's `toEntry` reads these). */
export interface LoggedEvent {
  /** the log item's sort key: its identity (an aggregated entry keeps its key as it changes) */
  sk: string;
  id: string;
  action: string;
  details: string;
  userId: string | null;
  ipAddress: string;
  timestamp: string;
  /** an aggregated `login_failed` entry's counts (decision 0017) */
  attempts?: number;
  refused?: number;
}

/** A log item as the stream carries it (unmarshalled): only `entity: 'LOG'` items are events. */
export function eventOf(item: Record<string, unknown> | undefined): LoggedEvent | null {
  if (!item || item.entity !== 'LOG' || typeof item.sk !== 'string' || typeof item.pk !== 'string' || !item.pk.startsWith('LOG#')) return null;
  const e: LoggedEvent = {
    sk: item.sk,
    id: String(item.id ?? ''),
    action: String(item.action ?? ''),
    details: String(item.details ?? ''),
    userId: typeof item.userId === 'string' ? item.userId : null,
    ipAddress: String(item.ipAddress ?? ''),
    timestamp: String(item.timestamp ?? ''),
  };
  if (item.attempts !== undefined) e.attempts = Number(item.attempts);
  if (item.refused !== undefined) e.refused = Number(item.refused);
  return e;
}

/** An event's place in time: its first moment, then its id (a ULID, or an aggregated entry's own). */
const orderOf = (e: LoggedEvent) => `${e.timestamp}#${e.id}`;

/**
 * The newest `NEWEST_KEPT` of the kept events and the batch's, newest first. An event seen again
 * (a `login_failed` entry counting another attempt) replaces its older copy in place: it keeps its
 * first moment, as it did in the index. Order does not matter: a batch may hold a change before
 * the insert it follows, or arrive after a later batch of another stream shard.
 */
export function mergeNewest(kept: readonly LoggedEvent[], batch: readonly LoggedEvent[]): LoggedEvent[] {
  const bySk = new Map<string, LoggedEvent>();
  for (const e of kept) bySk.set(e.sk, e);
  for (const e of batch) {
    const old = bySk.get(e.sk);
    // the larger count is the later state of an aggregated entry, whatever order the records came in
    bySk.set(e.sk, old && (old.attempts ?? 0) + (old.refused ?? 0) > (e.attempts ?? 0) + (e.refused ?? 0) ? old : e);
  }
  return [...bySk.values()].sort((a, b) => (orderOf(a) < orderOf(b) ? 1 : orderOf(a) > orderOf(b) ? -1 : 0)).slice(0, NEWEST_KEPT);
}
