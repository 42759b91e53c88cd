import { describe, expect, it } from 'vitest';
import { EMAIL, USERNAME, resolveTargets } from '../bin/admin-create';

describe('admin:create', () => {
  it('takes the pool and table from flags first, then from the deploy outputs file', () => {
    const outputs = { FitTrack: { UserPoolId: 'eu-west-1_pool', TableName: 'FitTrack-Table' } };
    expect(resolveTargets({}, () => outputs)).toEqual({ userPoolId: 'eu-west-1_pool', tableName: 'FitTrack-Table' });
    expect(resolveTargets({ 'user-pool-id': 'x_1', 'table-name': 't' }, () => outputs)).toEqual({ userPoolId: 'x_1', tableName: 't' });
    expect(resolveTargets({ stack: 'Other' }, () => ({ Other: { UserPoolId: 'o_1', TableName: 'ot' } }))).toEqual({ userPoolId: 'o_1', tableName: 'ot' });
  });

  it('refuses to guess when it does not know the pool or the table', () => {
    expect(() => resolveTargets({}, () => undefined)).toThrow(/--user-pool-id and --table-name/);
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
