import { describe, expect, it } from 'vitest';
import { dynamoBudgetViolations } from './dynamo-budget';

describe('dynamoBudgetViolations', () => {
  it('flags a route over two calls and any Scan, and honours the documented exceptions', () => {
    const v = dynamoBudgetViolations({
      'GET /api/auth/me': { requests: 3, maxCalls: 1, scans: 0, worst: ['GetCommand'] },
      'POST /api/pushups': { requests: 1, maxCalls: 3, scans: 0, worst: ['GetCommand', 'GetCommand', 'TransactWriteCommand'] },
      'GET /api/feedback': { requests: 1, maxCalls: 1, scans: 1, worst: ['ScanCommand'] },
      'POST /api/admin/system-tests/{test}': { requests: 1, maxCalls: 9, scans: 0, worst: [] },
    });
    expect(v).toEqual([
      'POST /api/pushups: 3 DynamoDB calls in one request (budget 2): GetCommand, GetCommand, TransactWriteCommand',
      'GET /api/feedback: 1 Scan(s) while serving requests',
    ]);
  });

  it('allows a rare path its stated number of calls, and no more', () => {
    expect(dynamoBudgetViolations({ 'DELETE /api/pushups/{id}': { requests: 9, maxCalls: 3, scans: 0, worst: ['TransactWriteItemsCommand', 'BatchGetItemCommand', 'TransactWriteItemsCommand'] } })).toEqual([]);
    expect(dynamoBudgetViolations({ 'DELETE /api/pushups/{id}': { requests: 9, maxCalls: 4, scans: 0, worst: ['A', 'B', 'C', 'D'] } })).toEqual([
      'DELETE /api/pushups/{id}: 4 DynamoDB calls in one request (budget 3): A, B, C, D',
    ]);
  });

  it('has no exception for the admin summary any more (issue 17 point 1)', () => {
    expect(dynamoBudgetViolations({ 'GET /api/admin/logs': { requests: 1, maxCalls: 3, scans: 0, worst: ['GetCommand', 'QueryCommand', 'QueryCommand'] } })).toEqual([
      'GET /api/admin/logs: 3 DynamoDB calls in one request (budget 2): GetCommand, QueryCommand, QueryCommand',
    ]);
  });
});
