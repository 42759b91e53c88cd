import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, accountIdOf, failedSignInLogKey, gateVerdict } from './login-limit';

describe('gateVerdict (decision 0017)', () => {
  const none = { pair: 0, address: 0, account: 0 };
  it('allows below every limit', () => {
    expect(gateVerdict(none)).toBe('allow');
    expect(gateVerdict({ pair: LOGIN_LIMITS.perPair - 1, address: LOGIN_LIMITS.perAddress - 1, account: LOGIN_LIMITS.accountCeiling - 1 })).toBe('allow');
  });
  it('refuses a pair or an address at its limit', () => {
    expect(gateVerdict({ ...none, pair: LOGIN_LIMITS.perPair, account: LOGIN_LIMITS.perPair })).toBe('refuse');
    expect(gateVerdict({ ...none, address: LOGIN_LIMITS.perAddress })).toBe('refuse');
  });
  it('past the account ceiling, refuses an address with failures of its own and slows one without', () => {
    expect(gateVerdict({ ...none, account: LOGIN_LIMITS.accountCeiling, pair: 1 })).toBe('refuse');
    expect(gateVerdict({ ...none, account: LOGIN_LIMITS.accountCeiling })).toBe('slow');
    expect(gateVerdict({ ...none, account: 10 * LOGIN_LIMITS.accountCeiling })).toBe('slow');
  });
  it('keeps the per-account ceiling well above the pair limit (an owner is never refused for others\' failures)', () => {
    expect(LOGIN_LIMITS.accountCeiling).toBeGreaterThanOrEqual(5 * LOGIN_LIMITS.perPair);
  });
});

describe('the aggregated login_failed entry', () => {
  it('is one item per account and hour, whatever the case of the username', () => {
    const t = new Date('2026-11-25T10:05:00Z');
    expect(failedSignInLogKey('Alice', t)).toEqual(failedSignInLogKey('alice ', new Date('2026-11-25T10:59:59Z')));
    expect(failedSignInLogKey('alice', t)).not.toEqual(failedSignInLogKey('alice', new Date('2026-11-25T11:00:00Z')));
    expect(failedSignInLogKey('alice', t).sk).toBe('2026-11-25T10:00:00.000Z#LOGIN_FAILED#alice');
    expect(failedSignInLogKey('alice', t).pk).toMatch(/^LOG#2026-11-25#\d+$/);
  });
  it('cuts what an attacker types to a bounded length', () => {
    expect(accountIdOf('X'.repeat(10_000))).toHaveLength(128);
  });
});
