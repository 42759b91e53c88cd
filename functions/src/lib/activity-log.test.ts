import { describe, expect, it } from 'vitest';
import { ACTIVITY_LOG_RETENTION_DAYS, activityLogItems, countersUpdate, hourOf, loginCountUpdate, minuteAttr } from './activity-log';
import { COUNTER_SHARDS, LOGIN_COUNT_SHARDS, LOG_SHARDS, keys, randomShard } from './db/keys';
import { tableDefinition } from './db/table';

describe('activity log retention (privacy page: at most 12 months)', () => {
  it('every log item carries the table TTL attribute, 365 days after the event, in epoch seconds', () => {
    const now = new Date('2026-11-24T21:00:00.500Z');
    const [log] = activityLogItems({ action: 'login', userId: 'u1', details: 'signed in', ipAddress: '203.0.113.9', now });
    const item = log!.Put!.Item as Record<string, unknown>;
    expect(tableDefinition.timeToLiveAttribute).toBe('expiresAt');
    expect(ACTIVITY_LOG_RETENTION_DAYS).toBeLessThanOrEqual(366);
    expect(item[tableDefinition.timeToLiveAttribute]).toBe(Math.floor(Date.parse('2027-11-24T21:00:00.000Z') / 1000));
    expect(Number.isInteger(item.expiresAt)).toBe(true);
  });
});

describe('no hot item: the keys of what an activity writes (docs/decisions/0016)', () => {
  const now = new Date('2026-11-24T21:07:45.500Z');
  const input = { action: 'login' as const, userId: 'u1', details: 'signed in', ipAddress: '203.0.113.9', now };
  const fixed = (r: number) => () => r;

  it('puts the log item in its UTC day partition on a shard, and nowhere every event writes (no shared index entry: decision 0023)', () => {
    const [log] = activityLogItems(input, { random: fixed(0.99) });
    const item = log!.Put!.Item!;
    expect(item).toMatchObject({ pk: `LOG#2026-11-24#${LOG_SHARDS - 1}`, entity: 'LOG', action: 'login' });
    // only the user's own index partition, which account deletion reads (decision 0021); none without a user
    expect(item.gsi1pk).toBe(input.userId ? `LOGUSER#${input.userId}` : undefined);
    expect(item.gsi1sk).toBe(input.userId ? item.timestamp : undefined);
    const anonymous = activityLogItems({ ...input, userId: null })[0]!.Put!.Item!;
    expect(anonymous.gsi1pk).toBeUndefined();
    expect(item.sk).toMatch(/^2026-11-24T21:07:45\.500Z#[0-9A-Z]{26}$/);
  });

  it('adds to one random counters shard, with the caller’s extra counts in the same update', () => {
    const [, counters] = activityLogItems({ ...input, action: 'feedback_submitted' }, { alsoAdd: { feedbackCount: 1 }, random: fixed(0) });
    expect(counters!.Update).toMatchObject({
      Key: { pk: 'STATS#0', sk: 'COUNTERS' },
      UpdateExpression: 'ADD #c0 :c0, #c1 :c1 SET entity = :entity',
      ExpressionAttributeNames: { '#c0': 'logCount', '#c1': 'feedbackCount' },
      ExpressionAttributeValues: { ':c0': 1, ':c1': 1, ':entity': 'COUNTERS' },
    });
  });

  it('counts a sign-in in its minute of a shard of its hour (TTL two days past the hour); other actions write no login count', () => {
    const items = activityLogItems(input, { random: fixed(0.5) });
    expect(items).toHaveLength(3);
    expect(items[2]!.Update).toMatchObject({
      Key: { pk: 'LOGINS#2026-11-24T21#1', sk: 'COUNT' },
      UpdateExpression: 'ADD #m :one SET expiresAt = :exp, entity = :entity',
      ExpressionAttributeNames: { '#m': 'm07' },
      ExpressionAttributeValues: { ':one': 1, ':exp': Date.parse('2026-11-26T22:00:00Z') / 1000 },
    });
    expect(activityLogItems({ ...input, action: 'logout' })).toHaveLength(2);
    expect(loginCountUpdate(new Date('2026-01-01T00:00:00Z'), fixed(0)).Update!.ExpressionAttributeNames).toEqual({ '#m': 'm00' });
  });

  it('picks every shard and only shards in range', () => {
    for (const count of [COUNTER_SHARDS, LOG_SHARDS, LOGIN_COUNT_SHARDS]) {
      const seen = new Set(Array.from({ length: 2000 }, () => randomShard(count)));
      expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
      expect(randomShard(count, fixed(0))).toBe(0);
      expect(randomShard(count, fixed(0.999999999))).toBe(count - 1);
      expect(randomShard(count, fixed(1))).toBe(count - 1); // a random() that ever answered 1 stays in range
    }
    const pks = new Set(Array.from({ length: 400 }, () => countersUpdate({ logCount: 1 }).Update!.Key!.pk as string));
    expect(pks.size).toBe(COUNTER_SHARDS);
  });

  it('hour and minute names', () => {
    expect(hourOf(new Date('2026-03-05T09:59:59.999Z'))).toBe('2026-03-05T09');
    expect(minuteAttr(0)).toBe('m00');
    expect(minuteAttr(59)).toBe('m59');
    expect(keys.counterShard(3)).toEqual({ pk: 'STATS#3', sk: 'COUNTERS' });
    expect(keys.log('2026-11-24T23:59:59.999Z', 'X', 7)).toEqual({ pk: 'LOG#2026-11-24#7', sk: '2026-11-24T23:59:59.999Z#X' });
  });
});
