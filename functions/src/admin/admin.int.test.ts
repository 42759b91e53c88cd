import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient, STRONG_PASSWORD, adminClient, signedUpClient, subscriberClient } from '../../test/api-client';
import { loadEvent } from '../../test/events';
import { invoke, jsonBody } from '../../test/lambda';
import { type AdminLogsResponse, type SystemTestResponse } from '../contract/admin';
import { activityLogItems } from '../lib/activity-log';
import { cognito } from '../lib/cognito';
import { ddb, dynamoCallCount, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { GSI1 } from '../lib/db/table';
import { getEnv } from '../lib/env';
import { adminLogs } from './admin-service';
import { handler } from './handler';

type Msg = { message: string };
const MIN = 60_000;
const HOUR = 60 * MIN;

let admin: ApiClient;
beforeAll(async () => {
  admin = await adminClient();
});

const logs = () => admin.get<AdminLogsResponse>('/api/admin/logs');
const counters = async () => {
  const res = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.counters(), ConsistentRead: true }));
  return { logCount: Number(res.Item?.logCount ?? 0), feedbackCount: Number(res.Item?.feedbackCount ?? 0) };
};
const writeLogin = (now: Date, userId: string) =>
  ddb().send(new TransactWriteCommand({ TransactItems: activityLogItems({ action: 'login', userId, details: `test login at ${now.toISOString()}`, ipAddress: '198.51.100.7', now }) }));

describe('GET /api/admin/logs', () => {
  it('answers the counters, the newest 50 events newest first and the recent logins', async () => {
    const { username, id } = await signedUpClient('logsuser');
    const c = new ApiClient();
    expect((await c.post('/api/auth/login', { username, password: STRONG_PASSWORD })).status).toBe(200);
    const res = await logs();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['events', 'feedbackTotal', 'recentLogins', 'total']);
    expect(res.body.events.length).toBeGreaterThan(0);
    expect(res.body.events.length).toBeLessThanOrEqual(50);
    const stamps = res.body.events.map((e) => e.timestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    const mine = res.body.events.filter((e) => e.userId === id);
    expect(mine.map((e) => e.action)).toEqual(['login', 'signup']);
    expect(mine[0]).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      action: 'login',
      details: `User ${username} signed in`,
      userId: id,
      ipAddress: '127.0.0.1',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(res.body.recentLogins).toBeGreaterThanOrEqual(2); // this user and the admin
    const stored = await counters();
    expect(res.body.total).toBeGreaterThanOrEqual(mine.length);
    expect(res.body.total).toBeLessThanOrEqual(stored.logCount);
    expect(res.body.feedbackTotal).toBeLessThanOrEqual(stored.feedbackCount);
  });

  it('shows exactly 50 events once more than 50 exist, and the total from the counter', async () => {
    const now = Date.now();
    for (let i = 0; i < 55; i += 5) {
      await Promise.all(Array.from({ length: 5 }, (_, j) => writeLogin(new Date(now - (i + j) * 10), 'bulk-user')));
    }
    const res = await logs();
    expect(res.body.events).toHaveLength(50);
    expect(res.body.total).toBeGreaterThanOrEqual(55);
  });

  it('keeps the counters item in the login partition of gsi1 (one Query reads logins and totals)', async () => {
    await writeLogin(new Date(), 'placement-user');
    const item = (await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.counters(), ConsistentRead: true }))).Item;
    expect(item).toMatchObject({ gsi1pk: 'ACTION#login', gsi1sk: '~COUNTERS', logCount: expect.any(Number) });
  });

  it('keeps the total in step with every logged event (atomic counter, not counted on read)', async () => {
    const before = (await logs()).body.total;
    await writeLogin(new Date(), 'counter-user');
    await writeLogin(new Date(), 'counter-user');
    const after = (await logs()).body.total;
    expect(after - before).toBeGreaterThanOrEqual(2);
    expect(after).toBeLessThanOrEqual((await counters()).logCount);
  });
});

describe('recent logins: the last 24 hours', () => {
  it('counts a login 23 h 59 min old and not one 24 h 01 min old (HTTP, real clock)', async () => {
    const base = (await logs()).body.recentLogins;
    await writeLogin(new Date(Date.now() - 24 * HOUR - MIN), 'boundary-old');
    const afterOld = (await logs()).body.recentLogins;
    await writeLogin(new Date(Date.now() - 23 * HOUR - 59 * MIN), 'boundary-new');
    const afterNew = (await logs()).body.recentLogins;
    // Other test files may sign in meanwhile: the old login must add nothing of its own,
    // the recent one exactly one. The exact check is the next test (fixed clock).
    expect(afterOld - base).toBeGreaterThanOrEqual(0);
    expect(afterNew - afterOld).toBeGreaterThanOrEqual(1);
  });

  it('is exact at a fixed clock: 23:59 counts, 24:01 does not, nor does a later login', async () => {
    // A "now" far in the past, unique to this run: only this test's logins fall in its window.
    const now = new Date(Date.UTC(1990, 0, 1) + Math.floor(Math.random() * 3000) * 86_400_000);
    await writeLogin(new Date(now.getTime() - 24 * HOUR - MIN), 'fixed-old');
    await writeLogin(new Date(now.getTime() - 23 * HOUR - 59 * MIN), 'fixed-new');
    await writeLogin(new Date(now.getTime() - 24 * HOUR + 1), 'fixed-edge-inside');
    await writeLogin(new Date(now.getTime() - 24 * HOUR), 'fixed-edge-exact');
    await writeLogin(new Date(now.getTime() + 2 * MIN), 'fixed-future');
    const res = await adminLogs(now);
    expect(res.recentLogins).toBe(2);
  });

  it('reads the logins with one key-condition Query on gsi1 (plus the newest events), never a Scan', async () => {
    const send = vi.spyOn(ddb(), 'send');
    await adminLogs(new Date());
    const inputs = send.mock.calls.map(([c]) => ({ name: c.constructor.name, input: c.input as Record<string, unknown> }));
    send.mockRestore();
    expect(inputs.map((i) => i.name).sort()).toEqual(['QueryCommand', 'QueryCommand']);
    const loginQuery = inputs.find((i) => i.input.IndexName === GSI1)!;
    expect(loginQuery.input).toMatchObject({ KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk > :since', ExpressionAttributeValues: { ':pk': 'ACTION#login' } });
    expect(loginQuery.input.FilterExpression).toBeUndefined();
    const newest = inputs.find((i) => i.input.IndexName === undefined)!;
    expect(newest.input).toMatchObject({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'LOG#ALL' }, ScanIndexForward: false, Limit: 50 });
  });
});

describe('system tests (admin)', () => {
  it.each(['signup', 'login'] as const)('%s: passes with a throwaway account that is deleted afterwards', async (test) => {
    const res = await admin.post<SystemTestResponse>(`/api/admin/system-tests/${test}`);
    expect(res.status).toBe(200);
    expect(res.body.passed).toBe(true);
    expect(res.body.details).toMatch(test === 'signup' ? /^Created the throwaway account systest_[0-9a-f]{16}/ : /^Signed in the throwaway account systest_[0-9a-f]{16}/);
    const username = /(systest_[0-9a-f]{16})/.exec(res.body.details)![1]!;
    // gone from Cognito …
    await expect(cognito().send(new AdminGetUserCommand({ UserPoolId: getEnv().userPoolId, Username: username }))).rejects.toMatchObject({ name: 'UserNotFoundException' });
    // … and its profile is deleted too
    const signupLog = await ddb().send(
      new QueryCommand({ TableName: tableName(), IndexName: GSI1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'ACTION#signup' }, ScanIndexForward: false, Limit: 20 }),
    );
    const entry = (signupLog.Items ?? []).find((i) => String(i.details).includes(username));
    expect(entry).toBeDefined();
    const profile = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.profile(String(entry!.userId)), ConsistentRead: true }));
    expect(profile.Item).toBeUndefined();
    // the password was never answered or logged
    expect(res.text).not.toMatch(/Sy7/);
  });

  it('answers 404 to an unknown test', async () => {
    const res = await admin.post<Msg>('/api/admin/system-tests/payments');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Unknown system test: use login, signup, feedback' });
  });
});

describe('authorisation of every admin route: anonymous, user, subscriber, admin', () => {
  const calls: [string, (c: ApiClient) => Promise<{ status: number }>, number][] = [
    ['GET /api/admin/logs', (c) => c.get('/api/admin/logs'), 200],
    ['POST /api/admin/system-tests/signup', (c) => c.post('/api/admin/system-tests/signup'), 200],
    ['POST /api/admin/system-tests/login with a body', (c) => c.post('/api/admin/system-tests/login', { username: 'admin', role: 'admin' }), 200],
    ['POST /api/admin/system-tests/feedback', (c) => c.post('/api/admin/system-tests/feedback'), 200],
    ['POST /api/admin/system-tests/unknown', (c) => c.post('/api/admin/system-tests/unknown'), 404],
  ];
  let user: ApiClient;
  let subscriber: ApiClient;
  beforeAll(async () => {
    [user, subscriber] = await Promise.all([signedUpClient('admauthz').then((u) => u.client), subscriberClient('admauthzsub').then((u) => u.client)]);
  });
  it.each(calls)('%s', async (_name, call, adminStatus) => {
    expect(await call(new ApiClient())).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
    expect(await call(user)).toMatchObject({ status: 403, body: { message: 'Administrator privileges required' } });
    expect(await call(subscriber)).toMatchObject({ status: 403, body: { message: 'Administrator privileges required' } });
    expect((await call(admin)).status).toBe(adminStatus);
  });
});

describe('DynamoDB budget (handler invoked in this process)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  // Three until issue 17 point 1 (local/dynamo-budget.ts lists the exception): the session check's
  // read of the admin's profile, then the two Queries.
  it('GET /api/admin/logs: the session check and two Queries, no Scan', async () => {
    const cookies = [...admin.jar].map(([k, v]) => `${k}=${v}`);
    const send = vi.spyOn(ddb(), 'send');
    const before = dynamoCallCount();
    const res = await invoke(handler, loadEvent('get-admin-logs', { cookies }));
    const calls = dynamoCallCount() - before;
    const names = send.mock.calls.map(([c]) => c.constructor.name);
    expect(res.statusCode).toBe(200);
    expect((jsonBody(res) as AdminLogsResponse).events.length).toBeGreaterThan(0);
    expect(calls).toBe(3);
    expect(names.sort()).toEqual(['GetCommand', 'QueryCommand', 'QueryCommand']);
  });
});
