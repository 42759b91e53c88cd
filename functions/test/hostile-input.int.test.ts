import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ddb, tableName } from '../src/lib/db/client';
import { type Route, routes } from '../src/routes';
import { type ApiClient, adminClient, subscriberClient } from './api-client';
import { loadEvent } from './events';

/**
 * Hostile input (the hardening issue): for every route with a body or path parameters, at least
 * 200 generated malformed requests — invalid JSON, non-object JSON, wrong types, out-of-range
 * numbers, unknown (also unicode) fields, deep nesting, oversize bodies, a wrong content type,
 * junk path parameters. Every answer is a 4xx with a JSON `{message}`, never a 5xx, and the
 * caller's data is unchanged. Valid requests are not generated: each case is invalid by
 * construction (unknown fields are refused by the strict contracts; `userId` is the one field the
 * spec sends that the server ignores, so it is never the mutated one).
 */
const RUNS = 200;
const sample = (r: Route): Record<string, unknown> | undefined => {
  const body = loadEvent(r.name).body;
  if (!body) return undefined;
  const parsed = JSON.parse(body) as unknown;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
};

const wrongTypeFor = (v: unknown): fc.Arbitrary<unknown> =>
  typeof v === 'string'
    ? fc.oneof(fc.integer(), fc.boolean(), fc.constant([]), fc.constant({}), fc.array(fc.string(), { minLength: 1, maxLength: 3 }))
    : typeof v === 'number'
      ? fc.oneof(fc.string({ minLength: 1 }), fc.boolean(), fc.constant([]), fc.constant({}), fc.constantFrom(-1, -1000, 1.5, 1e12, 0.001))
      : fc.oneof(fc.integer(), fc.string({ minLength: 1 }), fc.constant([]));

const deep = (n: number): unknown => (n === 0 ? 1 : { a: deep(n - 1) });

interface Hostile {
  kind: string;
  raw?: string;
  contentType?: string;
}

function hostileBodies(base: Record<string, unknown> | undefined): fc.Arbitrary<Hostile> {
  const json = (v: unknown, kind: string) => ({ kind, raw: JSON.stringify(v) });
  const fields = Object.keys(base ?? {}).filter((k) => k !== 'userId');
  const variants: fc.Arbitrary<Hostile>[] = [
    fc.string({ minLength: 1, maxLength: 40 }).filter((s) => {
      try {
        JSON.parse(s);
        return false;
      } catch {
        return true;
      }
    }).map((raw) => ({ kind: 'invalid JSON', raw })),
    fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.boolean(), fc.array(fc.integer())).map((v) => json(v, 'non-object JSON')),
    fc.constant({ kind: 'deep nesting', raw: JSON.stringify({ ...(base ?? {}), nested: deep(400) }) }),
    fc.constant({ kind: 'oversize', raw: JSON.stringify({ ...(base ?? {}), padding: 'x'.repeat(20_000) }) }),
    fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }).map((k) => json({ ...(base ?? {}), [`zz${k}`]: 'x' }, 'unknown field')),
    fc.constant({ kind: 'wrong content type', raw: JSON.stringify(base ?? {}), contentType: 'text/plain' }),
  ];
  if (fields.length) {
    variants.push(
      fc.constantFrom(...fields).chain((f) => wrongTypeFor(base![f]).map((v) => json({ ...base, [f]: v }, `wrong type for ${f}`))),
    );
  }
  return fc.oneof(...variants);
}

const junkParam = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.constantFrom('..', '%2e%2e', 'a'.repeat(300), '\u202e', '😀', "' OR 1=1 --", 'null', '-1'),
);

async function snapshot(sub: string) {
  const mine = await ddb().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${sub}` }, ConsistentRead: true }));
  return JSON.stringify((mine.Items ?? []).filter((i) => !String(i.sk).startsWith('RATE#')));
}

let subscriber: { client: ApiClient; id: string };
let admin: ApiClient;
beforeAll(async () => {
  subscriber = await subscriberClient('hostile');
  admin = await adminClient();
});

const targets = routes.filter((r) => (r.method !== 'GET' && sample(r) !== undefined) || r.path.includes('{'));

describe('hostile input', () => {
  it.each(targets.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: 200 malformed requests, all 4xx with a message, data unchanged', async (_k, r) => {
    const client = r.access === 'admin' ? admin : subscriber.client;
    const before = await snapshot(subscriber.id);
    const hasBody = r.method !== 'GET' && sample(r) !== undefined;
    const arb = fc.record({
      body: hasBody ? hostileBodies(sample(r)).map((b) => b as Hostile | undefined) : fc.constant(undefined),
      params: fc.array(junkParam, { minLength: 1, maxLength: 1 }),
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ body, params }) => {
        const usesParam = r.path.includes('{') && (!hasBody || params[0]!.length % 2 === 0);
        const path = usesParam ? r.path.replace(/\{\w+\}/, encodeURIComponent(params[0]!)) : r.path.replace(/\{(\w+)\}/, 'sample');
        const res = await client.request(r.method, path, {
          rawBody: body?.raw,
          headers: { 'content-type': body?.contentType ?? 'application/json' },
        });
        const what = `${r.method} ${path} ${body?.kind ?? 'junk path parameter'} → ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, what).toBeGreaterThanOrEqual(400);
        expect(res.status, what).toBeLessThan(500);
        expect(typeof (res.body as { message?: unknown })?.message, what).toBe('string');
      }),
      { numRuns: RUNS },
    );
    expect(await snapshot(subscriber.id)).toBe(before);
  }, 120_000);
});
