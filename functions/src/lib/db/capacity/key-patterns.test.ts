import { describe, expect, it } from 'vitest';
import { CATALOG_COPIES, COUNTER_SHARDS, LOGIN_COUNT_SHARDS, LOG_SHARDS, keys } from '../keys';
import { accessesOf, expressionNames, recordRequest } from './accesses';
import { itemSize, readUnits, writeUnits } from './item-size';
import { classifyItem, classifyPartition } from './key-patterns';

describe('key patterns come from the key builders', () => {
  it.each([
    [keys.profile('3f2a-1'), 'USER#<sub>', 'PROFILE'],
    [keys.pushupSet('3f2a-1', '2026-11-25', '01JABC'), 'USER#<sub>', 'DAY#<date>#SET#<id>'],
    [keys.day('3f2a-1', '2026-11-25'), 'USER#<sub>', 'DAY#<date>'],
    [keys.catalog('MEAL', 'meal-oats', 5), 'CATALOG#MEAL#<shard>', '<id>'],
    [keys.counterShard(7), 'STATS#<shard>', 'COUNTERS'],
    [keys.legacyCounters(), 'STATS', 'COUNTERS'],
    [keys.log('2026-11-25T06:00:00.000Z', '01JABC', 3), 'LOG#<time>#<shard>', '<time>#<id>'],
    [keys.log('2026-11-25T06:00:00.000Z', 'LOGIN_FAILED#someone', 3), 'LOG#<time>#<shard>', '<time>#<id>'],
    [keys.loginFailures('PAIR', 'someone#203.0.113.9', '2026-11-25T06'), 'LOGIN#PAIR#<id>', 'WINDOW#<hour>'],
    [keys.loginCount('2026-11-25T06', 2), 'LOGINS#<hour>#<shard>', 'COUNT'],
    [keys.payment('stripe', 'in_1'), 'PAYMENT#stripe#<id>', 'PAYMENT'],
  ])('%j is %s / %s', (key, pk, sk) => {
    const c = classifyItem(key);
    expect([c.pk.pattern, c.sk.pattern]).toEqual([pk, sk]);
  });

  it('knows how each placeholder spreads the load', () => {
    expect(classifyItem(keys.counterShard(0)).pk.spreads).toEqual([{ kind: 'shard', count: COUNTER_SHARDS }]);
    expect(classifyItem(keys.log('2026-11-25T06:00:00.000Z', 'x', 1)).pk.spreads).toEqual([{ kind: 'time' }, { kind: 'shard', count: LOG_SHARDS }]);
    expect(classifyItem(keys.loginCount('2026-11-25T06', 0)).pk.spreads).toEqual([{ kind: 'time' }, { kind: 'shard', count: LOGIN_COUNT_SHARDS }]);
    expect(classifyItem(keys.profile('u')).pk.spreads).toEqual([{ kind: 'caller' }]);
    expect(classifyPartition('FEEDBACK')).toEqual({ pattern: 'FEEDBACK', spreads: [] });
    expect(classifyItem(keys.newestLog()).pk).toEqual({ pattern: 'LOG#NEWEST', spreads: [] });
    expect(classifyPartition(keys.catalogPartition('WORKOUT', 2))).toEqual({ pattern: 'CATALOG#WORKOUT#<shard>', spreads: [{ kind: 'shard', count: CATALOG_COPIES }] });
    expect(classifyPartition(keys.legacyCatalogPartition('WORKOUT')).pattern).toBe('CATALOG#WORKOUT');
  });

  it('refuses a key that no builder makes', () => {
    expect(() => classifyItem({ pk: 'SOMETHING#1', sk: 'X' })).toThrow(/no builder/);
    expect(() => classifyPartition('EVERYONE')).toThrow(/no builder/);
  });
});

describe('accesses of a command', () => {
  it('reads a transaction item by item, with the index entry a feedback item makes', () => {
    const sent = {
      command: 'TransactWriteItemsCommand',
      input: {
        TransactItems: [
          { ConditionCheck: { Key: keys.profile('u1'), ConditionExpression: 'attribute_exists(pk)' } },
          { Put: { Item: { ...keys.feedback('01J'), gsi1pk: 'FEEDBACK', gsi1sk: 'x', message: 'hi' } } },
          {
            Update: {
              Key: keys.counterShard(3),
              UpdateExpression: 'ADD #n :one SET expiresAt = :e',
              ExpressionAttributeNames: { '#n': 'logCount' },
              ExpressionAttributeValues: { ':one': 1, ':e': 5 },
            },
          },
        ],
      },
    };
    const a = accessesOf(sent);
    expect(a.map((x) => [x.index, x.op, x.action, x.transactional, x.key.pk])).toEqual([
      ['table', 'check', 'ConditionCheckItem', true, 'USER#u1'],
      ['table', 'write', 'PutItem', true, 'FEEDBACK#01J'],
      ['gsi1', 'write', 'PutItem', false, 'FEEDBACK'],
      ['table', 'write', 'UpdateItem', true, 'STATS#3'],
    ]);
    expect(a[3]!.attributes).toEqual(['expiresAt', 'logCount', 'pk', 'sk']);
    const r = recordRequest(undefined, [sent]);
    expect(r.accesses.find((x) => x.index === 'gsi1')).toMatchObject({ pk: 'FEEDBACK', of: 'FEEDBACK#<id> / FEEDBACK' });
  });

  it('counts the items of one request per pattern and keeps the largest', () => {
    const r = recordRequest(undefined, [
      {
        command: 'BatchGetItemCommand',
        input: { RequestItems: { t: { Keys: [keys.counterShard(0), keys.counterShard(1), keys.profile('u')], ConsistentRead: true } } },
        output: { Responses: { t: [{ ...keys.counterShard(1), logCount: 12 }] } },
      },
    ]);
    expect(r.accesses.map((a) => [a.pk, a.sk, a.perRequest, a.consistent])).toEqual([
      ['STATS#<shard>', 'COUNTERS', 2, true],
      ['USER#<sub>', 'PROFILE', 1, true],
    ]);
  });

  it('names the top-level attributes of an expression', () => {
    expect(expressionNames('SET #a.b = :x, c = if_not_exists(c, :y) ADD d :one REMOVE e[0]', { '#a': 'sessions' }).sort()).toEqual(['c', 'd', 'e', 'sessions']);
    expect(expressionNames('attribute_not_exists(pk) AND #s = :s', { '#s': 'status' }).sort()).toEqual(['pk', 'status']);
  });
});

describe('item sizes and capacity units', () => {
  it('counts names and values as DynamoDB does', () => {
    expect(itemSize({ pk: 'USER#1', n: 100 })).toBe(2 + 6 + 1 + 2);
    expect(itemSize({ s: new Set(['2026-11-25', '2026-11-26']) })).toBe(1 + 20);
    expect(itemSize({ m: { a: 'xy' } })).toBe(1 + 3 + 1 + 1 + 2);
  });
  it('bills writes per KB (two for a transaction) and reads per 4 KB (half when eventual)', () => {
    expect(writeUnits(100, false)).toBe(1);
    expect(writeUnits(1025, true)).toBe(4);
    expect(readUnits(100, false)).toBe(0.5);
    expect(readUnits(8193, true)).toBe(3);
  });
});
