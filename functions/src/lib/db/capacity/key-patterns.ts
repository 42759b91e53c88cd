import { CATALOG_COPIES, COUNTER_SHARDS, LOGIN_COUNT_SHARDS, LOG_SHARDS, keys } from '../keys';

/**
 * Turns a concrete key (`USER#3f2a…` / `DAY#2026-11-25#SET#01J…`) back into the key builder that
 * made it (`USER#<sub>` / `DAY#<date>#SET#<id>`), using the builders of `keys.ts` themselves:
 * each builder is called once with placeholder arguments and its output becomes a pattern. So a
 * key that no builder makes cannot be classified (an error), and a builder that changes its
 * layout changes the pattern with it (decision 0020).
 *
 * Each placeholder says how the load of a pattern spreads over partitions:
 * - `caller`: one value per user, account, address or new id: one caller's own requests
 *   (bounded by the per-address WAF rate, not by the traffic model);
 * - `time`: a day or hour bucket: the current bucket takes all of the load;
 * - `shard`: a shard picked at random per write: the load divides by the count;
 * - `literal`: a small fixed set of values (catalogue kinds, provider names): kept in the pattern.
 */
export type Spread = { kind: 'caller' } | { kind: 'time' } | { kind: 'shard'; count: number } | { kind: 'literal' };

interface Placeholder {
  name: string;
  spread: Spread;
  /** the argument handed to the builder (a sentinel that cannot occur in real keys) */
  arg: string | number;
  /** what a real value looks like */
  regex: string;
}

let sentinel = 0;
const NEXT = () => (sentinel += 1);
const caller = (name: string, regex = '[^#]+'): Placeholder => ({ name, spread: { kind: 'caller' }, arg: `\u0001${NEXT()}\u0001`, regex });
const time = (name: string): Placeholder => ({ name, spread: { kind: 'time' }, arg: `\u0001${NEXT()}\u0001`, regex: '[^#]+' });
const shard = (count: number): Placeholder => ({ name: 'shard', spread: { kind: 'shard', count }, arg: 9_000_000 + NEXT(), regex: '\\d+' });
const literal = (name: string): Placeholder => ({ name, spread: { kind: 'literal' }, arg: `\u0001${NEXT()}\u0001`, regex: '[A-Za-z_-]+' });

/**
 * The placeholder arguments of every key builder. Typed against `keys`, so a new builder without
 * an entry here does not compile, and the arguments must fit the builder's parameters.
 */
type Shapes = { [K in keyof typeof keys]: Placeholder[] };
const shapes: Shapes = {
  profile: [caller('sub')],
  day: [caller('sub'), time('date')],
  pushupSet: [caller('sub'), time('date'), caller('id')],
  mealEntry: [caller('sub'), time('date'), caller('id')],
  totals: [caller('sub')],
  idempotency: [caller('sub'), caller('key')],
  catalog: [literal('kind'), caller('id'), shard(CATALOG_COPIES)],
  catalogPartition: [literal('kind'), shard(CATALOG_COPIES)],
  legacyCatalogPartition: [literal('kind')],
  feedback: [caller('id')],
  feedbackRef: [caller('sub'), caller('id')],
  userLogGsi1pk: [caller('sub')],
  // an email address may hold a '#'
  emailOwner: [caller('email', '.+')],
  // a sign-in failure's hourly entry has the id `LOGIN_FAILED#<account>` (auth/login-limit.ts)
  log: [time('time'), caller('id', '.+'), shard(LOG_SHARDS)],
  newestLog: [],
  feedbackListGsi1pk: [],
  loginCount: [time('hour'), shard(LOGIN_COUNT_SHARDS)],
  feedbackRate: [caller('sub'), time('hour')],
  // the id of the pair scope is `<account>#<ip>`, so it may hold a '#'
  loginFailures: [literal('scope'), caller('id', '.+'), time('hour')],
  counterShard: [shard(COUNTER_SHARDS)],
  legacyCounters: [],
  payment: [literal('provider'), caller('id')],
  paymentEntry: [caller('sub'), time('paidAt'), literal('provider'), caller('id')],
  paymentsGsi1pk: [time('month')],
  stripeEvent: [caller('id')],
  paypalEvent: [caller('id')],
  sandboxEvent: [caller('id')],
  sandboxPayment: [caller('sub'), literal('kind'), caller('id')],
};

/** One part of a key (a pk, an sk or a gsi1pk) as a pattern: literal text and placeholders. */
interface Template {
  builder: string;
  parts: (string | Placeholder)[];
  regex: RegExp;
}

function template(builder: string, value: string, placeholders: Placeholder[]): Template {
  const parts: (string | Placeholder)[] = [];
  let rest = value;
  while (rest.length) {
    let best: { at: number; p: Placeholder } | undefined;
    for (const p of placeholders) {
      const at = rest.indexOf(String(p.arg));
      if (at >= 0 && (!best || at < best.at)) best = { at, p };
    }
    if (!best) {
      parts.push(rest);
      break;
    }
    if (best.at > 0) parts.push(rest.slice(0, best.at));
    parts.push(best.p);
    rest = rest.slice(best.at + String(best.p.arg).length);
  }
  const source = parts.map((p) => (typeof p === 'string' ? p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : `(${p.regex})`)).join('');
  return { builder, parts, regex: new RegExp(`^${source}$`) };
}

interface KeyTemplate {
  builder: string;
  pk: Template;
  sk?: Template;
}

const built = Object.entries(shapes).map(([name, placeholders]) => {
  const out = (keys[name as keyof typeof keys] as (...a: unknown[]) => { pk: string; sk: string } | string)(...placeholders.map((p) => p.arg));
  return typeof out === 'string'
    ? { builder: name, pk: template(name, out, placeholders) }
    : { builder: name, pk: template(name, out.pk, placeholders), sk: template(name, out.sk, placeholders) };
});
const itemTemplates: KeyTemplate[] = built.filter((t) => t.sk);
/** Partition values: every builder's pk, and the builders that make only a partition value. */
const partitionTemplates: Template[] = built.map((t) => t.pk);

/** A classified key part: its pattern text (`USER#<sub>`) and how its load spreads. */
export interface PatternPart {
  pattern: string;
  spreads: Spread[];
}

function render(t: Template, m: RegExpExecArray): PatternPart {
  let i = 0;
  const spreads: Spread[] = [];
  const pattern = t.parts
    .map((p) => {
      if (typeof p === 'string') return p;
      i += 1;
      if (p.spread.kind === 'literal') return m[i]!;
      spreads.push(p.spread);
      return `<${p.name}>`;
    })
    .join('');
  return { pattern, spreads };
}

/** The pattern of an item key, or an error naming the key that no builder makes. */
export function classifyItem(key: { pk: string; sk: string }): { builder: string; pk: PatternPart; sk: PatternPart } {
  const found: { builder: string; pk: PatternPart; sk: PatternPart }[] = [];
  for (const t of itemTemplates) {
    const mp = t.pk.regex.exec(key.pk);
    const ms = mp && t.sk!.regex.exec(key.sk);
    if (mp && ms) found.push({ builder: t.builder, pk: render(t.pk, mp), sk: render(t.sk!, ms) });
  }
  if (found.length !== 1) {
    const which = found.length ? `both ${found.map((f) => f.builder).join(' and ')}` : 'no builder in lib/db/keys.ts';
    throw new Error(`The key ${JSON.stringify(key)} matches ${which}: every key must come from exactly one key builder`);
  }
  return found[0]!;
}

/** The pattern of a partition value (a Query's pk or gsi1pk). */
export function classifyPartition(value: string): PatternPart {
  const seen = new Map<string, PatternPart>();
  for (const t of partitionTemplates) {
    const m = t.regex.exec(value);
    if (m) {
      const part = render(t, m);
      seen.set(part.pattern, part);
    }
  }
  if (seen.size !== 1) {
    throw new Error(`The partition ${JSON.stringify(value)} matches ${seen.size ? [...seen.keys()].join(' and ') : 'no builder in lib/db/keys.ts'}`);
  }
  return [...seen.values()][0]!;
}
