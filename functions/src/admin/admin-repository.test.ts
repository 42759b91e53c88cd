import { describe, expect, it } from 'vitest';
import { RECENT_LOGIN_WINDOW_MS } from '../contract/admin-rules';
import { COUNTER_SHARDS, LOGIN_COUNT_SHARDS } from '../lib/db/keys';
import { hoursBetween, summaryKeys } from './admin-repository';

describe('the admin summary read fits one BatchGet (docs/decisions/0016)', () => {
  it('covers every hour the window touches: 25 clock hours, 26 when the skew crosses into the next hour', () => {
    expect(hoursBetween(new Date('2026-11-24T10:00:00Z'), new Date('2026-11-25T10:01:00Z'))).toHaveLength(25);
    const h = hoursBetween(new Date('2026-11-24T10:59:30Z'), new Date('2026-11-25T11:00:30Z'));
    expect(h).toHaveLength(26);
    expect(h[0]).toBe('2026-11-24T10');
    expect(h.at(-1)).toBe('2026-11-25T11');
  });

  it('asks for every counter shard, the legacy item and every login shard, 99 keys at most (the profile check adds one)', () => {
    const now = new Date('2026-11-25T10:59:30Z');
    const plan = summaryKeys(new Date(now.getTime() - RECENT_LOGIN_WINDOW_MS), new Date(now.getTime() + 60_000));
    expect(plan.counters).toHaveLength(COUNTER_SHARDS + 1);
    expect(plan.counters[0]).toEqual({ pk: 'STATS', sk: 'COUNTERS' });
    expect(plan.logins).toHaveLength(26 * LOGIN_COUNT_SHARDS);
    expect(plan.logins[0]!.key).toEqual({ pk: 'LOGINS#2026-11-24T10#0', sk: 'COUNT' });
    const all = [...plan.counters, ...plan.logins.map((l) => l.key)];
    expect(all.length).toBeLessThanOrEqual(99);
    expect(new Set(all.map((k) => `${k.pk}|${k.sk}`)).size).toBe(all.length);
  });

  it('refuses a window that would need a second call', () => {
    expect(() => summaryKeys(new Date('2026-11-20T00:00:00Z'), new Date('2026-11-25T00:00:00Z'))).toThrow(/more than one BatchGet/);
  });
});
