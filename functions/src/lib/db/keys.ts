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
  catalog: (kind: CatalogKind, id: string) => ({ pk: `CATALOG#${kind}`, sk: id }),
  catalogPartition: (kind: CatalogKind) => `CATALOG#${kind}`,
  feedback: (id: string) => ({ pk: `FEEDBACK#${id}`, sk: 'FEEDBACK' }),
  /** Every activity-log item in one partition, newest first by `<ts>#<ulid>` (docs/decisions/0400). */
  log: (ts: string, id: string) => ({ pk: 'LOG#ALL', sk: `${ts}#${id}` }),
  logPartition: () => 'LOG#ALL',
  /** Feedback submissions of a user in one hour window (TTL via expiresAt): the rate limit. */
  feedbackRate: (sub: string, window: string) => ({ pk: `USER#${sub}`, sk: `RATE#FEEDBACK#${window}` }),
  /** Failed sign-ins in one hour window, per account (lower-cased username) and per IP (TTL via expiresAt). */
  loginFailures: (scope: 'USER' | 'IP', id: string, window: string) => ({ pk: `LOGIN#${scope}#${id}`, sk: `WINDOW#${window}` }),
  counters: () => ({ pk: 'STATS', sk: 'COUNTERS' }),
  payment: (provider: string, id: string) => ({ pk: `PAYMENT#${provider}#${id}`, sk: 'PAYMENT' }),
  stripeEvent: (id: string) => ({ pk: `STRIPE_EVENT#${id}`, sk: 'EVENT' }),
  /** Sandbox payment objects (sandbox mode only), under their owner: `SANDBOX#CARD#<id>`, `SANDBOX#PAYPAL#<id>`. */
  sandboxPayment: (sub: string, kind: 'CARD' | 'PAYPAL', id: string) => ({ pk: `USER#${sub}`, sk: `SANDBOX#${kind}#${id}` }),
} as const;

export type CatalogKind = 'MEAL' | 'WORKOUT' | 'STRETCH';
