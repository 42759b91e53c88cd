import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { type LoggedEvent, NEWEST_KEPT, eventOf, mergeNewest } from './newest';
import { eventsOf } from './handler';

const ev = (ms: number, extra: Partial<LoggedEvent> = {}): LoggedEvent => {
  const ts = new Date(Date.UTC(2026, 10, 25, 8, 0, 0) + ms).toISOString();
  const id = `ID${String(ms).padStart(8, '0')}`;
  return { sk: `${ts}#${id}`, id, action: 'login', details: 'x', userId: 'u', ipAddress: '198.51.100.1', timestamp: ts, ...extra };
};

describe('the newest events (decision 0023)', () => {
  it('keeps the newest 50 of what it had and the batch, newest first', () => {
    const kept = Array.from({ length: NEWEST_KEPT }, (_, i) => ev(i * 1000));
    const batch = [ev(100_500), ev(1500), ev(-5000)];
    const merged = mergeNewest(kept, batch);
    expect(merged).toHaveLength(NEWEST_KEPT);
    expect(merged[0]).toEqual(ev(100_500));
    expect(merged.map((e) => e.timestamp)).toEqual([...merged.map((e) => e.timestamp)].sort().reverse());
    expect(merged).toContainEqual(ev(1500));
    expect(merged).not.toContainEqual(ev(-5000)); // older than all kept
    expect(merged).not.toContainEqual(ev(0)); // pushed out by the two newer ones
    expect(merged).not.toContainEqual(ev(1000));
  });

  it('is the same whatever order the batches come in, and a batch seen twice changes nothing (Lambda retries)', () => {
    const a = [ev(1), ev(5), ev(9)];
    const b = [ev(3), ev(7)];
    expect(mergeNewest(mergeNewest([], a), b)).toEqual(mergeNewest(mergeNewest([], b), a));
    const once = mergeNewest([], a);
    expect(mergeNewest(once, a)).toEqual(once);
  });

  it("an aggregated entry keeps its first moment and shows its latest counts, whatever order its changes arrive in", () => {
    const first = ev(0, { action: 'login_failed', sk: '2026-11-25T08:00:00.000Z#LOGIN_FAILED#eve', id: '2026-11-25T08#LOGIN_FAILED#eve', attempts: 1 });
    const later = { ...first, attempts: 4, refused: 1 };
    expect(mergeNewest([first], [later])).toEqual([later]);
    expect(mergeNewest([later], [first])).toEqual([later]);
  });

  it('reads only activity-log items of the stream (not the list itself, not a profile)', () => {
    expect(eventOf({ pk: 'LOG#2026-11-25#3', sk: 's', entity: 'LOG', id: 'I', action: 'signup', details: 'd', userId: null, ipAddress: 'ip', timestamp: 't' })).toEqual({
      sk: 's',
      id: 'I',
      action: 'signup',
      details: 'd',
      userId: null,
      ipAddress: 'ip',
      timestamp: 't',
    });
    expect(eventOf({ pk: 'LOG#NEWEST', sk: 'LIST', entity: 'NEWEST_LOG', events: [] })).toBeNull();
    expect(eventOf({ pk: 'USER#u', sk: 'PROFILE', entity: 'LOG' })).toBeNull();
    const image = (item: Record<string, unknown>) => ({ NewImage: marshall(item, { removeUndefinedValues: true }) });
    const log = { pk: 'LOG#2026-11-25#1', sk: 'k', entity: 'LOG', id: 'I', action: 'login', details: 'd', userId: 'u', ipAddress: 'ip', timestamp: 't' };
    expect(
      eventsOf([
        { eventName: 'INSERT', dynamodb: image(log) },
        { eventName: 'MODIFY', dynamodb: image({ ...log, sk: 'k2' }) },
        { eventName: 'REMOVE', dynamodb: {} }, // TTL expiry: the list keeps it until newer events push it out
        { eventName: 'INSERT', dynamodb: image({ pk: 'STATS#1', sk: 'COUNTERS', entity: 'COUNTERS' }) },
      ]).map((e) => e.sk),
    ).toEqual(['k', 'k2']);
  });
});
