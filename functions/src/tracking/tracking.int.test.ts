import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, adminClient, signedUpClient, subscriberClient } from '../../test/api-client';
import { grantSubscription } from '../../../test-support/subscriptions';
import { loadEvent } from '../../test/events';
import { invoke, jsonBody } from '../../test/lambda';
import { type RouteName } from '../../../local/generate-events';
import { CALORIE_LIMIT_MESSAGE, type HistoryResponse, type MealEntry, type ProgressToday, type PushupSet } from '../contract/tracking';
import { type DynamoTally, ddb, dynamoCallCount, dynamoTally, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { dayKey } from './day-key';
import { handler } from './handler';
import { deleteCatalogItems, putCatalogItems } from '../catalog/catalog-repository';

type Msg = { message: string };
const utcToday = () => dayKey(new Date(), 'UTC');

/** Test meals of known calories, put in the catalogue partition and removed afterwards. */
const testMeals = { hundred: `test-meal-100-${randomUUID()}`, big: `test-meal-450-${randomUUID()}`, huge: `test-meal-600-${randomUUID()}` };
beforeAll(async () => {
  const meal = (id: string, calories: number) => ({ id, name: `Test ${calories}`, description: 'test meal', calories, cost: '$1.00', imageUrl: '/x.svg', category: 'Snacks' });
  // every copy of the catalogue (decision 0020), as the seed writes it
  await putCatalogItems('MEAL', [meal(testMeals.hundred, 100), meal(testMeals.big, 450), meal(testMeals.huge, 600)]);
});
afterAll(async () => {
  await deleteCatalogItems('MEAL', Object.values(testMeals));
});

const today = (c: ApiClient, tz?: string) => c.get<ProgressToday>('/api/progress/today', tz ? { 'x-time-zone': tz } : undefined);
const patch = (c: ApiClient, body: unknown, tz?: string) =>
  c.request<ProgressToday & Msg>('PATCH', '/api/progress/today', { body, headers: tz ? { 'x-time-zone': tz } : undefined });
const pushups = (c: ApiClient, body: unknown, key?: string) => c.post<PushupSet & Msg>('/api/pushups', body, key ? { 'idempotency-key': key } : undefined);
const addMeal = (c: ApiClient, mealId: string) => c.post<ProgressToday & Msg>('/api/progress/today/meals', { mealId });
const mealsToday = async (c: ApiClient) => {
  const res = await c.get<MealEntry[]>('/api/progress/today/meals');
  expect(res.status).toBe(200);
  return res.body;
};
const removeMeal = (c: ApiClient, id: string) => c.request<ProgressToday & Msg>('DELETE', `/api/progress/today/meals/${id}`);
const removeSet = (c: ApiClient, id: string) => c.request<ProgressToday & Msg>('DELETE', `/api/pushups/${id}`);
const setsToday = async (c: ApiClient) => (await c.get<PushupSet[]>('/api/pushups/today')).body;
/** Every item of the user's partition (consistent), to show that a refused request changed nothing. */
const itemsOf = async (sub: string) =>
  JSON.stringify(
    (await ddb().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${sub}` }, ConsistentRead: true }))).Items ?? [],
  );

describe('access', () => {
  it.each([
    ['GET', '/api/progress/today'],
    ['PATCH', '/api/progress/today'],
    ['POST', '/api/progress/today/meals'],
    ['GET', '/api/progress/history'],
    ['GET', '/api/pushups/today'],
    ['POST', '/api/pushups'],
    ['GET', '/api/progress/today/meals'],
    ['DELETE', '/api/progress/today/meals/01JZ8Q6W3K5M7N9P0R2S4T6V8X'],
    ['DELETE', '/api/pushups/01JZ8Q6W3K5M7N9P0R2S4T6V8X'],
  ])('%s %s: 401 signed out, 403 without a subscription', async (method, path) => {
    const { client } = await signedUpClient('nosub');
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    expect((await client.request(method, path, { body })).status).toBe(403);
    client.jar.clear();
    expect((await client.request(method, path, { body })).status).toBe(401);
  });

  const dayItem = async (id: string) =>
    (await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.day(id, utcToday()), ConsistentRead: true }))).Item;

  it('refuses an expired subscription on every route (403) and writes nothing', async () => {
    const { client, id } = await subscriberClient('expired');
    await grantSubscription(id, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    for (const [method, path, body] of [
      ['GET', '/api/progress/today'],
      ['PATCH', '/api/progress/today', { steps: 500 }],
      ['POST', '/api/progress/today/meals', { mealId: testMeals.hundred }],
      ['GET', '/api/pushups/today'],
      ['POST', '/api/pushups', { count: 5 }],
    ] as const) {
      const res = await client.request<Msg>(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe('An active subscription is required');
    }
    expect(await dayItem(id)).toBeUndefined();
  });

  it('answers 403, not 400, to a caller without a subscription whose body is refused', async () => {
    const { client } = await signedUpClient('nosub');
    expect((await patch(client, { steps: -1 })).status).toBe(403);
    const invalid = await client.request<Msg>('POST', '/api/pushups', { rawBody: '{"count":', headers: { 'content-type': 'application/json' } });
    expect(invalid.status).toBe(403);
    const { client: subscriber } = await subscriberClient();
    expect((await patch(subscriber, { steps: -1 })).status).toBe(400);
  });

  it('catches a subscription revoked after the session began in the write itself (ConditionCheck): 403, nothing written', async () => {
    const { client, id } = await subscriberClient('revoked');
    expect((await today(client)).status).toBe(200);
    await grantSubscription(id, { status: 'canceled' });
    const res = await patch(client, { steps: 700 });
    expect(res.status).toBe(403);
    expect(await dayItem(id)).toBeUndefined();
  });

  it('lets an admin through without a subscription', async () => {
    const admin = await adminClient();
    expect((await today(admin)).status).toBe(200);
  });
});

describe('GET and PATCH /api/progress/today', () => {
  it('starts a new user at zero on their own day', async () => {
    const { client } = await subscriberClient();
    const res = await today(client);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ date: utcToday(), steps: 0, caloriesConsumed: 0, pushups: 0, caloriesBurned: 0, lifetime: { steps: 0, pushups: 0, caloriesBurned: 0, daysTracked: 0 } });
  });

  it('sets each value absolutely, and lifetime moves by the exact delta', async () => {
    const { client } = await subscriberClient();
    let res = await patch(client, { steps: 5000 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ steps: 5000, lifetime: { steps: 5000, daysTracked: 1 } });
    res = await patch(client, { steps: 3200 });
    expect(res.body).toMatchObject({ steps: 3200, lifetime: { steps: 3200, daysTracked: 1 } });
    res = await patch(client, { caloriesBurned: 640 });
    expect(res.body).toMatchObject({ steps: 3200, caloriesBurned: 640, lifetime: { caloriesBurned: 640 } });
    res = await patch(client, { caloriesConsumed: 300 });
    expect(res.body).toMatchObject({ caloriesConsumed: 300 });
    res = await patch(client, { steps: 0 });
    const got = await today(client);
    expect(got.body).toEqual({ date: utcToday(), steps: 0, caloriesConsumed: 300, pushups: 0, caloriesBurned: 640, lifetime: { steps: 0, pushups: 0, caloriesBurned: 640, daysTracked: 1 } });
    expect(res.body).toEqual(got.body);
  });

  it.each([
    [{ steps: -1 }, /steps/],
    [{ steps: 1.5 }, /steps/],
    [{ steps: '100' }, /steps/],
    [{ steps: null }, /steps/],
    [{ steps: 200_001 }, /steps/],
    [{ caloriesBurned: -5 }, /caloriesBurned/],
    [{ caloriesBurned: 20_001 }, /caloriesBurned/],
    [{ caloriesConsumed: 'lots' }, /caloriesConsumed/],
    [{ pushups: 10 }, /Unknown field: pushups/],
    [{ steps: 10, userId: 'x' }, /Unknown field: userId/],
    [{ steps: 10, caloriesBurned: 10 }, /exactly one of steps, caloriesConsumed, caloriesBurned/],
    [{}, /exactly one of steps, caloriesConsumed, caloriesBurned/],
    [[], /JSON object/],
    ['"steps"', /JSON object/],
  ])('answers 400 naming the field for %j and changes nothing', async (body, message) => {
    const { client } = await subscriberClient();
    await patch(client, { steps: 42 });
    const res = typeof body === 'string' ? await client.request<Msg>('PATCH', '/api/progress/today', { rawBody: body, headers: { 'content-type': 'application/json' } }) : await patch(client, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect((await today(client)).body).toMatchObject({ steps: 42, caloriesBurned: 0, caloriesConsumed: 0, lifetime: { steps: 42 } });
  });

  it('answers 400 for an empty body and for invalid JSON', async () => {
    const { client } = await subscriberClient();
    const empty = await client.request<Msg>('PATCH', '/api/progress/today');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/JSON object/);
    const bad = await client.request<Msg>('PATCH', '/api/progress/today', { rawBody: '{steps:', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
  });

  it('keeps lifetime exact under 30 concurrent PATCHes of different values', async () => {
    const { client } = await subscriberClient();
    // Another day's steps stay in the total (a zone whose date differs from UTC's right now).
    const otherZone = dayKey(new Date(), 'Pacific/Kiritimati') !== utcToday() ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    await patch(client, { steps: 400 }, otherZone);
    const values = Array.from({ length: 30 }, (_, i) => 1000 + i * 37);
    const results = await Promise.all(values.map((steps, i) => patch(client, i % 2 ? { steps } : { caloriesBurned: steps })));
    expect(results.map((r) => r.status)).toEqual(values.map(() => 200));
    const got = (await today(client)).body;
    expect(values).toContain(got.steps);
    expect(values).toContain(got.caloriesBurned);
    expect(got.lifetime).toMatchObject({ steps: got.steps + 400, caloriesBurned: got.caloriesBurned, daysTracked: 2 });
  });

  it('keeps only recent per-day values on the totals item', async () => {
    const { client, id } = await subscriberClient();
    await patch(client, { steps: 10 });
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.totals(id) }));
    expect(Object.keys(Item ?? {}).filter((k) => k.includes('@'))).toEqual([`steps@${utcToday()}`]);
  });
});

describe('PATCH /api/progress/today {addSteps}', () => {
  it('adds to today\'s steps, and lifetime moves by exactly what was added, also around a set value', async () => {
    const { client } = await subscriberClient('addsteps');
    let res = await patch(client, { addSteps: 1200 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ steps: 1200, lifetime: { steps: 1200, daysTracked: 1 } });
    res = await patch(client, { addSteps: 800 });
    expect(res.body).toMatchObject({ steps: 2000, lifetime: { steps: 2000 } });
    res = await patch(client, { steps: 500 }); // set replaces the added total
    expect(res.body).toMatchObject({ steps: 500, lifetime: { steps: 500 } });
    res = await patch(client, { addSteps: 250 });
    expect(res.body).toMatchObject({ steps: 750, lifetime: { steps: 750 } });
    res = await patch(client, { steps: 100 });
    expect(res.body).toMatchObject({ steps: 100, lifetime: { steps: 100, daysTracked: 1 } });
    const week = await client.get<HistoryResponse>('/api/progress/history');
    expect(week.body.days.at(-1)).toMatchObject({ date: utcToday(), steps: 100 });
  });

  it('keeps lifetime exact under 20 concurrent adds mixed with sets', async () => {
    const { client } = await subscriberClient('addsteps');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => patch(client, i % 5 === 4 ? { steps: 1000 * i } : { addSteps: 100 })));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const got = (await today(client)).body;
    expect(got.lifetime.steps).toBe(got.steps);
    await patch(client, { addSteps: 7 });
    const after = (await today(client)).body;
    expect(after).toMatchObject({ steps: got.steps + 7, lifetime: { steps: got.steps + 7 } });
  });

  it('refuses an add that would take the day over 200000 with 409, and changes nothing', async () => {
    const { client } = await subscriberClient('addsteps');
    await patch(client, { steps: 199_990 });
    const res = await patch(client, { addSteps: 11 });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/over 200000/);
    expect((await today(client)).body).toMatchObject({ steps: 199_990, lifetime: { steps: 199_990 } });
    expect((await patch(client, { addSteps: 10 })).body).toMatchObject({ steps: 200_000, lifetime: { steps: 200_000 } });
  });

  it.each([
    [{ addSteps: 0 }, /addSteps must be at least 1/],
    [{ addSteps: -5 }, /addSteps/],
    [{ addSteps: 2.5 }, /addSteps must be a whole number/],
    [{ addSteps: '10' }, /addSteps must be a number/],
    [{ addSteps: 200_001 }, /addSteps must be at most 200000/],
    [{ addSteps: 10, steps: 10 }, /exactly one of steps, caloriesConsumed, caloriesBurned, addSteps/],
  ])('answers 400 for %j and changes nothing', async (body, message) => {
    const { client } = await subscriberClient('addsteps');
    await patch(client, { addSteps: 42 });
    const res = await patch(client, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect((await today(client)).body).toMatchObject({ steps: 42, lifetime: { steps: 42 } });
  });
});

describe('time zones', () => {
  it('Kiritimati (UTC+14) and Pago Pago (UTC-11) are different days, and each keeps its data', async () => {
    const { client } = await subscriberClient('tz');
    const kiri = await patch(client, { steps: 1400 }, 'Pacific/Kiritimati');
    const pago = await patch(client, { steps: 1100 }, 'Pacific/Pago_Pago');
    expect(kiri.body.date).toBe(dayKey(new Date(), 'Pacific/Kiritimati'));
    expect(pago.body.date).toBe(dayKey(new Date(), 'Pacific/Pago_Pago'));
    expect(kiri.body.date > pago.body.date).toBe(true);
    expect((await today(client, 'Pacific/Kiritimati')).body).toMatchObject({ steps: 1400 });
    expect((await today(client, 'Pacific/Pago_Pago')).body).toMatchObject({ steps: 1100, lifetime: { steps: 2500, daysTracked: 2 } });
    const hist = await client.get<HistoryResponse>('/api/progress/history?days=7', { 'x-time-zone': 'Pacific/Kiritimati' });
    expect(hist.body.today).toBe(kiri.body.date);
    const byDate = Object.fromEntries(hist.body.days.map((d) => [d.date, d.steps]));
    expect(byDate[kiri.body.date]).toBe(1400);
    expect(byDate[pago.body.date]).toBe(1100);
  });

  it('falls back to UTC for an absent or invalid zone', async () => {
    const { client } = await subscriberClient('tz');
    for (const tz of ['Not/AZone', '../../etc', '']) {
      expect((await today(client, tz)).body.date).toBe(utcToday());
    }
    const res = await client.request<ProgressToday>('GET', '/api/progress/today', { headers: { 'x-time-zone': undefined as unknown as string } });
    expect(res.body.date).toBe(utcToday());
  });
});

describe('POST /api/progress/today/meals', () => {
  it('adds the catalogue meal calories; refuses going over 500 with 409 and changes nothing', async () => {
    const { client } = await subscriberClient('meal');
    let res = await addMeal(client, testMeals.big);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ caloriesConsumed: 450, lifetime: { daysTracked: 1 } });
    res = await addMeal(client, testMeals.hundred);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: CALORIE_LIMIT_MESSAGE });
    expect((await today(client)).body.caloriesConsumed).toBe(450);
  });

  it('refuses a meal over 500 on an empty day', async () => {
    const { client } = await subscriberClient('meal');
    const res = await addMeal(client, testMeals.huge);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(CALORIE_LIMIT_MESSAGE);
    expect((await today(client)).body).toMatchObject({ caloriesConsumed: 0, lifetime: { daysTracked: 0 } });
  });

  it('answers 404 for an unknown meal and 400 naming the field for bad bodies', async () => {
    const { client } = await subscriberClient('meal');
    const unknown = await addMeal(client, 'no-such-meal');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Meal not found');
    for (const [body, message] of [
      [{}, /mealId/],
      [{ mealId: '' }, /mealId/],
      [{ mealId: 42 }, /mealId/],
      [{ mealId: 'x'.repeat(101) }, /mealId/],
      [{ mealId: testMeals.hundred, calories: 1 }, /Unknown field: calories/],
    ] as const) {
      const res = await client.post<Msg>('/api/progress/today/meals', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await today(client)).body.caloriesConsumed).toBe(0);
  });

  it('50 concurrent adds of a 100 kcal meal: exactly 5 succeed, 45 get 409, 500 consumed', async () => {
    const { client } = await subscriberClient('meal');
    const results = await Promise.all(Array.from({ length: 50 }, () => addMeal(client, testMeals.hundred)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(45);
    for (const r of refused) expect(r.body.message).toBe(CALORIE_LIMIT_MESSAGE);
    expect((await today(client)).body).toMatchObject({ caloriesConsumed: 500, lifetime: { daysTracked: 1 } });
  });
});

describe('concurrent meal adds answer the totals they wrote (issue 17 point 4, decision 0103)', () => {
  const popcorn = 'meal-air-popped-popcorn'; // 95 kcal in the seeded catalogue

  it('five tabs adding a 95 kcal meal at once: every answer includes its own add and those before it; the last says 475 as stored', async () => {
    const { client } = await subscriberClient('mealrace');
    const results = await Promise.all(Array.from({ length: 5 }, () => addMeal(client, popcorn)));
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const answers = results.map((r) => r.body.caloriesConsumed).sort((a, b) => a - b);
    // The k-th add to commit reads after its commit: it sees at least k adds.
    answers.forEach((kcal, i) => expect(kcal).toBeGreaterThanOrEqual(95 * (i + 1)));
    expect(answers.at(-1)).toBe(475);
    for (const r of results) expect(r.body.lifetime.daysTracked).toBe(1);
    expect((await today(client)).body.caloriesConsumed).toBe(475);
    expect(await mealsToday(client)).toHaveLength(5);
  });

  it('a seeded meal is written first and read after (two calls, the session check riding in the transaction); the limit still holds', async () => {
    const { client } = await subscriberClient('mealrace');
    const results = await Promise.all(Array.from({ length: 8 }, () => addMeal(client, popcorn)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(Array(3).fill(CALORIE_LIMIT_MESSAGE));
    expect((await today(client)).body.caloriesConsumed).toBe(475);
    const tally: DynamoTally = { calls: 0, scans: 0, commands: [] };
    const other = await subscriberClient('mealcalls');
    const event = loadEvent('post-progress-today-meals', {
      cookies: [...other.client.jar].map(([k, v]) => `${k}=${v}`),
      body: { mealId: popcorn },
      headers: { 'x-time-zone': 'UTC' },
    });
    const res = await dynamoTally.run(tally, () => invoke(handler, event));
    expect(res.statusCode, res.body).toBe(200);
    expect(tally.commands).toEqual(['TransactWriteItemsCommand', 'BatchGetItemCommand']);
    expect(jsonBody(res)).toMatchObject({ caloriesConsumed: 95, lifetime: { daysTracked: 1 } });
  });
});

describe('every tracking write takes an Idempotency-Key (issue 18 point 2, decision 0105)', () => {
  const popcorn = 'meal-air-popped-popcorn'; // 95 kcal in the seeded catalogue
  const send = <T = ProgressToday & Msg>(c: ApiClient, method: string, path: string, body: unknown, key: string) =>
    c.request<T>(method, path, { body, headers: { 'idempotency-key': key } });

  it('steps (set and add), calories burned and a meal add: a retry with the same key changes nothing and answers the day as stored', async () => {
    const { client } = await subscriberClient('idem');
    const writes: [string, string, string, unknown][] = [
      ['set steps', 'PATCH', '/api/progress/today', { steps: 1000 }],
      ['add steps', 'PATCH', '/api/progress/today', { addSteps: 250 }],
      ['calories burned', 'PATCH', '/api/progress/today', { caloriesBurned: 300 }],
      ['meal', 'POST', '/api/progress/today/meals', { mealId: popcorn }],
    ];
    for (const [name, method, path, body] of writes) {
      const key = randomUUID();
      const first = await send(client, method, path, body, key);
      expect(first.status, name).toBe(200);
      expect(first.headers.get('idempotent-replayed'), name).toBeNull();
      const again = await send(client, method, path, body, key); // the answer was lost: the app sends it again with the same key
      expect(again.status, name).toBe(200);
      expect(again.headers.get('idempotent-replayed'), name).toBe('true');
      expect(again.body, name).toEqual(first.body);
    }
    const day = (await today(client)).body;
    expect(day).toMatchObject({ steps: 1250, caloriesBurned: 300, caloriesConsumed: 95 });
    expect(day.lifetime).toMatchObject({ steps: 1250, caloriesBurned: 300 });
    expect(await mealsToday(client)).toHaveLength(1);
  });

  it('ten concurrent sends of one keyed add apply it once; a key used for another change answers 422 {message} and changes nothing', async () => {
    const { client } = await subscriberClient('idemrace');
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => send(client, 'PATCH', '/api/progress/today', { addSteps: 500 }, key)));
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    expect((await today(client)).body.steps).toBe(500);
    const other = await send<Msg>(client, 'PATCH', '/api/progress/today', { addSteps: 700 }, key);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different change');
    expect((await send<Msg>(client, 'POST', '/api/progress/today/meals', { mealId: popcorn }, key)).status).toBe(422);
    expect((await today(client)).body).toMatchObject({ steps: 500, caloriesConsumed: 0 });
  });

  it('a retried meal add that the limit would now refuse still answers as the add it repeats (the key is checked first)', async () => {
    const { client } = await subscriberClient('idemlimit');
    const keys5 = Array.from({ length: 5 }, () => randomUUID());
    for (const key of keys5) expect((await send(client, 'POST', '/api/progress/today/meals', { mealId: popcorn }, key)).status).toBe(200);
    const retry = await send(client, 'POST', '/api/progress/today/meals', { mealId: popcorn }, keys5[4]!);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.caloriesConsumed).toBe(475);
    expect((await send(client, 'POST', '/api/progress/today/meals', { mealId: popcorn }, randomUUID())).status).toBe(409);
  });

  it('the same for a meal only the table knows (read first): the retry of the add that filled the day is a replay, a new add 409', async () => {
    const { client } = await subscriberClient('idemlimit');
    const key = randomUUID();
    expect((await send(client, 'POST', '/api/progress/today/meals', { mealId: testMeals.big }, key)).status).toBe(200); // 450 kcal
    const retry = await send(client, 'POST', '/api/progress/today/meals', { mealId: testMeals.big }, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.caloriesConsumed).toBe(450);
    const refused = await send<Msg>(client, 'POST', '/api/progress/today/meals', { mealId: testMeals.hundred }, randomUUID());
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CALORIE_LIMIT_MESSAGE);
    // A refusal writes nothing, its key included: sent again, it is refused again, never replayed.
    const refusedKey = randomUUID();
    expect((await send(client, 'POST', '/api/progress/today/meals', { mealId: testMeals.hundred }, refusedKey)).status).toBe(409);
    expect((await send(client, 'POST', '/api/progress/today/meals', { mealId: testMeals.hundred }, refusedKey)).status).toBe(409);
    expect((await today(client)).body.caloriesConsumed).toBe(450);
    expect(await mealsToday(client)).toHaveLength(1);
  });

  it('a meal over the limit on its own is refused with a key too, on an empty day', async () => {
    const { client } = await subscriberClient('idemhuge');
    const res = await send<Msg>(client, 'POST', '/api/progress/today/meals', { mealId: testMeals.huge }, randomUUID());
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(CALORIE_LIMIT_MESSAGE);
    expect((await today(client)).body.caloriesConsumed).toBe(0);
  });

  it('refuses a key that is not a UUID with 400 {message}, before writing', async () => {
    const { client } = await subscriberClient('idembad');
    const res = await send<Msg>(client, 'PATCH', '/api/progress/today', { steps: 5 }, 'not-a-uuid');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Idempotency-Key must be a UUID');
    expect((await today(client)).body.steps).toBe(0);
  });
});

describe('removals answer the totals they wrote (issue 17 point 3, decision 0104)', () => {
  const popcorn = 'meal-air-popped-popcorn'; // 95 kcal in the seeded catalogue
  const removeStated = (c: ApiClient, id: string, calories: number | string) => c.request<ProgressToday & Msg>('DELETE', `/api/progress/today/meals/${id}?calories=${calories}`);
  const removeSetStated = (c: ApiClient, id: string, count: number | string) => c.request<ProgressToday & Msg>('DELETE', `/api/pushups/${id}?count=${count}`);
  const callsOf = async (client: ApiClient, name: RouteName, id: string, query: Record<string, string>) => {
    const tally: DynamoTally = { calls: 0, scans: 0, commands: [] };
    const event = loadEvent(name, { cookies: [...client.jar].map(([k, v]) => `${k}=${v}`), headers: { 'x-time-zone': 'UTC' }, queryStringParameters: query });
    event.pathParameters = { id };
    const res = await dynamoTally.run(tally, () => invoke(handler, event));
    return { res, commands: tally.commands };
  };

  it('five tabs removing five 95 kcal entries at once: every answer includes its own removal and those before it; the last says 0 as stored', async () => {
    const { client } = await subscriberClient('removerace');
    for (let i = 0; i < 5; i += 1) expect((await addMeal(client, popcorn)).status).toBe(200);
    const entries = await mealsToday(client);
    const results = await Promise.all(entries.map((e) => removeStated(client, e.id, e.calories)));
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const answers = results.map((r) => r.body.caloriesConsumed).sort((a, b) => b - a);
    // The k-th removal to commit reads after its commit: it sees at least k removals.
    answers.forEach((kcal, i) => expect(kcal).toBeLessThanOrEqual(475 - 95 * (i + 1)));
    expect(answers.at(-1)).toBe(0);
    expect((await today(client)).body.caloriesConsumed).toBe(0);
    expect(await mealsToday(client)).toEqual([]);
  });

  it('a stated removal is written first and read after: two calls, the session check riding in the transaction', async () => {
    const { client } = await subscriberClient('removecalls');
    await addMeal(client, popcorn);
    const [entry] = await mealsToday(client);
    const { res, commands } = await callsOf(client, 'delete-progress-today-meal', entry!.id, { calories: '95' });
    expect(res.statusCode, res.body).toBe(200);
    expect(commands).toEqual(['TransactWriteItemsCommand', 'BatchGetItemCommand']);
    expect(jsonBody(res)).toMatchObject({ caloriesConsumed: 0 });
    await pushups(client, { count: 12 }, randomUUID());
    const [set] = await setsToday(client);
    const out = await callsOf(client, 'delete-pushups', set!.id, { count: '12' });
    expect(out.res.statusCode, out.res.body).toBe(200);
    expect(out.commands).toEqual(['TransactWriteItemsCommand', 'BatchGetItemCommand']);
    expect(jsonBody(out.res)).toMatchObject({ pushups: 0, lifetime: { pushups: 0 } });
  });

  it('a wrong stated amount changes nothing of its own: the entry is read and removed with what it holds', async () => {
    const { client } = await subscriberClient('removewrong');
    await addMeal(client, popcorn);
    await addMeal(client, popcorn);
    const [first] = await mealsToday(client);
    // in this process (three calls: the failed stated write, the read, the write; the gateway's budget counts two per request)
    const { res } = await callsOf(client, 'delete-progress-today-meal', first!.id, { calories: '5' });
    expect(res.statusCode, res.body).toBe(200);
    expect(jsonBody(res)).toMatchObject({ caloriesConsumed: 95 });
    expect((await today(client)).body.caloriesConsumed).toBe(95);
    await pushups(client, { count: 12 }, randomUUID());
    const [set] = await setsToday(client);
    const out = await callsOf(client, 'delete-pushups', set!.id, { count: '30' });
    expect(out.res.statusCode, out.res.body).toBe(200);
    expect(jsonBody(out.res)).toMatchObject({ pushups: 0, lifetime: { pushups: 0 } });
  });

  it('a stated removal of an entry that is gone answers 404 and changes nothing; a PATCH-lowered day still ends at 0', async () => {
    const { client } = await subscriberClient('removegone');
    await addMeal(client, testMeals.big);
    const [entry] = await mealsToday(client);
    expect((await removeStated(client, entry!.id, 450)).status).toBe(200);
    const again = await removeStated(client, entry!.id, 450);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Meal entry not found');
    expect((await removeSetStated(client, '01JAAAAAAAAAAAAAAAAAAAAAAA', 12)).status).toBe(404);
    await addMeal(client, testMeals.big);
    await patch(client, { caloriesConsumed: 200 });
    const [lowered] = await mealsToday(client);
    const { res } = await callsOf(client, 'delete-progress-today-meal', lowered!.id, { calories: '450' });
    expect(res.statusCode).toBe(200);
    expect(jsonBody(res)).toMatchObject({ caloriesConsumed: 0 });
  });

  it('answers 400 {message} for a stated amount that is not a whole number, and removes nothing', async () => {
    const { client } = await subscriberClient('removebad');
    await addMeal(client, popcorn);
    const [entry] = await mealsToday(client);
    for (const bad of ['abc', '-5', '9.5', '123456']) {
      const res = await removeStated(client, entry!.id, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/calories must be a whole number/);
    }
    expect((await removeSetStated(client, entry!.id, 'x')).body.message).toMatch(/count must be a whole number/);
    expect(await mealsToday(client)).toHaveLength(1);
  });
});

describe('today\'s meals (the diary): GET /api/progress/today/meals and DELETE /api/progress/today/meals/{id}', () => {
  it('lists each add as its own entry with an id, name, calories and time, oldest first', async () => {
    const { client } = await subscriberClient('diary');
    expect(await mealsToday(client)).toEqual([]);
    await addMeal(client, testMeals.hundred);
    await addMeal(client, testMeals.hundred);
    await addMeal(client, testMeals.hundred);
    const refused = await addMeal(client, testMeals.big);
    expect(refused.status).toBe(409);
    const entries = await mealsToday(client);
    expect(entries).toHaveLength(3); // the refused add left no entry
    for (const e of entries) {
      expect(e).toEqual({ id: expect.stringMatching(/^[0-9A-Z]{26}$/), mealId: testMeals.hundred, name: 'Test 100', calories: 100, createdAt: expect.any(String) });
      expect(Date.parse(e.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(new Set(entries.map((e) => e.id)).size).toBe(3);
    expect(entries.map((e) => e.createdAt)).toEqual([...entries.map((e) => e.createdAt)].sort());
  });

  it('removes an entry and subtracts exactly its calories from the day and the history, in one answer', async () => {
    const { client } = await subscriberClient('diary');
    await addMeal(client, testMeals.hundred);
    await addMeal(client, testMeals.hundred);
    const [first, second] = await mealsToday(client);
    const res = await removeMeal(client, first!.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: utcToday(), caloriesConsumed: 100, lifetime: { daysTracked: 1 } });
    expect((await today(client)).body).toMatchObject({ caloriesConsumed: 100, lifetime: { daysTracked: 1 } });
    expect(await mealsToday(client)).toEqual([second]);
    const week = await client.get<HistoryResponse>('/api/progress/history');
    expect(week.body.days.at(-1)).toMatchObject({ date: utcToday(), caloriesConsumed: 100 });
    expect((await removeMeal(client, second!.id)).body).toMatchObject({ caloriesConsumed: 0 });
    expect((await today(client)).body.caloriesConsumed).toBe(0);
    expect(await mealsToday(client)).toEqual([]);
  });

  it('the 500 kcal limit counts what remains after a removal', async () => {
    const { client } = await subscriberClient('diary');
    expect((await addMeal(client, testMeals.big)).status).toBe(200);
    expect((await addMeal(client, testMeals.hundred)).status).toBe(409);
    const [big] = await mealsToday(client);
    expect((await removeMeal(client, big!.id)).body.caloriesConsumed).toBe(0);
    for (let i = 0; i < 5; i += 1) expect((await addMeal(client, testMeals.hundred)).status).toBe(200);
    expect((await addMeal(client, testMeals.hundred)).status).toBe(409);
    const entries = await mealsToday(client);
    expect(entries).toHaveLength(5);
    expect((await removeMeal(client, entries[2]!.id)).body.caloriesConsumed).toBe(400);
    expect((await addMeal(client, testMeals.hundred)).body).toMatchObject({ caloriesConsumed: 500 });
    expect((await addMeal(client, testMeals.hundred)).status).toBe(409);
  });

  it('a second delete of the same entry answers 404 {message} and changes nothing', async () => {
    const { client, id: sub } = await subscriberClient('diary');
    await addMeal(client, testMeals.hundred);
    await addMeal(client, testMeals.hundred);
    const [entry] = await mealsToday(client);
    expect((await removeMeal(client, entry!.id)).status).toBe(200);
    const before = await itemsOf(sub);
    const again = await removeMeal(client, entry!.id);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Meal entry not found' });
    expect(await itemsOf(sub)).toBe(before);
    expect((await today(client)).body.caloriesConsumed).toBe(100);
  });

  it('10 concurrent deletes of one entry: one 200, nine 404, its calories subtracted once', async () => {
    const { client } = await subscriberClient('diary');
    await addMeal(client, testMeals.hundred);
    await addMeal(client, testMeals.hundred);
    const [entry] = await mealsToday(client);
    const results = await Promise.all(Array.from({ length: 10 }, () => removeMeal(client, entry!.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 404)).toHaveLength(9);
    expect((await today(client)).body.caloriesConsumed).toBe(100);
  });

  it('another user\'s entry answers 404 and stays theirs, untouched', async () => {
    const owner = await subscriberClient('diaryowner');
    const other = await subscriberClient('diaryother');
    await addMeal(owner.client, testMeals.hundred);
    await addMeal(other.client, testMeals.hundred);
    const [entry] = await mealsToday(owner.client);
    const [before, otherBefore] = [await itemsOf(owner.id), await itemsOf(other.id)];
    const res = await removeMeal(other.client, entry!.id);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Meal entry not found');
    expect(await itemsOf(owner.id)).toBe(before);
    expect(await itemsOf(other.id)).toBe(otherBefore);
    expect(await mealsToday(owner.client)).toEqual([entry]);
  });

  it('answers 400 {message} for an id that cannot be an entry, 404 for a well-formed unknown one', async () => {
    const { client, id: sub } = await subscriberClient('diary');
    await addMeal(client, testMeals.hundred);
    const before = await itemsOf(sub);
    for (const bad of ['abc', 'today', '01JZ8Q6W3K5M7N9P0R2S4T6V8', '01JZ8Q6W3K5M7N9P0R2S4T6V8XY', '81JZ8Q6W3K5M7N9P0R2S4T6V8X', '01JZ8Q6W3K5M7N9P0R2S4T6V8U', '%20']) {
      const res = await removeMeal(client, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toMatch(/^id must be an entry id/);
    }
    const unknown = await removeMeal(client, '01JZ8Q6W3K5M7N9P0R2S4T6V8X');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Meal entry not found' });
    expect(await itemsOf(sub)).toBe(before);
  });

  it('accepts the id in lower case', async () => {
    const { client } = await subscriberClient('diary');
    await addMeal(client, testMeals.hundred);
    const [entry] = await mealsToday(client);
    expect((await removeMeal(client, entry!.id.toLowerCase())).status).toBe(200);
    expect(await mealsToday(client)).toEqual([]);
  });

  it('never takes the day below zero when a PATCH set it lower than the entry', async () => {
    const { client } = await subscriberClient('diary');
    await addMeal(client, testMeals.big);
    await patch(client, { caloriesConsumed: 200 });
    const [entry] = await mealsToday(client);
    const res = await removeMeal(client, entry!.id);
    expect(res.status).toBe(200);
    expect(res.body.caloriesConsumed).toBe(0);
    expect((await today(client)).body.caloriesConsumed).toBe(0);
  });

  it('removes only today\'s entries (an entry of another day in the user\'s zone is not today\'s)', async () => {
    const { client } = await subscriberClient('diary');
    const otherZone = dayKey(new Date(), 'Pacific/Kiritimati') !== utcToday() ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    await addMeal(client, testMeals.hundred);
    const [entry] = await mealsToday(client);
    const res = await client.request<Msg>('DELETE', `/api/progress/today/meals/${entry!.id}`, { headers: { 'x-time-zone': otherZone } });
    expect(res.status).toBe(404);
    expect((await today(client)).body.caloriesConsumed).toBe(100);
  });
});

describe('push-ups', () => {
  it('adds a set (ignoring a userId in the body), lists it and raises the day and lifetime', async () => {
    const victim = await subscriberClient('victim');
    const { client } = await subscriberClient('push');
    const res = await pushups(client, { userId: victim.id, count: 12 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), count: 12, createdAt: expect.any(String) });
    await pushups(client, { count: 8 });
    const sets = await client.get<PushupSet[]>('/api/pushups/today');
    expect(sets.body.map((s) => s.count)).toEqual([12, 8]);
    expect((await today(client)).body).toMatchObject({ pushups: 20, lifetime: { pushups: 20, daysTracked: 1 } });
    expect((await today(victim.client)).body.pushups).toBe(0);
    expect((await victim.client.get<PushupSet[]>('/api/pushups/today')).body).toEqual([]);
  });

  it.each([
    [{ count: 0 }, /count/],
    [{ count: 1001 }, /count/],
    [{ count: -3 }, /count/],
    [{ count: 2.5 }, /count/],
    [{ count: '10' }, /count/],
    [{}, /count/],
    [{ count: 5, extra: true }, /Unknown field: extra/],
  ])('answers 400 naming the field for %j', async (body, message) => {
    const { client } = await subscriberClient('push');
    const res = await pushups(client, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect((await today(client)).body.pushups).toBe(0);
  });

  it('validates the Idempotency-Key and replays a retried submission once', async () => {
    const { client } = await subscriberClient('push');
    for (const bad of ['abc', '12345', `${randomUUID()}x`]) {
      const res = await pushups(client, { count: 5 }, bad);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Idempotency-Key/);
    }
    const key = randomUUID();
    const first = await pushups(client, { count: 5 }, key);
    const again = await pushups(client, { count: 5 }, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await pushups(client, { count: 6 }, key);
    expect(other.status).toBe(422);
    expect((await today(client)).body.pushups).toBe(5);
    // An expired record (TTL deletion is lazy) no longer blocks the key.
    const sub = (await client.get<{ user: { id: string } }>('/api/auth/me')).body.user.id;
    const stored = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.idempotency(sub, key) }));
    expect(stored.Item?.expiresAt).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
    await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...stored.Item, expiresAt: Math.floor(Date.now() / 1000) - 1 } }));
    expect((await pushups(client, { count: 5 }, key)).status).toBe(201);
    expect((await today(client)).body.pushups).toBe(10);
  });

  it('100 concurrent sets with distinct keys add exactly 100; the same key 20 times adds once', async () => {
    const { client } = await subscriberClient('push');
    const distinct = await Promise.all(Array.from({ length: 100 }, () => pushups(client, { count: 1 }, randomUUID())));
    expect(distinct.every((r) => r.status === 201)).toBe(true);
    expect((await today(client)).body).toMatchObject({ pushups: 100, lifetime: { pushups: 100, daysTracked: 1 } });
    const key = randomUUID();
    const same = await Promise.all(Array.from({ length: 20 }, () => pushups(client, { count: 1 }, key)));
    expect(same.filter((r) => r.status === 201)).toHaveLength(1);
    expect(same.filter((r) => r.status === 200)).toHaveLength(19);
    expect(new Set(same.map((r) => r.body.id)).size).toBe(1);
    expect((await today(client)).body).toMatchObject({ pushups: 101, lifetime: { pushups: 101 } });
    expect((await client.get<PushupSet[]>('/api/pushups/today')).body).toHaveLength(100); // the newest 100 of 101
  });

  it('DELETE /api/pushups/{id} removes the set and subtracts it from the day and lifetime totals', async () => {
    const { client } = await subscriberClient('pushdel');
    await pushups(client, { count: 12 });
    await pushups(client, { count: 8 });
    const [first, second] = await setsToday(client);
    const res = await removeSet(client, first!.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: utcToday(), pushups: 8, lifetime: { pushups: 8, daysTracked: 1 } });
    expect((await today(client)).body).toMatchObject({ pushups: 8, lifetime: { pushups: 8, daysTracked: 1 } });
    expect(await setsToday(client)).toEqual([second]);
    const week = await client.get<HistoryResponse>('/api/progress/history');
    expect(week.body.days.at(-1)).toMatchObject({ pushups: 8 });
    expect((await removeSet(client, second!.id)).body).toMatchObject({ pushups: 0, lifetime: { pushups: 0 } });
    expect(await setsToday(client)).toEqual([]);
  });

  it('a second delete of a set, or another user\'s set, answers 404 {message} and changes nothing', async () => {
    const owner = await subscriberClient('pushdel');
    const other = await subscriberClient('pushdel');
    await pushups(owner.client, { count: 5 });
    await pushups(owner.client, { count: 7 });
    await pushups(other.client, { count: 3 });
    const [set] = await setsToday(owner.client);
    const foreign = await removeSet(other.client, set!.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Push-up set not found' });
    expect((await today(other.client)).body).toMatchObject({ pushups: 3, lifetime: { pushups: 3 } });
    expect((await removeSet(owner.client, set!.id)).status).toBe(200);
    const before = await itemsOf(owner.id);
    const again = await removeSet(owner.client, set!.id);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Push-up set not found' });
    expect(await itemsOf(owner.id)).toBe(before);
    expect((await today(owner.client)).body).toMatchObject({ pushups: 7, lifetime: { pushups: 7 } });
  });

  it('10 concurrent deletes of one set subtract it once; bad ids answer 400 {message}', async () => {
    const { client } = await subscriberClient('pushdel');
    await pushups(client, { count: 10 });
    await pushups(client, { count: 4 });
    const [set] = await setsToday(client);
    const results = await Promise.all(Array.from({ length: 10 }, () => removeSet(client, set!.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 404)).toHaveLength(9);
    expect((await today(client)).body).toMatchObject({ pushups: 4, lifetime: { pushups: 4 } });
    for (const bad of ['today', 'x', '1'.repeat(40)]) {
      const res = await removeSet(client, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/^id must be an entry id/);
    }
    // A meal entry's id is not a set's id.
    await addMeal(client, testMeals.hundred);
    const [meal] = await mealsToday(client);
    expect((await removeSet(client, meal!.id)).status).toBe(404);
    expect((await today(client)).body).toMatchObject({ pushups: 4, caloriesConsumed: 100 });
  });

  it('counts each request without a key', async () => {
    const { client } = await subscriberClient('push');
    await Promise.all([pushups(client, { count: 3 }), pushups(client, { count: 3 })]);
    expect((await today(client)).body.pushups).toBe(6);
  });
});

describe('GET /api/progress/history', () => {
  it('answers one entry per day, oldest first, zeros for empty days, today last', async () => {
    const { client } = await subscriberClient('hist');
    await patch(client, { steps: 9000 });
    await pushups(client, { count: 15 });
    await addMeal(client, testMeals.hundred);
    const week = await client.get<HistoryResponse>('/api/progress/history');
    expect(week.status).toBe(200);
    expect(week.body.days).toHaveLength(7);
    expect(week.body.today).toBe(utcToday());
    expect(week.body.days[6]).toEqual({ date: utcToday(), steps: 9000, caloriesConsumed: 100, pushups: 15, caloriesBurned: 0 });
    expect(week.body.days.slice(0, 6).every((d) => d.steps === 0 && d.pushups === 0)).toBe(true);
    const dates = week.body.days.map((d) => d.date);
    expect([...dates].sort()).toEqual(dates);
    const month = await client.get<HistoryResponse>('/api/progress/history?days=30');
    expect(month.body.days).toHaveLength(30);
    expect(month.body.days[29]!.steps).toBe(9000);
  });

  it.each(['5', 'abc', '7.0', '', '365'])('answers 400 naming days for days=%s', async (days) => {
    const { client } = await subscriberClient('hist');
    const res = await client.get<Msg>(`/api/progress/history?days=${days}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/days/);
  });
});

describe('two users', () => {
  it('never see or change each other\'s day', async () => {
    const a = await subscriberClient('alice');
    const b = await subscriberClient('bob');
    await patch(a.client, { steps: 7000 });
    await pushups(a.client, { count: 9, userId: b.id });
    await addMeal(a.client, testMeals.hundred);
    expect((await today(b.client)).body).toMatchObject({ steps: 0, pushups: 0, caloriesConsumed: 0, lifetime: { steps: 0, pushups: 0, daysTracked: 0 } });
    expect((await b.client.get<HistoryResponse>('/api/progress/history')).body.days.every((d) => d.steps === 0 && d.pushups === 0)).toBe(true);
    await patch(b.client, { steps: 10 });
    expect((await today(a.client)).body).toMatchObject({ steps: 7000, pushups: 9, caloriesConsumed: 100 });
  });
});

describe('DynamoDB budget (handler invoked in this process)', () => {
  let cookies: string[];
  beforeAll(async () => {
    const { client } = await subscriberClient('budget');
    cookies = [...client.jar].map(([k, v]) => `${k}=${v}`);
  });
  const run = async (name: RouteName, o: { body?: unknown; headers?: Record<string, string>; query?: Record<string, string>; id?: string } = {}) => {
    const event = loadEvent(name, { cookies, body: o.body ?? null, headers: { 'x-time-zone': 'UTC', ...(o.headers ?? {}) }, queryStringParameters: o.query });
    if (o.id) event.pathParameters = { id: o.id };
    const before = dynamoCallCount();
    const tally: DynamoTally = { calls: 0, scans: 0, commands: [] };
    const res = await dynamoTally.run(tally, () => invoke(handler, event));
    return { res, calls: dynamoCallCount() - before, commands: tally.commands };
  };

  it('uses at most 2 round trips including the subscription check, and never a Scan', async () => {
    const cases = [
      await run('get-progress-today'),
      await run('patch-progress-today', { body: { steps: 100 } }),
      await run('post-progress-today-meals', { body: { mealId: testMeals.hundred } }),
      await run('get-progress-history', { query: { days: '30' } }),
      await run('get-pushups-today'),
      await run('post-pushups', { body: { count: 4 }, headers: { 'idempotency-key': randomUUID() } }),
      await run('get-progress-today-meals'),
    ];
    const meals = JSON.parse(cases[6]!.res.body ?? '[]') as MealEntry[];
    const set = JSON.parse(cases[5]!.res.body ?? '{}') as PushupSet;
    cases.push(
      await run('delete-progress-today-meal', { id: meals[0]!.id }),
      await run('delete-pushups', { id: set.id }),
      await run('patch-progress-today', { body: { addSteps: 10 } }),
    );
    for (const { res, calls } of cases) {
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(calls).toBeLessThanOrEqual(2); // the subscription check included (it rides on the first call, or reads the profile first)
    }
    // The check rides in a first BatchGet or transaction (one call fewer than a profile read first);
    // the Query routes read the profile first.
    expect(cases.map((c) => c.calls)).toEqual([1, 2, 2, 2, 2, 1, 2, 2, 2, 2]);
    expect(cases.map((c) => c.commands)).toEqual([
      ['BatchGetItemCommand'],
      ['TransactWriteItemsCommand', 'BatchGetItemCommand'],
      ['BatchGetItemCommand', 'TransactWriteItemsCommand'],
      ['GetItemCommand', 'QueryCommand'],
      ['GetItemCommand', 'QueryCommand'],
      ['TransactWriteItemsCommand'],
      ['GetItemCommand', 'QueryCommand'],
      ['BatchGetItemCommand', 'TransactWriteItemsCommand'],
      ['BatchGetItemCommand', 'TransactWriteItemsCommand'],
      ['TransactWriteItemsCommand', 'BatchGetItemCommand'],
    ]);
    expect(jsonBody(cases[0]!.res)).toMatchObject({ date: utcToday() });
  });
});
