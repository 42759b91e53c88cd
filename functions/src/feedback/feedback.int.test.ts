import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulidx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient, adminClient, signedUpClient, subscriberClient } from '../../test/api-client';
import { loadEvent } from '../../test/events';
import { invoke, jsonBody } from '../../test/lambda';
import { type RouteName } from '../../../local/generate-events';
import { type SystemTestResponse } from '../contract/admin';
import { FEEDBACK_PER_HOUR, type Feedback, type FeedbackListResponse, type FeedbackStatus, feedbackStatuses } from '../contract/feedback';
import { ddb, dynamoCallCount, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { handler } from './handler';
import { activityLogsOf, storedCounters } from '../../test/activity-logs';

type Msg = { message: string };

const valid = (o: Record<string, unknown> = {}) => ({
  email: 'alex@example.com',
  name: 'Alex Runner',
  message: 'Could the push-up counter also show my weekly total?',
  rating: 4,
  category: 'feature',
  ...o,
});

const counters = storedCounters;
const stored = async (id: string) => (await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.feedback(id), ConsistentRead: true }))).Item;
const logsOf = activityLogsOf;

/** The rate limit counts per clock hour: keep a test from straddling the hour boundary. */
async function awayFromHourBoundary() {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < 30_000) await new Promise((r) => setTimeout(r, left + 1000));
}

let sub: Awaited<ReturnType<typeof subscriberClient>>;
let admin: ApiClient;
beforeAll(async () => {
  [sub, admin] = await Promise.all([subscriberClient('fbsub'), adminClient()]);
});

async function submit(c: ApiClient = sub.client, body: unknown = valid()) {
  const res = await c.post<{ ok: true; id: string } & Msg>('/api/feedback', body);
  return res;
}

const patchStatus = (c: ApiClient, id: string, status: unknown) => c.request<Feedback & Msg>('PATCH', `/api/feedback/${id}/status`, { body: { status } });

/**
 * A feedback item in the given status, put straight into the table with the layout the service
 * writes (the state-machine tests are about PATCH; POST has its own tests and a rate limit).
 */
async function feedbackIn(status: FeedbackStatus): Promise<string> {
  const id = ulid();
  const createdAt = new Date().toISOString();
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.feedback(id),
        gsi1pk: 'FEEDBACK',
        gsi1sk: `${createdAt}#${id}`,
        entity: 'FEEDBACK',
        ...{ id, userId: sub.id, email: 'alex@example.com', message: `status path from ${status}`, category: 'bug', status, createdAt },
      },
    }),
  );
  return id;
}

describe('POST /api/feedback', () => {
  it('stores the feedback of the signed-in subscriber (body userId ignored), counts it and logs it', async () => {
    const before = await counters();
    const res = await submit(sub.client, valid({ userId: 'someone-else' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/) });
    const item = await stored(res.body.id);
    expect(item).toMatchObject({
      pk: `FEEDBACK#${res.body.id}`,
      sk: 'FEEDBACK',
      gsi1pk: 'FEEDBACK',
      gsi1sk: expect.stringMatching(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT.*Z#${res.body.id}$`)),
      userId: sub.id,
      name: 'Alex Runner',
      email: 'alex@example.com',
      message: 'Could the push-up counter also show my weekly total?',
      rating: 4,
      category: 'feature',
      status: 'open',
    });
    const after = await counters();
    expect(after.feedbackCount - before.feedbackCount).toBe(1);
    const logs = await logsOf('feedback_submitted', sub.id);
    expect(logs.some((l) => String(l.details).includes(res.body.id) && l.ipAddress === sub.client.address)).toBe(true);
  });

  it('accepts feedback without name and rating, trimming the text', async () => {
    const res = await submit(sub.client, { email: '  a@example.com ', message: '  Hi  ', category: 'general', name: '   ' });
    expect(res.status).toBe(201);
    const item = await stored(res.body.id);
    expect(item).toMatchObject({ email: 'a@example.com', message: 'Hi', category: 'general' });
    expect(item).not.toHaveProperty('name');
    expect(item).not.toHaveProperty('rating');
  });

  it.each([
    ['missing email', valid({ email: undefined }), /^Email is required/],
    ['empty email', valid({ email: '  ' }), /^Email is required/],
    ['invalid email', valid({ email: 'not-an-email' }), /^Email must be a valid email address/],
    ['email of the wrong type', valid({ email: 42 }), /^Email is required/],
    ['missing message', valid({ message: undefined }), /^Message is required/],
    ['blank message', valid({ message: '   ' }), /^Message is required/],
    ['message over 5000 characters', valid({ message: 'x'.repeat(5001) }), /^Message must be at most 5000 characters/],
    ['name over 100 characters', valid({ name: 'n'.repeat(101) }), /^Name must be at most 100 characters/],
    ['name of the wrong type', valid({ name: 7 }), /^Name must be text/],
    ['rating 0', valid({ rating: 0 }), /^Rating must be a whole number from 1 to 5/],
    ['rating 6', valid({ rating: 6 }), /^Rating/],
    ['rating 3.5', valid({ rating: 3.5 }), /^Rating/],
    ['rating as text', valid({ rating: '4' }), /^Rating/],
    ['rating null', valid({ rating: null }), /^Rating/],
    ['missing category', valid({ category: undefined }), /^Category must be one of bug, feature, general, complaint/],
    ['unknown category', valid({ category: 'praise' }), /^Category/],
    ['unknown field', valid({ status: 'closed' }), /^Unknown field: status/],
  ])('answers 400 naming the field for %s, storing nothing', async (_what, body, message) => {
    const before = await counters();
    const res = await submit(sub.client, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['message']);
    expect(res.body.message).toMatch(message);
    expect((await counters()).feedbackCount).toBe(before.feedbackCount);
  });

  it('accepts exactly 5000 characters of message and 100 of name', async () => {
    const res = await submit(sub.client, valid({ message: 'm'.repeat(5000), name: 'n'.repeat(100) }));
    expect(res.status).toBe(201);
  });

  it('answers 400 to a body that is not a JSON object', async () => {
    for (const rawBody of ['[]', '"text"', '42']) {
      const res = await sub.client.request<Msg>('POST', '/api/feedback', { rawBody, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/JSON object/);
    }
  });

  it('refuses the anonymous (401) and a signed-in user without a subscription (403)', async () => {
    expect((await new ApiClient().post('/api/feedback', valid())).status).toBe(401);
    const { client: nosub } = await signedUpClient('fbnosub');
    const res = await nosub.post<Msg>('/api/feedback', valid());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'An active subscription is required' });
  });

  it(`limits each user to ${FEEDBACK_PER_HOUR} per hour, atomically, with 429 and Retry-After`, async () => {
    await awayFromHourBoundary();
    const u = await subscriberClient('fbrate');
    const before = await counters();
    const results = await Promise.all(Array.from({ length: FEEDBACK_PER_HOUR + 3 }, (_, i) => submit(u.client, valid({ message: `burst ${i}` }))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(FEEDBACK_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body).toEqual({ message: `You can send up to ${FEEDBACK_PER_HOUR} feedback messages per hour. Please try again later.` });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect((await counters()).feedbackCount - before.feedbackCount).toBe(FEEDBACK_PER_HOUR);
    // the counter item expires by TTL
    const hour = new Date().toISOString().slice(0, 13);
    const rate = (await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.feedbackRate(u.id, hour), ConsistentRead: true }))).Item;
    expect(rate).toMatchObject({ n: FEEDBACK_PER_HOUR, expiresAt: expect.any(Number) });
    expect(rate!.expiresAt * 1000).toBeGreaterThan(Date.now());
    // another user is not affected
    expect((await submit(sub.client, valid({ message: 'still allowed' }))).status).toBe(201);
  });
});

describe('GET /api/feedback (admin)', () => {
  it('lists newest first from gsi1, paginated with an opaque cursor', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await submit(admin, valid({ message: `list order ${i}` }));
      ids.push(r.body.id);
    }
    const first = await admin.get<FeedbackListResponse>('/api/feedback?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.items.map((f) => f.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.items[0]).toMatchObject({ message: 'list order 2', status: 'open', category: 'feature', rating: 4, email: 'alex@example.com' });
    expect(first.body.items[0]).not.toHaveProperty('pk');
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await admin.get<FeedbackListResponse>(`/api/feedback?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.status).toBe(200);
    expect(second.body.items[0]!.id).toBe(ids[0]);
    const dates = [...first.body.items, ...second.body.items].map((f) => f.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('walks every page to the end (nextCursor null)', async () => {
    let cursor: string | null = null;
    let pages = 0;
    const seen = new Set<string>();
    do {
      const res: { status: number; body: FeedbackListResponse } = await admin.get<FeedbackListResponse>(`/api/feedback?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      for (const f of res.body.items) {
        expect(seen.has(f.id)).toBe(false);
        seen.add(f.id);
      }
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(cursor).toBeNull();
    expect(seen.size).toBeGreaterThan(3);
  });

  it.each([
    ['limit=0', /^limit: /],
    ['limit=101', /^limit: /],
    ['limit=abc', /^limit: /],
    ['limit=2.5', /^limit: /],
    ['cursor=%21%21', /^cursor: /],
    [`cursor=${Buffer.from('{"pk":"USER#x","sk":"PROFILE","gsi1pk":"FEEDBACK","gsi1sk":"x"}').toString('base64url')}`, /^cursor: /],
    [`cursor=${Buffer.from('[1,2]').toString('base64url')}`, /^cursor: /],
    ['cursor=bm90IGpzb24', /^cursor: /],
    ['sort=asc', /sort/],
  ])('answers 400 to ?%s', async (query, message) => {
    const res = await admin.get<Msg>(`/api/feedback?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });
});

describe('PATCH /api/feedback/{id}/status (admin): the state machine', () => {
  const allowed: [FeedbackStatus, FeedbackStatus][] = [
    ['open', 'in_progress'],
    ['open', 'closed'],
    ['in_progress', 'resolved'],
    ['in_progress', 'closed'],
    ['resolved', 'closed'],
  ];
  const forbidden = feedbackStatuses.flatMap((from) => feedbackStatuses.map((to) => [from, to] as [FeedbackStatus, FeedbackStatus])).filter(
    ([f, t]) => !allowed.some(([a, b]) => a === f && b === t),
  );

  it.each(allowed)('allows %s → %s, answers the updated item and logs the change with the admin id', async (from, to) => {
    const id = await feedbackIn(from);
    const me = await admin.get<{ user: { id: string } }>('/api/auth/me');
    const res = await patchStatus(admin, id, to);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: to, message: `status path from ${from}`, category: 'bug', updatedAt: expect.any(String) });
    expect((await stored(id))!.status).toBe(to);
    const logs = await logsOf('feedback_status_changed', me.body.user.id);
    expect(logs.some((l) => String(l.details).includes(`${id} from ${from} to ${to}`))).toBe(true);
  });

  it.each(forbidden)('refuses %s → %s with 409 naming the allowed moves, changing nothing', async (from, to) => {
    const id = await feedbackIn(from);
    const res = await patchStatus(admin, id, to);
    expect(res.status).toBe(409);
    expect(Object.keys(res.body)).toEqual(['message']);
    if (from === 'closed') expect(res.body.message).toBe(`Feedback is closed: its status can no longer change (asked for ${to}).`);
    else expect(res.body.message).toMatch(new RegExp(`^Feedback is ${from}: it can move to .+, not ${to}\\.$`));
    expect((await stored(id))!.status).toBe(from);
  });

  it('answers 404 to an unknown id and 400 to a malformed one', async () => {
    const unknown = await patchStatus(admin, ulid(), 'closed');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Feedback not found' });
    const malformed = await patchStatus(admin, 'not-an-id', 'closed');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^id: /);
  });

  it.each([
    [{ status: 'done' }, /^Status must be one of open, in_progress, resolved, closed/],
    [{}, /^Status/],
    [{ status: 3 }, /^Status/],
    [{ status: 'closed', note: 'x' }, /^Unknown field: note/],
  ])('answers 400 to the body %j', async (body, message) => {
    const id = await feedbackIn('open');
    const res = await admin.request<Msg>('PATCH', `/api/feedback/${id}/status`, { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('lets exactly one of two concurrent moves win', async () => {
    const id = await feedbackIn('in_progress');
    const [a, b] = await Promise.all([patchStatus(admin, id, 'resolved'), patchStatus(admin, id, 'closed')]);
    const statuses = [a.status, b.status].sort();
    // Either both apply in sequence (resolved, then closed is allowed) or one loses with 409.
    expect([[200, 200], [200, 409]]).toContainEqual(statuses);
    expect(['resolved', 'closed']).toContain((await stored(id))!.status);
  });
});

describe('authorisation of the admin feedback routes', () => {
  const routes: [string, (c: ApiClient) => Promise<{ status: number; body: unknown }>, number][] = [
    ['GET /api/feedback', (c) => c.get('/api/feedback'), 200],
    ['PATCH /api/feedback/{id}/status', (c) => patchStatus(c, ulid(), 'closed'), 404],
    ['PATCH with an invalid body', (c) => c.request('PATCH', `/api/feedback/${ulid()}/status`, { body: { status: 'nonsense', extra: true } }), 400],
  ];
  it.each(routes)('%s: 401 anonymous, 403 user and subscriber, admin served', async (_name, call, adminStatus) => {
    const { client: user } = await signedUpClient('fbauthz');
    expect(await call(new ApiClient())).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
    expect(await call(user)).toMatchObject({ status: 403, body: { message: 'Administrator privileges required' } });
    expect(await call(sub.client)).toMatchObject({ status: 403, body: { message: 'Administrator privileges required' } });
    expect((await call(admin)).status).toBe(adminStatus);
  });
});

describe('feedback system test (admin)', () => {
  it('submits through the real code, deletes its item and leaves the feedback total as it was', async () => {
    const before = await counters();
    const res = await admin.post<SystemTestResponse>('/api/admin/system-tests/feedback');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ passed: true, details: expect.stringMatching(/^Submitted feedback [0-9A-Z]{26}, found it stored as sent, then deleted it/) });
    const id = /feedback ([0-9A-Z]{26})/.exec(res.body.details)![1]!;
    expect(await stored(id)).toBeUndefined();
    const after = await counters();
    expect(after.feedbackCount).toBe(before.feedbackCount);
    // the submission is an event that happened: it stays in the log and in the log total
    expect(after.logCount).toBeGreaterThan(before.logCount);
  });

  it('does not use up the admin\'s hourly feedback allowance', async () => {
    await awayFromHourBoundary();
    for (let i = 0; i < FEEDBACK_PER_HOUR + 1; i++) {
      const res = await admin.post<SystemTestResponse>('/api/admin/system-tests/feedback');
      expect(res.body.passed).toBe(true);
    }
  });
});

describe('DynamoDB budget (handler invoked in this process)', () => {
  let subCookies: string[];
  let adminCookies: string[];
  beforeAll(() => {
    subCookies = [...sub.client.jar].map(([k, v]) => `${k}=${v}`);
    adminCookies = [...admin.jar].map(([k, v]) => `${k}=${v}`);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const run = async (name: RouteName, cookies: string[], o: { body?: unknown; path?: Record<string, string>; query?: Record<string, string> } = {}) => {
    const event = loadEvent(name, { cookies, body: o.body ?? null, queryStringParameters: o.query });
    if (o.path) event.pathParameters = o.path;
    const send = vi.spyOn(ddb(), 'send');
    const before = dynamoCallCount();
    const res = await invoke(handler, event);
    const commands = send.mock.calls.map(([c]) => c.constructor.name);
    send.mockRestore();
    return { res, calls: dynamoCallCount() - before, commands };
  };

  it('uses at most 2 round trips per request (including the access check) and never a Scan', async () => {
    const post = await run('post-feedback', subCookies, { body: valid() });
    expect(post.res.statusCode).toBe(201);
    const id = (jsonBody(post.res) as { id: string }).id;
    const list = await run('get-feedback', adminCookies, { query: { limit: '5' } });
    expect(list.res.statusCode).toBe(200);
    const patch = await run('patch-feedback-status', adminCookies, { body: { status: 'in_progress' }, path: { id } });
    expect(patch.res.statusCode).toBe(200);
    const refused = await run('patch-feedback-status', adminCookies, { body: { status: 'resolved' }, path: { id: ulid() } });
    expect(refused.res.statusCode).toBe(404);
    for (const c of [post, list, patch, refused]) {
      expect(c.calls).toBeLessThanOrEqual(2);
      expect(c.commands).not.toContain('ScanCommand');
    }
    // the list's Query, which the session check's read of the admin's profile precedes (the spy sees the outer call first)
    expect(list.commands).toEqual(['QueryCommand', 'GetCommand']);
  });
});
