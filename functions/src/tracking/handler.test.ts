import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { keys } from '../lib/db/keys';
import { loadEvent } from '../../test/events';
import { setTestEnv } from '../../test/env';
import { signedInCookies, ddbMock, principals, profileItem, resetAwsMocks } from '../../test/fixtures';
import { stubJwksFetch } from '../../test/jwt';
import { invoke, jsonBody } from '../../test/lambda';
import { meals } from '../catalog/catalog-data';
import { CALORIE_LIMIT_MESSAGE } from '../contract/tracking';
import { tableName } from '../lib/db/client';
import { dayKey } from './day-key';
import { handler } from './handler';

/** Meal adds read and check a random copy of the catalogue (decision 0020): these tests pin copy 0. */
const pinCatalogCopy = () => {
  const random = vi.spyOn(Math, 'random').mockReturnValue(0);
  onTestFinished(() => random.mockRestore());
};

setTestEnv();
stubJwksFetch();
vi.spyOn(console, 'error').mockImplementation(() => undefined);
beforeAll(() => setTestEnv());
beforeEach(() => resetAwsMocks());

const T = tableName();
const sub = principals.subscriber.sub;
const cookies = signedInCookies('subscriber');
const canceled = (reasons: { Code: string; Item?: Record<string, unknown> }[]) =>
  new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: reasons as never });

describe('tracking handler (DynamoDB stubbed)', () => {
  it("reads today's day and totals in one BatchGet (with the caller's profile: the subscription check), keyed by the session and the request's zone", async () => {
    const date = dayKey(new Date(), 'Europe/Berlin'); // the sample event's X-Time-Zone
    ddbMock.on(BatchGetCommand).resolves({
      Responses: {
        [T]: [
          profileItem('subscriber'),
          { pk: `USER#${sub}`, sk: `DAY#${date}`, entity: 'DAY', steps: 1200, pushups: 5 },
          { pk: `USER#${sub}`, sk: 'TOTALS', stepsSet: 95_000, stepsReplaced: 5000, pushups: 300, caloriesBurnedSet: 4000, trackedDays: new Set(['2026-01-01', date]) },
        ],
      },
    });
    const res = await invoke(handler, loadEvent('get-progress-today', { cookies }));
    expect(res.statusCode).toBe(200);
    expect(jsonBody(res)).toEqual({ date, steps: 1200, caloriesConsumed: 0, pushups: 5, caloriesBurned: 0, lifetime: { steps: 90_000, pushups: 300, caloriesBurned: 4000, daysTracked: 2 } });
    const keys = ddbMock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems![T]!.Keys;
    expect(keys).toEqual([{ pk: `USER#${sub}`, sk: `DAY#${date}` }, { pk: `USER#${sub}`, sk: 'TOTALS' }, { pk: `USER#${sub}`, sk: 'PROFILE' }]);
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(0);
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0); // one DynamoDB call in all
  });

  it('retries a push-up transaction that conflicts with a concurrent one, and writes set, day, totals and key together', async () => {
    ddbMock
      .on(TransactWriteCommand)
      .rejectsOnce(canceled([{ Code: 'None' }, { Code: 'TransactionConflict' }, { Code: 'None' }, { Code: 'None' }, { Code: 'None' }]))
      .rejectsOnce(canceled([{ Code: 'None' }, { Code: 'None' }, { Code: 'TransactionConflict' }, { Code: 'None' }, { Code: 'None' }]))
      .resolves({});
    const key = '3b241101-e2bb-4255-8caf-4136c566a962';
    const res = await invoke(handler, loadEvent('post-pushups', { cookies, headers: { 'idempotency-key': key } }));
    expect(res.statusCode).toBe(201);
    expect(jsonBody(res)).toMatchObject({ count: 10 });
    const calls = ddbMock.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(3);
    const [check, ...items] = calls[2]!.args[0].input.TransactItems!;
    // the subscription check rides first in the same transaction (no profile read first)
    expect(check!.ConditionCheck!.Key).toEqual({ pk: `USER#${sub}`, sk: 'PROFILE' });
    expect(items).toHaveLength(4);
    expect(items[0]!.Put!.Item).toMatchObject({ pk: `USER#${sub}`, sk: `IDEMPOTENCY#${key}`, count: 10 });
    expect(items[1]!.Put!.Item!.sk).toMatch(/^DAY#\d{4}-\d{2}-\d{2}#SET#/);
    expect(items[2]!.Update!.UpdateExpression).toContain('ADD pushups :n');
    expect(items[3]!.Update!.Key).toEqual({ pk: `USER#${sub}`, sk: 'TOTALS' });
    // the body's userId (1) is ignored: every key is the session's
    for (const it of items) expect(JSON.stringify(it)).toContain(`USER#${sub}`);
  });

  it('replays the stored set when the Idempotency-Key was used (marshalled cancellation item)', async () => {
    ddbMock.on(TransactWriteCommand).rejects(
      canceled([
        { Code: 'None' }, // the subscription check passed
        { Code: 'ConditionalCheckFailed', Item: { setId: { S: '01JSETID' }, count: { N: '10' }, createdAt: { S: '2026-11-21T08:00:00.000Z' } } },
        { Code: 'None' },
        { Code: 'None' },
        { Code: 'None' },
      ]),
    );
    const res = await invoke(handler, loadEvent('post-pushups', { cookies, headers: { 'idempotency-key': '3b241101-e2bb-4255-8caf-4136c566a962' } }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['Idempotent-Replayed']).toBe('true');
    expect(jsonBody(res)).toEqual({ id: '01JSETID', count: 10, createdAt: '2026-11-21T08:00:00.000Z' });
  });

  it('sets a value in one transaction without a read (the totals record the value replaced), then reads the answer', async () => {
    const date = dayKey(new Date(), 'Europe/Berlin');
    ddbMock.on(BatchGetCommand).resolves({
      Responses: { [T]: [{ pk: `USER#${sub}`, sk: `DAY#${date}`, steps: 5000 }, { pk: `USER#${sub}`, sk: 'TOTALS', stepsSet: 61_000, stepsReplaced: 8000, trackedDays: new Set([date]) }] },
    });
    const res = await invoke(handler, loadEvent('patch-progress-today', { cookies })); // {"steps":5000}
    expect(res.statusCode).toBe(200);
    expect(jsonBody(res)).toMatchObject({ date, steps: 5000, lifetime: { steps: 53_000, daysTracked: 1 } });
    const calls = ddbMock.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(1);
    const [check, day, totals] = calls[0]!.args[0].input.TransactItems!;
    // the subscription is checked inside the same transaction (no profile read first)
    expect(check!.ConditionCheck!.Key).toEqual({ pk: `USER#${sub}`, sk: 'PROFILE' });
    expect(day!.Update!.ConditionExpression).toBeUndefined();
    expect(day!.Update!.ExpressionAttributeValues).toMatchObject({ ':value': 5000 });
    expect(totals!.Update!.Key).toEqual({ pk: `USER#${sub}`, sk: 'TOTALS' });
    expect(totals!.Update!.UpdateExpression).toContain('#rep = if_not_exists(#rep, :zero) + if_not_exists(#cur, :zero)');
    expect(totals!.Update!.ExpressionAttributeNames).toMatchObject({ '#cur': `steps@${date}`, '#set': 'stepsSet', '#rep': 'stepsReplaced' });
    // the write comes first, the answer is read after it
    const order = ddbMock.calls().map((c) => c.args[0].constructor.name).filter((n) => n !== 'GetCommand');
    expect(order).toEqual(['TransactWriteCommand', 'BatchGetCommand']);
  });

  it('sets calories consumed on the day only (not a lifetime total)', async () => {
    ddbMock.on(BatchGetCommand).resolves({ Responses: { [T]: [] } });
    const res = await invoke(handler, loadEvent('patch-progress-today', { cookies, body: { caloriesConsumed: 0 } }));
    expect(res.statusCode).toBe(200);
    const items = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items).toHaveLength(2); // the subscription check and the day
    expect(items[0]!.ConditionCheck).toBeDefined();
    expect(items[1]!.Update!.ExpressionAttributeNames).toMatchObject({ '#f': 'caloriesConsumed' });
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0); // no separate profile read: two calls in all
  });

  it('answers 404 for a meal neither the seeded catalogue nor the table has, without writing, and 409 when the conditional update fails', async () => {
    pinCatalogCopy();
    const notSeeded = { mealId: 'meal-only-in-the-table' };
    // the profile comes back in the same BatchGet as the meal and the day (the subscription check)
    ddbMock.on(BatchGetCommand).resolves({ Responses: { [T]: [profileItem('subscriber')] } });
    let res = await invoke(handler, loadEvent('post-progress-today-meals', { cookies, body: notSeeded }));
    expect(res.statusCode).toBe(404);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    ddbMock.on(BatchGetCommand).resolves({ Responses: { [T]: [profileItem('subscriber'), { pk: keys.catalogPartition('MEAL', 0), sk: notSeeded.mealId, id: notSeeded.mealId, calories: 100 }] } });
    ddbMock.on(TransactWriteCommand).rejects(canceled([{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }]));
    res = await invoke(handler, loadEvent('post-progress-today-meals', { cookies, body: notSeeded }));
    expect(res.statusCode).toBe(409);
    expect(jsonBody(res)).toEqual({ message: CALORIE_LIMIT_MESSAGE });
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('adds a seeded meal by writing first (checking the catalogue item) and answers the day read after the write', async () => {
    pinCatalogCopy();
    const meal = meals.find((m) => m.id === 'meal-air-popped-popcorn')!;
    const date = dayKey(new Date(), 'Europe/Berlin');
    ddbMock.on(BatchGetCommand).resolves({ Responses: { [T]: [{ pk: `USER#${sub}`, sk: `DAY#${date}`, caloriesConsumed: 285 }] } });
    const res = await invoke(handler, loadEvent('post-progress-today-meals', { cookies, body: { mealId: meal.id } }));
    expect(res.statusCode, res.body).toBe(200);
    // the answer is the day as read after the write (another tab's adds included), not "before + 95"
    expect(jsonBody(res)).toMatchObject({ caloriesConsumed: 285 });
    expect(ddbMock.calls().map((c) => c.args[0].constructor.name)).toEqual(['TransactWriteCommand', 'BatchGetCommand']);
    const items = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items[0]!.ConditionCheck!.Key).toEqual({ pk: `USER#${sub}`, sk: 'PROFILE' });
    expect(items[1]!.Update!.ExpressionAttributeValues).toMatchObject({ ':c': meal.calories, ':max': 500 - meal.calories });
    expect(items.at(-1)!.ConditionCheck).toMatchObject({
      Key: { pk: keys.catalogPartition('MEAL', 0), sk: meal.id },
      ConditionExpression: 'calories = :c AND #n = :n',
      ExpressionAttributeValues: { ':c': meal.calories, ':n': meal.name },
    });
    expect(ddbMock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems![T]!.ConsistentRead).toBe(true);
  });

  it('a seeded meal: 409 when the limit refuses it; read first when the catalogue item says otherwise', async () => {
    pinCatalogCopy();
    const meal = meals.find((m) => m.id === 'meal-air-popped-popcorn')!;
    // items: 0 the profile check, 1 the day (limit), 2 the entry, 3 the totals, 4 the catalogue check
    ddbMock.on(TransactWriteCommand).rejects(canceled([{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }, { Code: 'None' }]));
    let res = await invoke(handler, loadEvent('post-progress-today-meals', { cookies, body: { mealId: meal.id } }));
    expect(res.statusCode).toBe(409);
    ddbMock.resetHistory();
    ddbMock
      .on(TransactWriteCommand)
      .rejectsOnce(canceled([{ Code: 'None' }, { Code: 'None' }, { Code: 'None' }, { Code: 'None' }, { Code: 'ConditionalCheckFailed' }]))
      .resolves({});
    ddbMock.on(BatchGetCommand).resolves({ Responses: { [T]: [{ pk: keys.catalogPartition('MEAL', 0), sk: meal.id, id: meal.id, name: meal.name, calories: 120 }] } });
    res = await invoke(handler, loadEvent('post-progress-today-meals', { cookies, body: { mealId: meal.id } }));
    expect(res.statusCode, res.body).toBe(200);
    expect(jsonBody(res)).toMatchObject({ caloriesConsumed: 120 });
    expect(ddbMock.calls().map((c) => c.args[0].constructor.name)).toEqual(['TransactWriteCommand', 'BatchGetCommand', 'TransactWriteCommand']);
  });

  it('removes a meal entry conditionally on it existing; a day lowered meanwhile is set to 0, never below', async () => {
    const date = dayKey(new Date(), 'Europe/Berlin');
    const id = loadEvent('delete-progress-today-meal').pathParameters!.id!;
    ddbMock.on(BatchGetCommand).resolves({
      Responses: {
        [T]: [
          profileItem('subscriber'),
          { pk: `USER#${sub}`, sk: `DAY#${date}#MEAL#${id}`, id, mealId: 'm1', name: 'Soup', calories: 300, createdAt: '2026-01-01T10:00:00.000Z' },
          { pk: `USER#${sub}`, sk: `DAY#${date}`, caloriesConsumed: 400 },
        ],
      },
    });
    // A concurrent PATCH set the day to 100 between the read and the write: the day's condition fails once.
    ddbMock.on(TransactWriteCommand).rejectsOnce(canceled([{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }])).resolves({});
    const res = await invoke(handler, loadEvent('delete-progress-today-meal', { cookies }));
    expect(res.statusCode).toBe(200);
    expect(jsonBody(res)).toMatchObject({ date, caloriesConsumed: 100 });
    const keys = ddbMock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems![T]!.Keys;
    expect(keys).toEqual([{ pk: `USER#${sub}`, sk: `DAY#${date}#MEAL#${id}` }, { pk: `USER#${sub}`, sk: `DAY#${date}` }, { pk: `USER#${sub}`, sk: 'TOTALS' }, { pk: `USER#${sub}`, sk: 'PROFILE' }]);
    const [first, second] = ddbMock.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
    expect(first![0]!.Delete).toMatchObject({ Key: { pk: `USER#${sub}`, sk: `DAY#${date}#MEAL#${id}` }, ConditionExpression: 'attribute_exists(pk)' });
    expect(first![1]!.Update).toMatchObject({ ConditionExpression: 'caloriesConsumed >= :c', ExpressionAttributeValues: { ':minus': -300, ':c': 300 } });
    expect(first![1]!.Update!.UpdateExpression).toContain('ADD caloriesConsumed :minus');
    expect(second![0]!.Delete!.ConditionExpression).toBe('attribute_exists(pk)');
    expect(second![1]!.Update).toMatchObject({ ConditionExpression: 'attribute_not_exists(caloriesConsumed) OR caloriesConsumed < :c', ExpressionAttributeValues: { ':zero': 0 } });
    expect(second![1]!.Update!.UpdateExpression).toContain('caloriesConsumed = :zero');
    expect(first).toHaveLength(2); // the day's consumed calories have no lifetime total: the totals item is not touched
  });

  it('a removal with the amount the list shows writes first, conditional on that amount, then reads the day as stored (decision 0104)', async () => {
    const date = dayKey(new Date(), 'Europe/Berlin');
    const id = loadEvent('delete-progress-today-meal').pathParameters!.id!;
    ddbMock.on(TransactWriteCommand).resolves({});
    ddbMock.on(BatchGetCommand).resolves({ Responses: { [T]: [{ pk: `USER#${sub}`, sk: `DAY#${date}`, caloriesConsumed: 120 }] } });
    const res = await invoke(handler, loadEvent('delete-progress-today-meal', { cookies, queryStringParameters: { calories: '300' } }));
    expect(res.statusCode).toBe(200);
    expect(jsonBody(res)).toMatchObject({ date, caloriesConsumed: 120 }); // as stored after the write, not "read minus 300"
    expect(ddbMock.calls().map((c) => c.args[0].constructor.name)).toEqual(['TransactWriteCommand', 'BatchGetCommand']);
    const items = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    // item 0 is the session check; then the entry, only if it holds what the client said, and the day
    expect(items[0]!.ConditionCheck!.Key).toEqual({ pk: `USER#${sub}`, sk: 'PROFILE' });
    expect(items[1]!.Delete).toMatchObject({
      Key: { pk: `USER#${sub}`, sk: `DAY#${date}#MEAL#${id}` },
      ConditionExpression: 'attribute_exists(pk) AND calories = :c',
      ExpressionAttributeValues: { ':c': 300 },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    expect(items[2]!.Update).toMatchObject({ ConditionExpression: 'caloriesConsumed >= :c', ExpressionAttributeValues: { ':minus': -300, ':c': 300 } });
  });

  it('answers 404 without writing when the entry or set is not there, and 404 when a concurrent delete won', async () => {
    ddbMock.on(BatchGetCommand).resolves({ Responses: { [T]: [profileItem('subscriber')] } });
    for (const name of ['delete-progress-today-meal', 'delete-pushups'] as const) {
      const res = await invoke(handler, loadEvent(name, { cookies }));
      expect(res.statusCode, name).toBe(404);
      expect(jsonBody(res)).toEqual({ message: name === 'delete-pushups' ? 'Push-up set not found' : 'Meal entry not found' });
    }
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    const date = dayKey(new Date(), 'Europe/Berlin');
    const id = loadEvent('delete-pushups').pathParameters!.id!;
    ddbMock.on(BatchGetCommand).resolves({
      Responses: { [T]: [profileItem('subscriber'), { pk: `USER#${sub}`, sk: `DAY#${date}#SET#${id}`, id, count: 12, createdAt: 'x' }] },
    });
    ddbMock.on(TransactWriteCommand).rejects(canceled([{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }]));
    const res = await invoke(handler, loadEvent('delete-pushups', { cookies }));
    expect(res.statusCode).toBe(404);
    const items = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items.map((it) => it.Update?.ExpressionAttributeValues?.[':minus'])).toEqual([undefined, -12, -12]);
    expect(items[2]!.Update!.Key).toEqual({ pk: `USER#${sub}`, sk: 'TOTALS' });
  });

  it('answers 400 {message} for an id that cannot be an entry, before any DynamoDB call', async () => {
    const event = loadEvent('delete-pushups', { cookies });
    event.pathParameters = { id: 'today' };
    const res = await invoke(handler, event);
    expect(res.statusCode).toBe(400);
    expect(jsonBody(res)).toEqual({ message: expect.stringMatching(/^id must be an entry id/) });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(ddbMock.commandCalls(BatchGetCommand)).toHaveLength(0);
  });

  it('refuses a signed-in user without a subscription inside the same round trips (403, nothing written)', async () => {
    const user = signedInCookies('user');
    const meal = await invoke(handler, loadEvent('post-progress-today-meals', { cookies: user }));
    expect(meal.statusCode).toBe(403);
    // a seeded meal is written first: the transaction's first item, the profile check, refused it (nothing written)
    const [tx] = ddbMock.commandCalls(TransactWriteCommand);
    expect(tx!.args[0].input.TransactItems![0]!.ConditionCheck!.Key).toEqual({ pk: `USER#${principals.user.sub}`, sk: 'PROFILE' });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(ddbMock.commandCalls(BatchGetCommand)).toHaveLength(0);
    ddbMock.resetHistory();
    const patch = await invoke(handler, loadEvent('patch-progress-today', { cookies: signedInCookies('lapsed') }));
    expect(patch.statusCode).toBe(403);
    expect(jsonBody(patch)).toEqual({ message: 'An active subscription is required' });
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('refuses a caller without a subscription on every route, whatever comes first (403, nothing written)', async () => {
    const user = signedInCookies('user');
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    for (const name of ['get-progress-today', 'get-progress-history', 'get-pushups-today', 'post-pushups'] as const) {
      expect((await invoke(handler, loadEvent(name, { cookies: user }))).statusCode, name).toBe(403);
    }
    // the two Query routes read the profile first and never send their Query
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(0);
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(2);
    // a body the route refuses (400) before any DynamoDB call: still 403, after one profile read
    ddbMock.resetHistory();
    const bad = await invoke(handler, loadEvent('patch-progress-today', { cookies: user, body: { steps: -1 } }));
    expect(bad.statusCode).toBe(403);
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(1);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    // a subscriber gets the 400 itself
    expect((await invoke(handler, loadEvent('patch-progress-today', { cookies, body: { steps: -1 } }))).statusCode).toBe(400);
  });

  it('lets an admin through without any subscription check (the transaction checks only the session)', async () => {
    ddbMock.on(BatchGetCommand).resolves({ Responses: { [T]: [] } });
    const res = await invoke(handler, loadEvent('patch-progress-today', { cookies: signedInCookies('admin') }));
    expect(res.statusCode).toBe(200);
    const items = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items.filter((it) => it.ConditionCheck).map((it) => it.ConditionCheck!.ConditionExpression)).toEqual(['#ss.#key > :nowSeconds']);
    expect(ddbMock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems![T]!.Keys).toHaveLength(2); // day and totals only
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
  });
});
