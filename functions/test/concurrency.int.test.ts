import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_PER_HOUR } from '../src/contract/feedback';
import { ddb, tableName } from '../src/lib/db/client';
import { keys } from '../src/lib/db/keys';
import { ApiClient, STRONG_PASSWORD, uniqueName } from './api-client';
import { grantSubscription } from '../../test-support/subscriptions';

/**
 * Concurrency against the local stack (issue 17 point 3): 200 sign-ups, 200 sign-ins and 200
 * feedback posts at once, through the local gateway (the handler modules Lambda runs, DynamoDB
 * Local, cognito-local). Zero 5xx, so zero transactions abandoned after their retries (a
 * transaction that runs out of retries answers 503, lib/db/toolkit.ts), and every write stored.
 */
const N = 200;

const statuses = (rs: { status: number }[]) =>
  rs.reduce<Record<number, number>>((acc, r) => {
    acc[r.status] = (acc[r.status] ?? 0) + 1;
    return acc;
  }, {});

describe(`${N} requests at once`, () => {
  const accounts: { username: string; id: string }[] = [];

  it(`${N} concurrent sign-ups all succeed`, async () => {
    const names = Array.from({ length: N }, () => uniqueName('conc'));
    const rs = await Promise.all(
      names.map((username) => new ApiClient().post<{ user: { id: string } }>('/api/auth/signup', { username, email: `${username}@example.com`, password: STRONG_PASSWORD })),
    );
    expect(statuses(rs)).toEqual({ 201: N });
    rs.forEach((r, i) => accounts.push({ username: names[i]!, id: r.body.user.id }));
    expect(new Set(accounts.map((a) => a.id)).size).toBe(N);
  }, 240_000);

  it(`${N} concurrent sign-ins all succeed`, async () => {
    expect(accounts).toHaveLength(N);
    const rs = await Promise.all(accounts.map((a) => new ApiClient().post('/api/auth/login', { username: a.username, password: STRONG_PASSWORD })));
    expect(statuses(rs)).toEqual({ 200: N });
  }, 240_000);

  it(`${N} concurrent feedback posts (${N / FEEDBACK_PER_HOUR} subscribers, each up to the hourly limit at once) are all stored`, async () => {
    const senders = accounts.slice(0, N / FEEDBACK_PER_HOUR);
    await Promise.all(senders.map((a) => grantSubscription(a.id)));
    const clients = await Promise.all(
      senders.map(async (a) => {
        const c = new ApiClient();
        const r = await c.post('/api/auth/login', { username: a.username, password: STRONG_PASSWORD });
        expect(r.status).toBe(200);
        return c;
      }),
    );
    const posts = clients.flatMap((c, i) =>
      Array.from({ length: FEEDBACK_PER_HOUR }, (_, n) =>
        c.post<{ id: string }>('/api/feedback', { email: `sender${i}@example.com`, message: `Concurrent feedback ${i}-${n}`, rating: 5, category: 'general' }),
      ),
    );
    const rs = await Promise.all(posts);
    expect(statuses(rs)).toEqual({ 201: N });
    const stored = await Promise.all(rs.map((r) => ddb().send(new GetCommand({ TableName: tableName(), Key: keys.feedback(r.body.id), ConsistentRead: true }))));
    expect(stored.filter((s) => s.Item).length).toBe(N);
  }, 240_000);
});
