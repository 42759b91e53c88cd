import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { activityLogsOf } from '../../test/activity-logs';
import { ApiClient, STRONG_PASSWORD, loggedInClient, subscriberClient } from '../../test/api-client';
import { loadEvent } from '../../test/events';
import { cookiesByName, invoke, jsonBody } from '../../test/lambda';
import { useLiveStripe } from '../../test/live-stripe';
import { ACCOUNT_DELETED, type AccountExport, DELETE_PASSWORD_WRONG } from '../contract/account';
import { ddb, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { normaliseEmail } from '../lib/users';
import { GSI1 } from '../lib/db/table';
import { queryAll } from '../lib/db/toolkit';

/**
 * Export my data and delete my account (issue 15 point 6, decision 0021) against DynamoDB Local and
 * cognito-local. Export goes through the local gateway; deletion runs the billing handler in this
 * process in live payment mode against the Stripe stub built from Stripe's fixtures (useLiveStripe),
 * so the subscription it cancels is a Stripe one.
 */

const live = useLiveStripe('whsec_offline_account_test');
const { stub } = live;
const DAY = 86_400;
const SNACK = 'meal-air-popped-popcorn';

const write = (c: ApiClient, method: string, path: string, body: unknown) => c.request(method, path, { body, headers: { 'idempotency-key': randomUUID() } });

/** A subscriber with a tracked day, a push-up set, a meal, one feedback item and a payment entry under the account. */
async function busyAccount(prefix: string) {
  const u = await subscriberClient(prefix);
  expect((await write(u.client, 'PATCH', '/api/progress/today', { steps: 4321 })).status).toBe(200);
  expect((await write(u.client, 'POST', '/api/progress/today/meals', { mealId: SNACK })).status).toBe(200);
  expect((await write(u.client, 'POST', '/api/pushups', { count: 17 })).status).toBe(201);
  const fb = await u.client.post<{ id: string }>('/api/feedback', { email: `${u.username}@example.com`, name: `Name of ${u.username}`, message: `Feedback from ${u.username}`, category: 'general' });
  expect(fb.status).toBe(201);
  // a per-user payment item (a sandbox card payment's, `SANDBOX#CARD#<id>`): the export lists it under payments
  await ddb().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.sandboxPayment(u.id, 'CARD', `card-${u.username}`), entity: 'SANDBOX_CARD', amount: 299, plan: 'monthly' } }),
  );
  return { ...u, feedbackId: fb.body.id };
}

const userItems = (id: string) => queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${id}` }, ConsistentRead: true });
const get = async (key: { pk: string; sk: string }) => (await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

const callDelete = (client: ApiClient, body: unknown) => invoke(live.billing, loadEvent('post-account-delete', { cookies: client.cookies(), body }));

describe('GET /api/account/export', () => {
  it('downloads every kind of item of the caller as a JSON attachment, and nothing of another account', async () => {
    const [a, b] = await Promise.all([busyAccount('exa'), busyAccount('exb')]);
    const res = await a.client.get<AccountExport>('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="fittrack-data-${new Date().toISOString().slice(0, 10)}\\.json"$`));
    const data = res.body;
    expect(data.format).toBe('fittrack-export-1');
    expect(data.profile).toMatchObject({ id: a.id, username: a.username, email: `${a.username}@example.com` });
    expect(data.profile).not.toHaveProperty('sessions');
    expect(data.days).toEqual([expect.objectContaining({ steps: 4321 })]);
    expect(data.meals).toEqual([expect.objectContaining({ mealId: SNACK })]);
    expect(data.pushupSets).toEqual([expect.objectContaining({ count: 17 })]);
    expect(data.feedback).toEqual([expect.objectContaining({ id: a.feedbackId, message: `Feedback from ${a.username}` })]);
    expect(data.payments).toEqual([expect.objectContaining({ amount: 299, plan: 'monthly' })]);
    expect(res.text).not.toContain(b.id);
    expect(res.text).not.toContain(b.username);
    // nothing of the table's own bookkeeping
    expect(res.text).not.toMatch(/"pk"|"sk"|IDEMPOTENCY#|"gsi1pk"/);
  });

  it('is refused without a session', async () => {
    expect((await new ApiClient().get('/api/account/export')).status).toBe(401);
  });
});

describe('POST /api/account/delete', () => {
  it('a wrong or missing password changes nothing', async () => {
    const a = await busyAccount('delno');
    const before = await userItems(a.id);
    const wrong = await callDelete(a.client, { password: 'not-the-password-at-all' });
    expect(wrong.statusCode).toBe(400);
    expect(jsonBody(wrong)).toEqual({ message: DELETE_PASSWORD_WRONG });
    expect((await callDelete(a.client, {})).statusCode).toBe(400);
    expect((await a.client.get('/api/auth/me')).status).toBe(200);
    expect((await userItems(a.id)).map((i) => i.sk).sort()).toEqual(before.map((i) => i.sk).sort());
    await loggedInClient(a.username, STRONG_PASSWORD);
  });

  it('cancels the Stripe subscription at once, removes every USER# item and the Cognito user, anonymises feedback and log entries, ends the session; a second call is harmless', async () => {
    const a = await busyAccount('deldo');
    const other = await busyAccount('delkeep');
    const customer = `cus_${a.username}`;
    const subId = stub.addSubscription({ userId: a.id, plan: 'monthly', status: 'active', invoicePaid: true, periodEnd: Math.floor(Date.now() / 1000) + 30 * DAY, customer });
    await ddb().send(new UpdateCommand({ TableName: tableName(), Key: keys.profile(a.id), UpdateExpression: 'SET stripeCustomerId = :c', ExpressionAttributeValues: { ':c': customer } }));
    const secondBrowser = await loggedInClient(a.username);
    expect((await userItems(a.id)).length).toBeGreaterThanOrEqual(7);
    const logsBefore = await queryAll({ IndexName: GSI1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': keys.userLogGsi1pk(a.id) } });
    expect(logsBefore.length).toBeGreaterThanOrEqual(3); // sign-up, feedback, sign-in

    const res = await callDelete(a.client, { password: STRONG_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(jsonBody(res)).toEqual({ message: ACCOUNT_DELETED });
    const cleared = cookiesByName(res);
    expect(Object.values(cleared).every((c) => /max-age=0/i.test(c))).toBe(true);

    // Stripe: cancelled now, not at the period end
    expect(stub.subscriptions.get(subId)!.sub.status).toBe('canceled');
    expect(stub.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subId}`)).toBe(true);
    // no USER# item is left, the other account is whole
    expect(await userItems(a.id)).toEqual([]);
    expect((await userItems(other.id)).length).toBeGreaterThanOrEqual(6);
    // feedback stays without its author
    const fb = await get(keys.feedback(a.feedbackId));
    expect(fb).toMatchObject({ message: `Feedback from ${a.username}`, userId: 'deleted', email: '' });
    expect(fb).not.toHaveProperty('name');
    expect(await get(keys.feedback(other.feedbackId))).toMatchObject({ userId: other.id, email: `${other.username}@example.com` });
    // log entries stay without the username, address or user id
    const logsAfter = await Promise.all(logsBefore.map((e) => get({ pk: String(e.pk), sk: String(e.sk) })));
    for (const e of logsAfter) {
      expect(e).toBeDefined();
      expect(JSON.stringify(e)).not.toContain(a.username);
      expect(JSON.stringify(e)).not.toContain(a.id);
      expect(e).not.toHaveProperty('ipAddress');
    }
    expect(await activityLogsOf('account_deleted', { detailsContain: 'An account was deleted' })).not.toEqual([]);
    // the address is free again (one account per email, decision 0024): a new account may use it
    expect(await get(keys.emailOwner(normaliseEmail(`${a.username}@example.com`)))).toBeUndefined();
    const again1 = await new ApiClient().post('/api/auth/signup', { username: `${a.username}b`, email: `${a.username}@example.com`, password: STRONG_PASSWORD });
    expect(again1.status).toBe(201);
    // the Cognito user is gone: the password no longer signs in
    expect((await new ApiClient().post('/api/auth/login', { username: a.username, password: STRONG_PASSWORD })).status).toBe(401);
    // both browsers' cookies are refused
    expect((await a.client.get('/api/auth/me')).status).toBe(401);
    expect((await secondBrowser.get('/api/auth/me')).status).toBe(401);
    expect((await secondBrowser.get('/api/account/export')).status).toBe(401);
    // a second call (the answer was lost) deletes nothing more and says the session has ended
    const again = await callDelete(a.client, { password: STRONG_PASSWORD });
    expect(again.statusCode).toBe(401);
    expect((await userItems(other.id)).length).toBeGreaterThanOrEqual(6);
  });

  it('a retry completes a deletion that stopped after the Cognito user was removed', async () => {
    const a = await busyAccount('delretry');
    // the state a failure right after AdminDeleteUser leaves: the profile marked, the Cognito user gone
    await ddb().send(new UpdateCommand({ TableName: tableName(), Key: keys.profile(a.id), UpdateExpression: 'SET deletingSince = :t', ExpressionAttributeValues: { ':t': new Date().toISOString() } }));
    const { AdminDeleteUserCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    const { appClient, cognito } = await import('../lib/cognito');
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: appClient().UserPoolId, Username: a.username }));
    expect((await new ApiClient().post('/api/auth/login', { username: a.username, password: STRONG_PASSWORD })).status).toBe(401);
    const res = await callDelete(a.client, { password: STRONG_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(await userItems(a.id)).toEqual([]);
  });
});
