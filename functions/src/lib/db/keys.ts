/** Key builders for the single table (DESIGN.md section 5; the README has the access-pattern table). */
export const keys = {
  profile: (sub: string) => ({ pk: `USER#${sub}`, sk: 'PROFILE' }),
  day: (sub: string, date: string) => ({ pk: `USER#${sub}`, sk: `DAY#${date}` }),
  pushupSet: (sub: string, date: string, id: string) => ({ pk: `USER#${sub}`, sk: `DAY#${date}#SET#${id}` }),
  /** one meal added to a day (the day's diary entry) */
  mealEntry: (sub: string, date: string, id: string) => ({ pk: `USER#${sub}`, sk: `DAY#${date}#MEAL#${id}` }),
  totals: (sub: string) => ({ pk: `USER#${sub}`, sk: 'TOTALS' }),
  /** idempotency record of a push-up submission (TTL via expiresAt) */
  idempotency: (sub: string, key: string) => ({ pk: `USER#${sub}`, sk: `IDEMPOTENCY#${key}` }),
  /** One of `CATALOG_COPIES` identical copies of a catalogue item (decision 0020): a read picks a copy at random. */
  catalog: (kind: CatalogKind, id: string, copy: number) => ({ pk: `CATALOG#${kind}#${copy}`, sk: id }),
  catalogPartition: (kind: CatalogKind, copy: number) => `CATALOG#${kind}#${copy}`,
  /** The one catalogue partition of a kind before the copies: emptied by the seed sync, never read. */
  legacyCatalogPartition: (kind: CatalogKind) => `CATALOG#${kind}`,
  feedback: (id: string) => ({ pk: `FEEDBACK#${id}`, sk: 'FEEDBACK' }),
  /** A user's pointer to a feedback item they sent (written with it): export and deletion find it in `USER#<sub>` (decision 0021). */
  feedbackRef: (sub: string, id: string) => ({ pk: `USER#${sub}`, sk: `FEEDBACK#${id}` }),
  /** gsi1 partition of one user's activity-log entries (`gsi1sk` the entry's timestamp): deletion anonymises them (decision 0021). */
  userLogGsi1pk: (sub: string) => `LOGUSER#${sub}`,
  /** Which account uses an email address (one account per email, decision 0024): `normalised` is users.normaliseEmail's. */
  emailOwner: (normalised: string) => ({ pk: `EMAIL#${normalised}`, sk: 'OWNER' }),
  /**
   * An activity-log item: partitioned by its UTC day and a random shard (`LOG#<yyyy-mm-dd>#<shard>`,
   * sk `<ts>#<ulid>`), so no partition takes every event (docs/decisions/0016).
   */
  log: (ts: string, id: string, shard: number) => ({ pk: `LOG#${ts.slice(0, 10)}#${shard}`, sk: `${ts}#${id}` }),
  /** The newest 50 events, one item written by the table's stream consumer only (log-digest/, decision 0023). */
  newestLog: () => ({ pk: 'LOG#NEWEST', sk: 'LIST' }),
  /** The logins of one UTC hour (`yyyy-mm-ddThh`), one of `LOGIN_COUNT_SHARDS` shards: one number per minute `m00`–`m59`. */
  loginCount: (hour: string, shard: number) => ({ pk: `LOGINS#${hour}#${shard}`, sk: 'COUNT' }),
  /** Feedback submissions of a user in one hour window (TTL via expiresAt): the rate limit. */
  feedbackRate: (sub: string, window: string) => ({ pk: `USER#${sub}`, sk: `RATE#FEEDBACK#${window}` }),
  /**
   * Failed sign-ins in one UTC hour (TTL via expiresAt): per account (lower-cased username), per
   * address, and per (account, address) pair (`<account>#<ip>`), decision 0017.
   */
  loginFailures: (scope: 'USER' | 'IP' | 'PAIR', id: string, window: string) => ({ pk: `LOGIN#${scope}#${id}`, sk: `WINDOW#${window}` }),
  /** One of `COUNTER_SHARDS` shards of the feedback and log totals (the totals are their sum). */
  counterShard: (shard: number) => ({ pk: `STATS#${shard}`, sk: 'COUNTERS' }),
  /** The single counters item before issue 17: no longer written, still summed on read (0016). */
  legacyCounters: () => ({ pk: 'STATS', sk: 'COUNTERS' }),
  payment: (provider: string, id: string) => ({ pk: `PAYMENT#${provider}#${id}`, sk: 'PAYMENT' }),
  /**
   * A payment as its user's history lists it (`PAYMENT#<paidAt>#<provider>#<id>`, newest last), written with
   * the payment record; the same item is the admin list's entry in gsi1 (`paymentsGsi1pk`, decision 0306).
   */
  paymentEntry: (sub: string, paidAt: string, provider: string, id: string) => ({ pk: `USER#${sub}`, sk: `PAYMENT#${paidAt}#${provider}#${id}` }),
  /** gsi1 partition of the admin payments list: one per UTC month of payment (`gsi1sk` `<paidAt>#<provider>#<id>`). */
  paymentsGsi1pk: (month: string) => `PAYMENTS#${month}`,
  stripeEvent: (id: string) => ({ pk: `STRIPE_EVENT#${id}`, sk: 'EVENT' }),
  /** PayPal webhook deduplication (TTL 30 days); the billing repository still spells this key itself. */
  paypalEvent: (id: string) => ({ pk: `PAYPAL_EVENT#${id}`, sk: 'EVENT' }),
  /** The sandbox's simulated provider events (sandbox mode only, decision 0306), deduplicated like the real ones. */
  sandboxEvent: (id: string) => ({ pk: `SANDBOX_EVENT#${id}`, sk: 'EVENT' }),
  /** gsi1 partition of the admin feedback list (`gsi1sk` `<createdAt>#<ulid>`); feedback-repository's FEEDBACK_GSI1PK. */
  feedbackListGsi1pk: () => 'FEEDBACK',
  /** Sandbox payment objects (sandbox mode only), under their owner: `SANDBOX#CARD#<id>`, `SANDBOX#PAYPAL#<id>`. */
  sandboxPayment: (sub: string, kind: 'CARD' | 'PAYPAL', id: string) => ({ pk: `USER#${sub}`, sk: `SANDBOX#${kind}#${id}` }),
} as const;

/**
 * Shards of the totals item (`STATS#<n>`). Every sign-up, sign-in, logout, payment and feedback
 * adds to one shard picked at random, inside its own transaction. At the assumed 10M-MAU peak of
 * ~290 logged events/s (decision 0016) one item would take ~580 WCU/s (transactional writes cost 2)
 * and concurrent transactions on it would cancel each other; 16 shards take ~36 WCU/s each, and the
 * read stays one BatchGet with the login counts (at most 100 keys, see admin-repository). Raise it
 * if needed, never lower it: the read must cover every shard ever written.
 */
export const COUNTER_SHARDS = 16;
/** Shards of the activity-log day partitions (`LOG#<date>#<n>`): the archive is only read by key, never listed whole. */
export const LOG_SHARDS = 16;
/**
 * Shards of each hour's login count (`LOGINS#<hour>#<n>`). The admin read needs up to 26 hours of
 * them in the same BatchGet as the 16 counter shards, the legacy counters item and the caller's
 * profile: 26 x 3 + 16 + 1 + 1 = 96 keys of the 100 a BatchGet allows. Only sign-ins write them,
 * so each item takes a third of the sign-ins of its hour, and only during that hour.
 */
export const LOGIN_COUNT_SHARDS = 3;

/**
 * Identical copies of the catalogue, each in its own partition (`CATALOG#<kind>#<copy>`). Every
 * diet screen reads the meals and every meal add reads and checks its catalogue item, so one
 * partition would take ~4,000 RCU/s at the 10M-user peak (the capacity model, decision 0020); a
 * random copy per read divides that by 8 (~500 RCU/s, 17 %). The seed writes every copy.
 */
export const CATALOG_COPIES = 8;

/** A shard number in [0, count), picked at random for each write. */
export const randomShard = (count: number, random: () => number = Math.random): number => Math.min(count - 1, Math.floor(random() * count));

export type CatalogKind = 'MEAL' | 'WORKOUT' | 'STRETCH';
