import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { BatchGetCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityLogsOf, storedCounters } from '../../test/activity-logs';
import { ApiClient, STRONG_PASSWORD, adminClient, signedUpClient, subscriberClient } from '../../test/api-client';
import { loadEvent } from '../../test/events';
import { invoke, jsonBody } from '../../test/lambda';
import { type AdminLogsResponse, type SystemTestResponse } from '../contract/admin';
import { type ActivityInput, activityLogItems } from '../lib/activity-log';
import { cognito } from '../lib/cognito';
import { ddb, dynamoCallCount, tableName } from '../lib/db/client';
import { COUNTER_SHARDS, keys } from '../lib/db/keys';
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
/**
 * The summary once its newest events satisfy `ready`: the list is kept by the table's stream
 * consumer (decision 0023), which the local stack polls every 100 ms, so a new event shows within
 * a moment, not at once. Fails after 10 s with the last answer.
 */
async function logsWhen(ready: (body: AdminLogsResponse) => boolean): Promise<Awaited<ReturnType<typeof logs>>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await logs();
    if (res.status !== 200 || ready(res.body) || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 150));
  }
}
const counters = storedCounters;
const writeEvent = (a: Omit<ActivityInput, 'ipAddress' | 'details'> & { details?: string }, alsoAdd?: Record<string, number>) =>
  ddb().send(
    new TransactWriteCommand({
      TransactItems: activityLogItems({ details: `test ${a.action} at ${a.now!.toISOString()}`, ipAddress: '198.51.100.7', ...a }, alsoAdd ? { alsoAdd } : {}),
    }),
  );
const writeLogin = (now: Date, userId: string) => writeEvent({ action: 'login', userId, now });
/** A fixed clock on a random day of its own, far in the past: only this test's events are stamped near it. */
const pastDay = (fromYear: number) => Date.UTC(fromYear, 0, 1) + Math.floor(Math.random() * 3000) * 86_400_000;

describe('GET /api/admin/logs', () => {
  it('answers the counters, the newest 50 events newest first and the recent logins', async () => {
    const { username, id } = await signedUpClient('logsuser');
    const c = new ApiClient();
    expect((await c.post('/api/auth/login', { username, password: STRONG_PASSWORD })).status).toBe(200);
    const res = await logsWhen((b) => b.events.filter((e) => e.userId === id).length >= 2);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['events', 'feedbackTotal', 'recentFailedSignIns', 'recentLogins', 'total']);
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
      ipAddress: c.address,
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
    const res = await logsWhen((b) => b.events.filter((e) => e.userId === 'bulk-user').length >= 50);
    expect(res.body.events).toHaveLength(50);
    expect(res.body.total).toBeGreaterThanOrEqual(55);
  });

  it('spreads the events over day-and-shard partitions and the totals over counter shards', async () => {
    const now = new Date(pastDay(1970));
    const userId = `spread-${Date.now()}`;
    await Promise.all(Array.from({ length: 24 }, (_, i) => writeLogin(new Date(now.getTime() + i), userId)));
    const stored = await activityLogsOf('login', { userId }, now);
    expect(stored).toHaveLength(24);
    const partitions = new Set(stored.map((it) => String(it.pk)));
    for (const pk of partitions) expect(pk).toMatch(new RegExp(`^LOG#${now.toISOString().slice(0, 10)}#([0-9]|1[0-5])$`));
    expect(partitions.size).toBeGreaterThan(1);
    for (const it of stored) expect(it.expiresAt).toBe(Math.floor(Date.parse(String(it.timestamp)) / 1000) + 365 * 86_400);
    // the old single counters item is not written any more
    const shards = await ddb().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: Array.from({ length: COUNTER_SHARDS }, (_, n) => keys.counterShard(n)), ConsistentRead: true } } }),
    );
    expect((shards.Responses?.[tableName()] ?? []).length).toBeGreaterThan(1);
  });

  it('counts exactly under concurrency: 60 simultaneous events, the shards sum to 60', async () => {
    const attr = `testCount${Date.now()}`;
    const now = new Date(pastDay(1970));
    await Promise.all(Array.from({ length: 60 }, (_, i) => writeEvent({ action: 'logout', userId: 'concurrent-user', now: new Date(now.getTime() + i) }, { [attr]: 1 })));
    const res = await ddb().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: Array.from({ length: COUNTER_SHARDS }, (_, n) => keys.counterShard(n)), ConsistentRead: true } } }),
    );
    const items = (res.Responses?.[tableName()] ?? []).filter((it) => typeof it[attr] === 'number');
    expect(items.reduce((sum, it) => sum + Number(it[attr]), 0)).toBe(60);
    expect(items.length).toBeGreaterThan(1);
  });

  it('still sums the single counters item written before the shards (legacy, left in place)', async () => {
    const add = (n: number) =>
      ddb().send(new UpdateCommand({ TableName: tableName(), Key: keys.legacyCounters(), UpdateExpression: 'ADD logCount :n, feedbackCount :n', ExpressionAttributeValues: { ':n': n } }));
    const before = (await adminLogs(new Date())).total;
    await add(1000);
    try {
      const stored = await counters();
      const after = await adminLogs(new Date());
      expect(after.total - before).toBeGreaterThanOrEqual(1000);
      expect(after.total).toBeLessThanOrEqual(stored.logCount + 50);
    } finally {
      await add(-1000);
    }
  });

  it('lists the newest events from every shard, newest first, none stamped after its clock (plus a minute)', async () => {
    const now = Date.now();
    const userId = `newest-${now}`;
    const stamps = [-40, -30, -20, -10, 0].map((ms) => new Date(now + ms)); // on random shards
    await Promise.all(stamps.map((t) => writeEvent({ action: 'signup', userId, now: t })));
    await writeEvent({ action: 'signup', userId, now: new Date(now + 5 * MIN) }); // a fast clock: shown when due
    const res = await logsWhen((b) => b.events.filter((e) => e.userId === userId).length >= 5);
    const mine = res.body.events.filter((e) => e.userId === userId);
    expect(mine.map((e) => e.timestamp)).toEqual([...stamps].reverse().map((t) => t.toISOString()));
    const stampsShown = res.body.events.map((e) => e.timestamp);
    expect([...stampsShown].sort().reverse()).toEqual(stampsShown);
    expect(res.body.events.every((e) => e.timestamp <= new Date(Date.now() + MIN).toISOString())).toBe(true);
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

  it('is exact to the minute at a fixed clock: 23:59 counts; 24:01, the minute holding now−24h and a later login do not', async () => {
    // A "now" far in the past, unique to this run: only this test's logins fall in its window.
    const now = new Date(pastDay(1990));
    await writeLogin(new Date(now.getTime() - 24 * HOUR - MIN), 'fixed-old');
    await writeLogin(new Date(now.getTime() - 23 * HOUR - 59 * MIN), 'fixed-new');
    // in the minute that holds now−24h: counted to the minute, that minute is left out (decision 0016)
    await writeLogin(new Date(now.getTime() - 24 * HOUR + 1), 'fixed-edge-inside');
    await writeLogin(new Date(now.getTime() - 24 * HOUR), 'fixed-edge-exact');
    await writeLogin(new Date(now.getTime() + 2 * MIN), 'fixed-future');
    const res = await adminLogs(now);
    expect(res.recentLogins).toBe(1);
  });

  it('sums every shard of every hour of the window, with a clock in the middle of a minute', async () => {
    const now = new Date(pastDay(1990) + 37 * MIN + 30_000); // hh:37:30
    const at = (ms: number) => new Date(now.getTime() + ms);
    const inside = [at(-24 * HOUR + 30_001), at(-24 * HOUR + MIN), at(-12 * HOUR), at(-HOUR), at(-1), at(0), at(59_000)];
    const outside = [at(-24 * HOUR + 20_000) /* the minute holding now−24h */, at(-25 * HOUR), at(2 * MIN)];
    // 20 logins in one minute land on several shards of that hour
    const burst = Array.from({ length: 20 }, (_, i) => at(-3 * HOUR + i));
    await Promise.all([...inside, ...outside, ...burst].map((t, i) => writeLogin(t, `window-${i}`)));
    expect((await adminLogs(now)).recentLogins).toBe(inside.length + burst.length);
  });

  it('reads everything with one BatchGet (counters, hourly login counts, the newest events), never a Query or a Scan', async () => {
    const send = vi.spyOn(ddb(), 'send');
    await adminLogs(new Date());
    const inputs = send.mock.calls.map(([c]) => ({ name: c.constructor.name, input: c.input as Record<string, unknown> }));
    send.mockRestore();
    expect(inputs.map((i) => i.name)).toEqual(['BatchGetCommand']);
    const batch = inputs[0]!.input as { RequestItems: Record<string, { Keys: { pk: string; sk: string }[] }> };
    const batchKeys = batch.RequestItems[tableName()]!.Keys;
    expect(batchKeys.length).toBeLessThanOrEqual(99);
    expect(batchKeys.filter((k) => /^STATS#\d+$/.test(k.pk))).toHaveLength(COUNTER_SHARDS);
    expect(batchKeys.filter((k) => k.pk.startsWith('LOGINS#')).length).toBeGreaterThanOrEqual(25 * 3);
    expect(batchKeys).toContainEqual(keys.newestLog());
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
    const signupLog = await activityLogsOf('signup', { detailsContain: username });
    const entry = signupLog[0];
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
  // The session check's read of the admin's profile rides in the BatchGet (decision 0016).
  it('GET /api/admin/logs: one call, the session check included, no Query or Scan', async () => {
    const cookies = [...admin.jar].map(([k, v]) => `${k}=${v}`);
    const send = vi.spyOn(ddb(), 'send');
    const before = dynamoCallCount();
    const res = await invoke(handler, loadEvent('get-admin-logs', { cookies }));
    const calls = dynamoCallCount() - before;
    const names = send.mock.calls.map(([c]) => c.constructor.name);
    expect(res.statusCode).toBe(200);
    expect((jsonBody(res) as AdminLogsResponse).events.length).toBeGreaterThan(0);
    expect(calls).toBe(1);
    expect(names).toEqual(['BatchGetCommand']);
  });
});
