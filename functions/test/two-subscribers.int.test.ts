import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { ddb, tableName } from '../src/lib/db/client';
import { routes } from '../src/routes';
import { type ApiClient, subscriberClient } from './api-client';

/**
 * Object-level isolation (the hardening issue): subscriber A has a day of data, a push-up set,
 * a meal entry, feedback and an open PayPal order; subscriber B calls every route the table has — with A's
 * object ids wherever a path takes one — and never sees or changes anything of A's.
 */
let a: { client: ApiClient; id: string };
let b: { client: ApiClient; id: string };
let orderOfA: string;
/** A's push-up set and meal entry: B's DELETEs name them. */
const idsOfA: Record<string, string> = {};
const FEEDBACK_OF_A = `private note of A ${randomUUID()}`;

async function itemsOf(sub: string) {
  const res = await ddb().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${sub}` }, ConsistentRead: true }));
  return JSON.stringify(res.Items ?? []);
}

beforeAll(async () => {
  a = await subscriberClient('owner');
  b = await subscriberClient('other');
  expect((await a.client.request('PATCH', '/api/progress/today', { body: { steps: 43_210 } })).status).toBe(200);
  const set = await a.client.post<{ id: string }>('/api/pushups', { count: 37 }, { 'idempotency-key': randomUUID() });
  expect(set.status).toBe(201);
  idsOfA['/api/pushups/{id}'] = set.body.id;
  expect((await a.client.post('/api/progress/today/meals', { mealId: 'meal-greek-yogurt-berries' })).status).toBe(200);
  const meals = await a.client.get<{ id: string }[]>('/api/progress/today/meals');
  idsOfA['/api/progress/today/meals/{id}'] = meals.body[0]!.id;
  expect((await a.client.post('/api/feedback', { email: 'a@example.com', message: FEEDBACK_OF_A, category: 'general' })).status).toBe(201);
  const order = await a.client.post<{ id: string }>('/paypal/order', { plan: 'monthly' });
  expect(order.status).toBeLessThan(300);
  orderOfA = order.body.id;
});

describe('two subscribers', () => {
  it("B reads nothing of A's on any route, and cannot act on A's objects; A's items stay as they were", async () => {
    const before = await itemsOf(a.id);
    for (const r of routes) {
      if (r.access === 'admin' || r.access === 'stripe') continue; // B is no admin; the webhook has no session
      // sign-up/in/out and sign out everywhere act on B's own session (and would end it)
      if (r.path.startsWith('/api/auth/') && (r.access === 'public' || r.path === '/api/auth/logout-all')) continue;
      const path = r.path.replace('{orderId}', encodeURIComponent(orderOfA)).replace(/\{\w+\}/, idsOfA[r.path] ?? 'x');
      const res = await b.client.request(r.method, path, r.method === 'GET' ? {} : { body: {} });
      const where = `${r.method} ${path} → ${res.status}`;
      expect(res.status, where).toBeLessThan(500);
      for (const secret of [a.id, FEEDBACK_OF_A, '43210', '43,210']) expect(res.text, where).not.toContain(secret);
      if (r.path.includes('{orderId}') || idsOfA[r.path]) expect(res.status, where).toBeGreaterThanOrEqual(400);
    }
    // B's own day is empty: A's numbers never leaked into it
    const today = await b.client.get<{ steps: number; pushups: number }>('/api/progress/today');
    expect(today.body).toMatchObject({ steps: 0, pushups: 0 });
    const sets = await b.client.get<unknown[]>('/api/pushups/today');
    expect(sets.body).toEqual([]);
    expect((await b.client.get<unknown[]>('/api/progress/today/meals')).body).toEqual([]);
    expect(await itemsOf(a.id)).toBe(before);
    // and A can still complete the order B tried to use
    expect((await a.client.post(`/api/sandbox/paypal/${orderOfA}/approve`)).status).toBe(200);
  });
});
