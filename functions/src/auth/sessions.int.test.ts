import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ApiClient, STRONG_PASSWORD, adminClient, loggedInClient, subscriberClient } from '../../test/api-client';
import { ddb, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { SESSION_ENDED } from '../lib/profile-check';

/**
 * DESIGN.md section 6, "a session ends when it is ended" (issue 15 point 2), against DynamoDB Local
 * and cognito-local through the local gateway: a copy of the cookies taken before the session ended
 * (what an attacker who stole them would replay) is refused with 401 on every kind of route at once,
 * while the account's other sessions go on.
 */

/** The same cookies in a second client: a replay of the session as it was. */
function copyOf(client: ApiClient): ApiClient {
  const copy = new ApiClient();
  for (const [k, v] of client.jar) copy.jar.set(k, v);
  return copy;
}

/** One request per kind of route: signed-in (`user`), subscriber (read and write), admin-free billing. */
async function statusesOf(client: ApiClient): Promise<number[]> {
  return [
    (await client.get('/api/auth/me')).status,
    (await client.get('/api/subscription')).status,
    (await client.post('/api/create-monthly-subscription', {})).status,
    (await client.get('/api/progress/today')).status,
    (await client.get('/api/meals')).status,
    (await client.post('/api/pushups', { count: 5 })).status,
    (await client.post('/api/feedback', { email: 'replay@example.com', message: 'Replayed session', category: 'general' })).status,
  ];
}

const sessionsOf = async (id: string) =>
  ((await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.profile(id), ConsistentRead: true }))).Item?.sessions ?? {}) as Record<string, number>;

describe('sessions end when they are ended', () => {
  it('logout: the replayed cookies get 401 on every route at once; another device of the account goes on', async () => {
    const { client: phone, username, id } = await subscriberClient('endone');
    const laptop = await loggedInClient(username);
    expect(Object.keys(await sessionsOf(id))).toHaveLength(2);
    const stolen = copyOf(phone);
    // accepted as signed in (a second subscription is refused by the purchase rules with 409, not 401)
    expect(await statusesOf(stolen)).toEqual([200, 200, 409, 200, 200, 201, 201]);

    expect((await phone.post('/api/auth/logout')).status).toBe(204);
    const replay = await stolen.get('/api/auth/me');
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: SESSION_ENDED });
    expect(await statusesOf(copyOf(stolen))).toEqual([401, 401, 401, 401, 401, 401, 401]);
    // the refresh cookie alone does not start it again either
    const refreshOnly = new ApiClient();
    refreshOnly.jar.set('__Host-fittrack-refresh', stolen.jar.get('__Host-fittrack-refresh')!);
    expect((await refreshOnly.get('/api/auth/me')).status).toBe(401);

    expect((await laptop.get('/api/auth/me')).status).toBe(200);
    expect(Object.keys(await sessionsOf(id))).toHaveLength(1);
  });

  it('sign out everywhere: every session of the account is refused at once, including the one that asked; signing in again works', async () => {
    const { client: phone, username, id } = await subscriberClient('endall');
    const laptop = await loggedInClient(username);
    const stolen = copyOf(laptop);
    const res = await phone.post('/api/auth/logout-all');
    expect(res.status).toBe(204);
    expect(res.setCookies.every((c) => /Max-Age=0/.test(c))).toBe(true);
    expect(await sessionsOf(id)).toEqual({});
    for (const client of [laptop, stolen]) expect(await statusesOf(copyOf(client))).toEqual([401, 401, 401, 401, 401, 401, 401]);
    const again = await loggedInClient(username, STRONG_PASSWORD);
    expect((await again.get('/api/progress/today')).status).toBe(200);
  });

  it('an admin session ended by logout no longer opens the admin routes', async () => {
    const admin = await adminClient();
    const stolen = copyOf(admin);
    expect((await stolen.get('/api/admin/logs')).status).toBe(200);
    expect((await admin.post('/api/auth/logout')).status).toBe(204);
    expect((await stolen.get('/api/admin/logs')).status).toBe(401);
    expect((await stolen.get('/api/feedback')).status).toBe(401);
  });

  it('a sign-in drops the ended sessions it finds, so the map does not grow without end', async () => {
    const { username, id } = await subscriberClient('prune');
    const map = await sessionsOf(id);
    const [key] = Object.keys(map);
    // an entry that ended yesterday (as if its refresh token had run out)
    await ddb().send(
      new (await import('@aws-sdk/lib-dynamodb')).UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(id),
        UpdateExpression: 'SET #ss.#k = :past',
        ExpressionAttributeNames: { '#ss': 'sessions', '#k': key! },
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 86_400 },
      }),
    );
    await loggedInClient(username);
    const after = await sessionsOf(id);
    expect(Object.keys(after)).toHaveLength(1);
    expect(after[key!]).toBeUndefined();
  });
});
