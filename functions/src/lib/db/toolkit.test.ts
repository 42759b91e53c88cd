import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestEnv } from '../../../test/env';
import { ddbMock } from '../../../test/fixtures';
import { HttpError } from '../http-error';
import { tableName } from './client';
import { type TransactItem, MAX_ATTEMPTS, batchGet, fromItem, queryAll, queryPage, transact } from './toolkit';

setTestEnv();
beforeEach(() => {
  ddbMock.reset();
  vi.useRealTimers();
});

const canceled = (...reasons: { Code: string; Item?: Record<string, unknown> }[]) =>
  new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: reasons as never });
const put = (sk: string): TransactItem => ({ Put: { TableName: 'T', Item: { pk: 'P', sk } } });

/** Runs `work` with fake timers, letting every backoff sleep pass at once. */
async function withoutWaiting<T>(work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers();
  const promise = work();
  promise.catch(() => undefined);
  await vi.runAllTimersAsync();
  return promise;
}

describe('transact', () => {
  it('answers ok when the transaction commits', async () => {
    ddbMock.on(TransactWriteCommand).resolves({});
    await expect(transact([put('a')])).resolves.toEqual({ ok: true });
    expect(ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems).toEqual([put('a')]);
  });

  it('answers the index of the item whose condition failed, with that item unmarshalled', async () => {
    ddbMock
      .on(TransactWriteCommand)
      .rejects(canceled({ Code: 'None' }, { Code: 'ConditionalCheckFailed', Item: { status: { S: 'closed' }, n: { N: '3' } } }, { Code: 'ConditionalCheckFailed' }));
    await expect(transact([put('a'), put('b'), put('c')])).resolves.toEqual({ ok: false, failed: 1, item: { status: 'closed', n: 3 } });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1); // a condition failure is never retried
  });

  it('a condition failure wins over a conflict in the same cancellation', async () => {
    ddbMock.on(TransactWriteCommand).rejects(canceled({ Code: 'TransactionConflict' }, { Code: 'ConditionalCheckFailed' }));
    await expect(transact([put('a'), put('b')])).resolves.toEqual({ ok: false, failed: 1 });
  });

  it('retries conflicts and throttling, then commits', async () => {
    ddbMock
      .on(TransactWriteCommand)
      .rejectsOnce(canceled({ Code: 'TransactionConflict' }, { Code: 'None' }))
      .rejectsOnce(canceled({ Code: 'None' }, { Code: 'ThrottlingError' }))
      .rejectsOnce(canceled({ Code: 'ProvisionedThroughputExceeded' }, { Code: 'None' }))
      .resolves({});
    await expect(withoutWaiting(() => transact([put('a'), put('b')]))).resolves.toEqual({ ok: true });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(4);
  });

  it(`answers 503 "Service busy" with Retry-After after ${MAX_ATTEMPTS} conflicting attempts`, async () => {
    ddbMock.on(TransactWriteCommand).rejects(canceled({ Code: 'TransactionConflict' }));
    const err = await withoutWaiting(() => transact([put('a')])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 503, message: 'Service busy. Please try again shortly.', headers: { 'Retry-After': '1' } });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(MAX_ATTEMPTS);
  });

  it('throws any other error as it is, without retrying', async () => {
    const validation = canceled({ Code: 'ValidationError' });
    ddbMock.on(TransactWriteCommand).rejectsOnce(validation);
    await expect(transact([put('a')])).rejects.toBe(validation);
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    ddbMock.on(TransactWriteCommand).rejects(refused);
    await expect(transact([put('a')])).rejects.toBe(refused);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });
});

describe('batchGet', () => {
  const a = { pk: 'USER#1', sk: 'A' };
  const b = { pk: 'USER#1', sk: 'B' };
  const c = { pk: 'USER#1', sk: 'C' };

  it('answers the items in the order of the keys, undefined where there is none', async () => {
    ddbMock.on(BatchGetCommand).resolves({ Responses: { [tableName()]: [{ ...c, v: 3 }, { ...a, v: 1 }] } });
    await expect(batchGet([a, b, c], { consistent: true })).resolves.toEqual([{ ...a, v: 1 }, undefined, { ...c, v: 3 }]);
    expect(ddbMock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems).toEqual({ [tableName()]: { Keys: [a, b, c], ConsistentRead: true } });
  });

  it('asks again for the keys DynamoDB left unprocessed, and only those', async () => {
    ddbMock
      .on(BatchGetCommand)
      .resolvesOnce({ Responses: { [tableName()]: [{ ...a, v: 1 }] }, UnprocessedKeys: { [tableName()]: { Keys: [b, c] } } })
      .resolvesOnce({ Responses: { [tableName()]: [{ ...c, v: 3 }] }, UnprocessedKeys: { [tableName()]: { Keys: [b] } } })
      .resolves({ Responses: { [tableName()]: [{ ...b, v: 2 }] } });
    await expect(withoutWaiting(() => batchGet([a, b, c]))).resolves.toEqual([{ ...a, v: 1 }, { ...b, v: 2 }, { ...c, v: 3 }]);
    const asked = ddbMock.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems![tableName()]!.Keys);
    expect(asked).toEqual([[a, b, c], [b, c], [b]]);
  });

  it('answers 503 when keys stay unprocessed', async () => {
    ddbMock.on(BatchGetCommand).resolves({ UnprocessedKeys: { [tableName()]: { Keys: [a] } } });
    await expect(withoutWaiting(() => batchGet([a]))).rejects.toMatchObject({ status: 503 });
    expect(ddbMock.commandCalls(BatchGetCommand)).toHaveLength(MAX_ATTEMPTS);
  });
});

describe('fromItem', () => {
  it('drops the keys, the gsi1 keys and the entity tag, and keeps everything else', () => {
    expect(fromItem({ pk: 'P', sk: 'S', gsi1pk: 'G', gsi1sk: 'H', entity: 'FEEDBACK', id: '1', status: 'open', expiresAt: 5 })).toEqual({ id: '1', status: 'open', expiresAt: 5 });
  });
});

describe('the pager', () => {
  it('queryAll follows LastEvaluatedKey until the last page', async () => {
    const k1 = { pk: 'CATALOG#MEAL', sk: 'm1' };
    const k2 = { pk: 'CATALOG#MEAL', sk: 'm2' };
    ddbMock
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ ...k1 }], LastEvaluatedKey: k1 })
      .resolvesOnce({ Items: [{ ...k2 }], LastEvaluatedKey: k2 })
      .resolves({ Items: [] });
    const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'CATALOG#MEAL' } });
    expect(items).toEqual([k1, k2]);
    const starts = ddbMock.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(starts.map((i) => i.ExclusiveStartKey)).toEqual([undefined, k1, k2]);
    expect(starts.every((i) => i.TableName === tableName() && i.KeyConditionExpression === 'pk = :pk')).toBe(true);
  });

  it('queryPage answers one page and the key to continue from', async () => {
    const last = { pk: 'FEEDBACK#1', sk: 'FEEDBACK' };
    ddbMock.on(QueryCommand).resolves({ Items: [{ id: '1' }], LastEvaluatedKey: last });
    await expect(queryPage({ KeyConditionExpression: 'gsi1pk = :pk', Limit: 1 })).resolves.toEqual({ items: [{ id: '1' }], lastKey: last });
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(1);
  });
});
