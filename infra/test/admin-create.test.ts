import { describe, expect, it } from 'vitest';
import { EMAIL, USERNAME, resolveTargets } from '../bin/admin-create';

describe('admin:create', () => {
  it('takes the pool, the app client and the table from flags first, then from the deploy outputs file', () => {
    const outputs = { FitTrack: { UserPoolId: 'eu-west-1_pool', UserPoolClientId: 'client1', TableName: 'FitTrack-Table' } };
    expect(resolveTargets({}, () => outputs)).toEqual({ userPoolId: 'eu-west-1_pool', userPoolClientId: 'client1', tableName: 'FitTrack-Table' });
    expect(resolveTargets({ 'user-pool-id': 'x_1', 'user-pool-client-id': 'c', 'table-name': 't' }, () => outputs)).toEqual({ userPoolId: 'x_1', userPoolClientId: 'c', tableName: 't' });
    expect(resolveTargets({ stack: 'Other' }, () => ({ Other: { UserPoolId: 'o_1', UserPoolClientId: 'oc', TableName: 'ot' } }))).toEqual({
      userPoolId: 'o_1',
      userPoolClientId: 'oc',
      tableName: 'ot',
    });
  });

  it('refuses to guess when it does not know the pool, the app client or the table', () => {
    expect(() => resolveTargets({}, () => undefined)).toThrow(/--user-pool-id, --user-pool-client-id and --table-name/);
    expect(() => resolveTargets({ 'user-pool-id': 'x_1' }, () => undefined)).toThrow(/--table-name/);
  });

  it('validates the username and email', () => {
    expect(USERNAME.test('ops.admin')).toBe(true);
    expect(USERNAME.test('a')).toBe(false);
    expect(USERNAME.test('bad name')).toBe(false);
    expect(EMAIL.test('ops@example.com')).toBe(true);
    expect(EMAIL.test('ops@')).toBe(false);
  });
});
