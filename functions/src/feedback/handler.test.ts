import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEvent } from '../../test/events';
import { setTestEnv } from '../../test/env';
import { signedInCookies, awsError, ddbMock, principals, profileItem, resetAwsMocks } from '../../test/fixtures';
import { stubJwksFetch } from '../../test/jwt';
import { expectJsonError, invoke, jsonBody } from '../../test/lambda';
import { feedbackStatuses, feedbackTransitions } from '../contract/feedback';
import { decodeFeedbackCursor as decodeCursor, encodeFeedbackCursor as encodeCursor, rateWindow, refusedMove } from './feedback-service';
import { MAX_ATTEMPTS } from '../lib/db/toolkit';
import { handler } from './handler';

setTestEnv();
stubJwksFetch();
vi.spyOn(console, 'error').mockImplementation(() => undefined);
beforeEach(() => resetAwsMocks());

const cancelled = (...codes: string[]) =>
  Object.assign(awsError('TransactionCanceledException'), { CancellationReasons: codes.map((Code) => ({ Code })) });

const ID = '01JBQ3Z6M4V8Y2K5N7P9R1T3W5';

describe('rules', () => {
  it('has exactly the spec moves: open→in_progress, in_progress→resolved, any non-closed→closed', () => {
    const moves = feedbackStatuses.flatMap((f) => feedbackTransitions[f].map((t) => `${f}>${t}`)).sort();
    expect(moves).toEqual(['in_progress>closed', 'in_progress>resolved', 'open>closed', 'open>in_progress', 'resolved>closed']);
  });

  it('words a refused move with the allowed ones', () => {
    expect(refusedMove('open', 'resolved')).toBe('Feedback is open: it can move to in_progress or closed, not resolved.');
    expect(refusedMove('resolved', 'open')).toBe('Feedback is resolved: it can move to closed, not open.');
    expect(refusedMove('closed', 'open')).toBe('Feedback is closed: its status can no longer change (asked for open).');
  });

  it('counts per clock hour', () => {
    expect(rateWindow(new Date('2026-11-21T15:59:59.999Z'))).toEqual({ window: '2026-11-21T15', endsAt: Date.parse('2026-11-21T16:00:00.000Z') });
    expect(rateWindow(new Date('2026-11-21T16:00:00.000Z')).window).toBe('2026-11-21T16');
  });

  it('round-trips a cursor and refuses anything else', () => {
    const key = { pk: `FEEDBACK#${ID}`, sk: 'FEEDBACK', gsi1pk: 'FEEDBACK', gsi1sk: `2026-11-21T15:00:00.000Z#${ID}` };
    expect(decodeCursor(encodeCursor(key)!)).toEqual(key);
    expect(encodeCursor(undefined)).toBeNull();
    for (const bad of [
      'a+b',
      Buffer.from('nope').toString('base64url'),
      encodeCursor({ ...key, pk: 'USER#x' })!,
      encodeCursor({ ...key, extra: 'x' })!,
      encodeCursor({ ...key, gsi1sk: 5 as unknown as string })!,
      encodeCursor({ ...key, gsi1pk: 'ACTION#login' })!,
    ]) {
      expect(() => decodeCursor(bad)).toThrow(/^cursor: /);
    }
  });
});

describe('POST /api/feedback', () => {
  it('writes the rate item, the feedback, the log and both counters in one transaction', async () => {
    const res = await invoke(handler, loadEvent('post-feedback', { cookies: signedInCookies('subscriber') }));
    expect(res.statusCode).toBe(201);
    const { id } = jsonBody(res) as { id: string };
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0); // no separate profile read: the subscription check rides along
    const tx = ddbMock.commandCalls(TransactWriteCommand);
    expect(tx).toHaveLength(1);
    const [check, ...items] = tx[0]!.args[0].input.TransactItems!;
    expect(check!.ConditionCheck!.Key).toEqual({ pk: `USER#${principals.subscriber.sub}`, sk: 'PROFILE' });
    expect(items).toHaveLength(5);
    expect(items[0]!.Update).toMatchObject({
      Key: { pk: `USER#${principals.subscriber.sub}`, sk: expect.stringMatching(/^RATE#FEEDBACK#\d{4}-\d\d-\d\dT\d\d$/) },
      ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit',
      ExpressionAttributeValues: expect.objectContaining({ ':limit': 10, ':exp': expect.any(Number) }),
    });
    expect(items[1]!.Put).toMatchObject({
      Item: {
        pk: `FEEDBACK#${id}`,
        sk: 'FEEDBACK',
        gsi1pk: 'FEEDBACK',
        userId: principals.subscriber.sub, // the body's userId: 1 is ignored
        email: 'alex@example.com',
        name: 'Alex Runner',
        rating: 4,
        category: 'feature',
        status: 'open',
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(items[2]!.Put!.Item).toMatchObject({ pk: expect.stringMatching(/^LOG#\d{4}-\d\d-\d\d#([0-9]|1[0-5])$/), entity: 'LOG', action: 'feedback_submitted', userId: principals.subscriber.sub, ipAddress: '203.0.113.10' });
    expect(items[3]!.Update).toMatchObject({
      Key: { pk: expect.stringMatching(/^STATS#([0-9]|1[0-5])$/), sk: 'COUNTERS' },
      UpdateExpression: 'ADD #c0 :c0, #c1 :c1 SET entity = :entity',
      ExpressionAttributeNames: { '#c0': 'logCount', '#c1': 'feedbackCount' },
      ExpressionAttributeValues: { ':c0': 1, ':c1': 1, ':entity': 'COUNTERS' },
    });
  });

  it('answers 429 with Retry-After when the rate item refuses', async () => {
    // item 0 is the subscription check (it passed), item 1 the rate item
    ddbMock.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None', 'None', 'None'));
    const res = await invoke(handler, loadEvent('post-feedback', { cookies: signedInCookies('subscriber') }));
    expectJsonError(res, 429, 'You can send up to 10 feedback messages per hour. Please try again later.');
    expect(Number(res.headers['Retry-After'])).toBeGreaterThan(0);
  });

  it('retries a transaction that only conflicted with another writer', async () => {
    ddbMock.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'None', 'None', 'TransactionConflict')).resolves({});
    const res = await invoke(handler, loadEvent('post-feedback', { cookies: signedInCookies('subscriber') }));
    expect(res.statusCode).toBe(201);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('answers 503 when conflicts persist', async () => {
    ddbMock.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'None', 'TransactionConflict'));
    const res = await invoke(handler, loadEvent('post-feedback', { cookies: signedInCookies('subscriber') }));
    expectJsonError(res, 503, 'Service busy. Please try again shortly.');
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(MAX_ATTEMPTS);
  });

  it('answers 400 before any write for an invalid body', async () => {
    const res = await invoke(handler, loadEvent('post-feedback', { cookies: signedInCookies('subscriber'), body: { email: 'x', message: 'm', category: 'bug' } }));
    expectJsonError(res, 400, 'Email must be a valid email address.');
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('PATCH /api/feedback/{id}/status', () => {
  const event = (status: string) => {
    const e = loadEvent('patch-feedback-status', { cookies: signedInCookies('admin'), body: { status } });
    e.pathParameters = { id: ID };
    return e;
  };
  // One BatchGet reads the item and, for the session check, the admin's profile (lib/profile-check.ts).
  const stored = (status: string) =>
    ddbMock.on(BatchGetCommand).resolves({
      Responses: {
        'fittrack-test': [
          { pk: `FEEDBACK#${ID}`, sk: 'FEEDBACK', gsi1pk: 'FEEDBACK', gsi1sk: 'x', entity: 'FEEDBACK', id: ID, userId: 'u', email: 'e@example.com', message: 'm', category: 'bug', status, createdAt: '2026-11-21T10:00:00.000Z' },
          profileItem('admin'),
        ],
      },
    });

  it('moves conditionally on the status it read and logs with the admin id; answers the item without keys', async () => {
    stored('open');
    const res = await invoke(handler, event('in_progress'));
    expect(res.statusCode).toBe(200);
    expect(jsonBody(res)).toEqual({ id: ID, userId: 'u', email: 'e@example.com', message: 'm', category: 'bug', status: 'in_progress', createdAt: '2026-11-21T10:00:00.000Z', updatedAt: expect.any(String) });
    const items = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items[0]!.Update).toMatchObject({ ConditionExpression: 'attribute_exists(pk) AND #s = :from', ExpressionAttributeValues: expect.objectContaining({ ':from': 'open', ':to': 'in_progress' }) });
    expect(items[1]!.Put!.Item).toMatchObject({ action: 'feedback_status_changed', userId: principals.admin.sub });
    expect(ddbMock.calls()).toHaveLength(2);
  });

  it('refuses a forbidden move with 409 without writing', async () => {
    stored('resolved');
    expectJsonError(await invoke(handler, event('in_progress')), 409, 'Feedback is resolved: it can move to closed, not in_progress.');
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers with the winner when another admin moved it first', async () => {
    stored('in_progress');
    ddbMock.on(TransactWriteCommand).rejects(
      Object.assign(awsError('TransactionCanceledException'), { CancellationReasons: [{ Code: 'ConditionalCheckFailed', Item: { status: { S: 'closed' } } }, { Code: 'None' }, { Code: 'None' }] }),
    );
    expectJsonError(await invoke(handler, event('resolved')), 409, 'Feedback is closed: its status can no longer change (asked for resolved).');
  });

  it('answers 404 when it was deleted meanwhile', async () => {
    stored('open');
    ddbMock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None'));
    expectJsonError(await invoke(handler, event('closed')), 404, 'Feedback not found');
  });
});

describe('GET /api/feedback', () => {
  it('queries gsi1 newest first with the limit and answers a cursor', async () => {
    ddbMock.on(QueryCommand).resolves({
      Items: [{ pk: `FEEDBACK#${ID}`, sk: 'FEEDBACK', gsi1pk: 'FEEDBACK', gsi1sk: 's', entity: 'FEEDBACK', id: ID, status: 'open' }],
      LastEvaluatedKey: { pk: `FEEDBACK#${ID}`, sk: 'FEEDBACK', gsi1pk: 'FEEDBACK', gsi1sk: 's' },
    });
    const res = await invoke(handler, loadEvent('get-feedback', { cookies: signedInCookies('admin'), queryStringParameters: { limit: '1' } }));
    expect(res.statusCode).toBe(200);
    const body = jsonBody(res) as { items: unknown[]; nextCursor: string };
    expect(body.items).toEqual([{ id: ID, status: 'open' }]);
    expect(decodeCursor(body.nextCursor)).toMatchObject({ pk: `FEEDBACK#${ID}` });
    expect(ddbMock.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ScanIndexForward: false, Limit: 1 });
  });
});
