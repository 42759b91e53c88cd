import { describe, expect, it } from 'vitest';
import { ACTIVITY_LOG_RETENTION_DAYS, activityLogItems } from './activity-log';
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
