import { type SentCommand } from '../client';
import { itemSize } from './item-size';
import { classifyItem, classifyPartition } from './key-patterns';

/**
 * What one request did to the table, item by item, from the commands the DocumentClient sent
 * (recorded per request by the integration run: lib/db/client.ts `DynamoTally.sent`). Keys stay
 * concrete here; `recordRequest` turns them into the key builders' patterns.
 */
export interface ConcreteAccess {
  index: 'table' | string;
  /** a read, a write, or a transaction's ConditionCheck (a transactional read of the item) */
  op: 'read' | 'write' | 'check';
  /** the IAM action DynamoDB authorises it as */
  action: 'GetItem' | 'BatchGetItem' | 'Query' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'ConditionCheckItem' | 'Scan';
  transactional: boolean;
  consistent: boolean;
  /** an item key; a Query has only the partition value in `pk` */
  key: { pk: string; sk?: string };
  /** bytes of the item read or written (for a Query, of all items it returned) */
  bytes: number;
  /** top-level attribute names a write names (item, update and condition expressions) */
  attributes: string[];
  /** an index entry's table item */
  of?: { pk: string; sk: string };
}

type Dict = Record<string, unknown>;
const KEYWORDS = new Set(['SET', 'ADD', 'REMOVE', 'DELETE', 'AND', 'OR', 'NOT', 'BETWEEN', 'IN']);

/** Top-level attribute names in an expression (`#n` resolved; nested paths give their first name). */
export function expressionNames(expr: string | undefined, names: Record<string, string> | undefined): string[] {
  if (!expr) return [];
  const out = new Set<string>();
  const text = expr.replace(/:\w+/g, ' ');
  for (const m of text.matchAll(/(?<![.\w#])(#\w+|[A-Za-z_]\w*)(?![\w(])(?!\s*\()/g)) {
    const token = m[1]!;
    if (token.startsWith('#')) out.add(names?.[token] ?? token);
    else if (!KEYWORDS.has(token.toUpperCase())) out.add(token);
  }
  return [...out];
}

/** The value an update expression SETs an attribute to (e.g. `gsi1pk = :recent`), if it does. */
function setValue(input: Dict, attribute: string): unknown {
  const names = input.ExpressionAttributeNames as Record<string, string> | undefined;
  const values = input.ExpressionAttributeValues as Dict | undefined;
  for (const m of String(input.UpdateExpression ?? '').matchAll(/(#?\w+)\s*=\s*(:\w+)/g)) {
    const name = m[1]!.startsWith('#') ? names?.[m[1]!] : m[1];
    if (name === attribute) return values?.[m[2]!];
  }
  return undefined;
}

/**
 * Attribute names that carry a value in them, as one name each: the per-minute counters of the
 * login counts (`m00`–`m59`, `f00`–`f59`, lib/activity-log.ts) and the lifetime totals' per-day
 * entries (`steps@2026-11-25`, tracking).
 */
const attributeName = (name: string) => name.replace(/^([mf])\d{2}$/, '$1<mm>').replace(/@\d{4}-\d{2}-\d{2}$/, '@<date>');

const keyOf = (k: unknown) => ({ pk: String((k as Dict).pk), sk: String((k as Dict).sk) });
const sameKey = (a: Dict, b: { pk: string; sk?: string }) => a.pk === b.pk && a.sk === b.sk;

function writeAccess(action: 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'ConditionCheckItem', input: Dict, transactional: boolean, output?: Dict): ConcreteAccess[] {
  const names = input.ExpressionAttributeNames as Record<string, string> | undefined;
  const item = input.Item as Dict | undefined;
  const key = action === 'PutItem' ? keyOf(item) : keyOf(input.Key);
  const attributes = new Set<string>([
    ...Object.keys(item ?? {}),
    ...expressionNames(input.UpdateExpression as string | undefined, names),
    ...expressionNames(input.ConditionExpression as string | undefined, names),
  ]);
  if (action !== 'PutItem') ['pk', 'sk'].forEach((k) => attributes.add(k));
  const written = (output?.Attributes as Dict | undefined) ?? item;
  const out: ConcreteAccess[] = [
    {
      index: 'table',
      op: action === 'ConditionCheckItem' ? 'check' : 'write',
      action,
      transactional,
      consistent: true,
      key,
      bytes: itemSize(written),
      attributes: [...new Set([...attributes].map(attributeName))].sort(),
    },
  ];
  // the index entry this write makes (an item that already carries gsi1pk is added by the model)
  const gsi1pk = item?.gsi1pk ?? (action === 'UpdateItem' ? setValue(input, 'gsi1pk') : undefined);
  if (typeof gsi1pk === 'string') {
    out.push({ index: 'gsi1', op: 'write', action, transactional: false, consistent: true, key: { pk: gsi1pk }, bytes: itemSize(written), attributes: [], of: key });
  }
  return out;
}

/** The item accesses of one command. */
export function accessesOf(sent: SentCommand): ConcreteAccess[] {
  const input = sent.input as Dict;
  const output = sent.output as Dict | undefined;
  // the client's command names (the DocumentClient's commands arrive under them, with native values)
  switch (sent.command) {
    case 'GetItemCommand': {
      const item = output?.Item as Dict | undefined;
      return [{ index: 'table', op: 'read', action: 'GetItem', transactional: false, consistent: input.ConsistentRead === true, key: keyOf(input.Key), bytes: itemSize(item), attributes: [] }];
    }
    case 'BatchGetItemCommand': {
      const out: ConcreteAccess[] = [];
      for (const [table, req] of Object.entries(input.RequestItems as Record<string, Dict>)) {
        const got = ((output?.Responses as Record<string, Dict[]> | undefined)?.[table] ?? []) as Dict[];
        for (const k of req.Keys as Dict[]) {
          const key = keyOf(k);
          out.push({ index: 'table', op: 'read', action: 'BatchGetItem', transactional: false, consistent: req.ConsistentRead === true, key, bytes: itemSize(got.find((i) => sameKey(i, key))), attributes: [] });
        }
      }
      return out;
    }
    case 'QueryCommand': {
      const values = input.ExpressionAttributeValues as Dict;
      const m = /^\s*(\w+)\s*=\s*(:\w+)/.exec(String(input.KeyConditionExpression));
      if (!m) throw new Error(`A Query without a partition key condition: ${String(input.KeyConditionExpression)}`);
      const items = (output?.Items as Dict[] | undefined) ?? [];
      return [
        {
          index: (input.IndexName as string | undefined) ?? 'table',
          op: 'read',
          action: 'Query',
          transactional: false,
          consistent: input.ConsistentRead === true,
          key: { pk: String(values[m[2]!]) },
          bytes: items.reduce((n, i) => n + itemSize(i), 0),
          attributes: [],
        },
      ];
    }
    case 'PutItemCommand':
      return writeAccess('PutItem', input, false, output);
    case 'UpdateItemCommand':
      return writeAccess('UpdateItem', input, false, output);
    case 'DeleteItemCommand':
      return writeAccess('DeleteItem', input, false, output);
    case 'TransactWriteItemsCommand':
      return (input.TransactItems as Dict[]).flatMap((t) => {
        if (t.Put) return writeAccess('PutItem', t.Put as Dict, true);
        if (t.Update) return writeAccess('UpdateItem', t.Update as Dict, true);
        if (t.Delete) return writeAccess('DeleteItem', t.Delete as Dict, true);
        return writeAccess('ConditionCheckItem', t.ConditionCheck as Dict, true);
      });
    case 'ScanCommand':
      return [{ index: (input.IndexName as string | undefined) ?? 'table', op: 'read', action: 'Scan', transactional: false, consistent: false, key: { pk: '*' }, bytes: 0, attributes: [] }];
    default:
      throw new Error(`The capacity record does not know the command ${sent.command}`);
  }
}

/** One kind of access a route makes: its action on one key pattern, with the most of them one request made. */
export interface AccessPattern {
  index: string;
  op: ConcreteAccess['op'];
  action: ConcreteAccess['action'];
  transactional: boolean;
  consistent: boolean;
  /** `USER#<sub>`; the model reclassifies `example` with today's key builders, so this is for people */
  pk: string;
  /** the item's sk pattern; absent for a Query (it reads a partition) */
  sk?: string;
  example: { pk: string; sk?: string };
  /** the most accesses of this kind one request made */
  perRequest: number;
  /** the largest item (for a Query: the most bytes one Query returned) */
  bytes: number;
  attributes: string[];
  /** an index write: the pattern of its table item (`pk / sk`) */
  of?: string;
}

export interface RouteRecord {
  /** requests recorded (every outcome: refusals, failures and successes) */
  requests: number;
  accesses: AccessPattern[];
}

/** The identity of an access pattern: everything but the counts and sizes. */
export const patternId = (a: Pick<AccessPattern, 'index' | 'action' | 'transactional' | 'consistent' | 'pk' | 'sk' | 'of'>): string =>
  [a.index, a.action, a.transactional ? 'tx' : '', a.consistent ? 'consistent' : '', a.pk, a.sk ?? '', ...(a.of ? [`of ${a.of}`] : [])].join(' | ');

/** Adds one request's commands to its route's record. */
export function recordRequest(record: RouteRecord | undefined, sent: SentCommand[]): RouteRecord {
  const r: RouteRecord = record ?? { requests: 0, accesses: [] };
  r.requests += 1;
  // per request: how many of each pattern, and the largest item
  const counts = new Map<string, { pattern: AccessPattern; n: number; bytes: number }>();
  for (const c of sent) {
    for (const a of accessesOf(c)) {
      const item = a.key.sk === undefined ? undefined : classifyItem({ pk: a.key.pk, sk: a.key.sk });
      const pk = item ? item.pk.pattern : classifyPartition(a.key.pk).pattern;
      const pattern: AccessPattern = {
        index: a.index,
        op: a.op,
        action: a.action,
        transactional: a.transactional,
        consistent: a.consistent,
        pk,
        ...(item ? { sk: item.sk.pattern } : {}),
        example: a.key,
        perRequest: 0,
        bytes: 0,
        attributes: a.attributes,
        ...(a.of ? { of: ((c) => `${c.pk.pattern} / ${c.sk.pattern}`)(classifyItem(a.of)) } : {}),
      };
      const id = patternId(pattern);
      const c0 = counts.get(id) ?? { pattern, n: 0, bytes: 0 };
      c0.n += 1;
      c0.bytes = Math.max(c0.bytes, a.bytes);
      c0.pattern.attributes = [...new Set([...c0.pattern.attributes, ...a.attributes])].sort();
      counts.set(id, c0);
    }
  }
  return mergeRoute(r, { requests: 0, accesses: [...counts.values()].map(({ pattern, n, bytes }) => ({ ...pattern, perRequest: n, bytes })) });
}

/** Merges two records of one route (another process's, or one more request's). */
export function mergeRoute(into: RouteRecord, other: RouteRecord): RouteRecord {
  into.requests += other.requests;
  for (const pattern of other.accesses) {
    const id = patternId(pattern);
    const have = into.accesses.find((x) => patternId(x) === id);
    if (have) {
      have.perRequest = Math.max(have.perRequest, pattern.perRequest);
      have.bytes = Math.max(have.bytes, pattern.bytes);
      have.attributes = [...new Set([...have.attributes, ...pattern.attributes])].sort();
    } else into.accesses.push({ ...pattern });
  }
  into.accesses.sort((a, b) => patternId(a).localeCompare(patternId(b)));
  return into;
}
