import {
  AdminSetUserPasswordCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminCreateUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { BatchGetCommand, DeleteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEvent } from '../../test/events';
import { setTestEnv } from '../../test/env';
import { signedInCookies, awsError, cognitoMock, connectionRefused, ddbMock, principals, profileItem, resetAwsMocks, stubPoolMembership, cognitoCallsBesidesAdminGate } from '../../test/fixtures';
import { accessToken, stubJwksFetch } from '../../test/jwt';
import { expectJsonError, invoke, jsonBody } from '../../test/lambda';
import { type AdminLogsResponse, type SystemTestResponse } from '../contract/admin';
import { handler } from './handler';

setTestEnv();
stubJwksFetch();
vi.spyOn(console, 'error').mockImplementation(() => undefined);

const THROWAWAY_SUB = 'sub-throwaway-0009';
let signedUp: { username: string; password: string } | undefined;

beforeEach(() => {
  resetAwsMocks();
  signedUp = undefined;
  cognitoMock.on(AdminCreateUserCommand).callsFake((input: { Username: string }) => {
    signedUp = { username: input.Username, password: '' };
    return { User: { Username: input.Username, Attributes: [{ Name: 'sub', Value: THROWAWAY_SUB }] } };
  });
  cognitoMock.on(AdminSetUserPasswordCommand).callsFake((input: { Password: string }) => {
    signedUp!.password = input.Password;
    return {};
  });
  cognitoMock.on(AdminInitiateAuthCommand).callsFake(() => ({
    AuthenticationResult: { AccessToken: accessToken({ sub: THROWAWAY_SUB, username: signedUp!.username }), RefreshToken: 'r', ExpiresIn: 3600, IdToken: undefined },
  }));
  cognitoMock.on(AdminDeleteUserCommand).resolves({});
  cognitoMock.on(AdminGetUserCommand).resolves({ UserAttributes: [{ Name: 'sub', Value: THROWAWAY_SUB }] });
  ddbMock.on(GetCommand, { Key: { pk: `USER#${THROWAWAY_SUB}`, sk: 'PROFILE' } }).resolves({
    Item: { pk: `USER#${THROWAWAY_SUB}`, sk: 'PROFILE', id: THROWAWAY_SUB, username: 'systest', email: 'x@example.com', subscription: { status: 'none' }, createdAt: '2026-11-21T00:00:00.000Z' },
  });
  ddbMock.on(DeleteCommand).resolves({});
  stubPoolMembership(); // after the catch-all AdminGetUser stub above: the admin's own check keeps its answer
});

const run = async (test: string) => {
  const e = loadEvent('post-admin-system-test', { cookies: signedInCookies('admin') });
  e.pathParameters = { test };
  e.routeKey = 'POST /api/admin/system-tests/{test}';
  return invoke(handler, e);
};
const deletedUsers = () => cognitoMock.commandCalls(AdminDeleteUserCommand).map((c) => c.args[0].input.Username);
const deletedKeys = () => ddbMock.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key as { pk: string; sk: string });
const deletedProfiles = () => deletedKeys().filter((k) => k.pk.startsWith('USER#'));
/** the throwaway's claim of its address (one account per email, decision 0024) is released with it */
const releasedEmails = () => deletedKeys().filter((k) => k.pk.startsWith('EMAIL#'));

describe('system tests', () => {
  it.each(['signup', 'login'])('%s passes, then deletes the throwaway user and its profile; the password is never answered', async (test) => {
    const res = await run(test);
    expect(res.statusCode).toBe(200);
    const body = jsonBody(res) as SystemTestResponse;
    expect(body.passed).toBe(true);
    expect(signedUp!.username).toMatch(/^systest_[0-9a-f]{16}$/);
    expect(signedUp!.password).toMatch(/[a-z]/);
    expect(signedUp!.password).toMatch(/[A-Z]/);
    expect(signedUp!.password).toMatch(/[0-9]/);
    expect(signedUp!.password.length).toBeGreaterThanOrEqual(20);
    expect(res.body).not.toContain(signedUp!.password);
    expect(body.details).toContain(signedUp!.username);
    expect(deletedUsers()).toEqual([signedUp!.username]);
    expect(deletedProfiles()).toEqual([{ pk: `USER#${THROWAWAY_SUB}`, sk: 'PROFILE' }]);
    expect(releasedEmails()).toEqual([{ pk: expect.stringMatching(/^EMAIL#systest_[0-9a-f]{16}@example\.com$/), sk: 'OWNER' }]);
    expect(cognitoMock.commandCalls(AdminInitiateAuthCommand)).toHaveLength(test === 'login' ? 2 : 1);
  });

  it('uses a new random account on every run', async () => {
    await run('signup');
    const first = signedUp!;
    await run('signup');
    expect(signedUp!.username).not.toBe(first.username);
    expect(signedUp!.password).not.toBe(first.password);
  });

  it('fails (not errors) when sign-up is refused, and still cleans up', async () => {
    cognitoMock.on(AdminCreateUserCommand).rejects(awsError('InvalidPasswordException'));
    cognitoMock.on(AdminGetUserCommand).rejects(awsError('UserNotFoundException'));
    stubPoolMembership();
    const res = await run('signup');
    expect(res.statusCode).toBe(200);
    expect(jsonBody(res)).toEqual({ passed: false, details: expect.stringMatching(/^Sign-up of a throwaway account was refused: 400 Password must/) });
    expect(ddbMock.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('fails when the sign-in is refused, and deletes the account it made', async () => {
    cognitoMock
      .on(AdminInitiateAuthCommand)
      .callsFakeOnce(() => ({ AuthenticationResult: { AccessToken: accessToken({ sub: THROWAWAY_SUB, username: signedUp!.username }), RefreshToken: 'r', ExpiresIn: 3600 } }))
      .rejects(awsError('NotAuthorizedException'));
    const res = await run('login');
    expect(jsonBody(res)).toEqual({ passed: false, details: 'Sign-in of the throwaway account was refused: 401 Invalid credentials' });
    expect(deletedUsers()).toEqual([signedUp!.username]);
    expect(deletedProfiles()).toHaveLength(1);
  });

  it('answers 503 on an outage half-way, after removing what was created (sub looked up in Cognito)', async () => {
    ddbMock.on(TransactWriteCommand).rejects(connectionRefused());
    const res = await run('signup');
    expectJsonError(res, 503);
    expect(cognitoMock.commandCalls(AdminGetUserCommand).filter((c) => c.args[0].input.Username !== principals.admin.username)).toHaveLength(1);
    expect(deletedUsers()).toEqual([signedUp!.username]);
    expect(deletedProfiles()).toEqual([{ pk: `USER#${THROWAWAY_SUB}`, sk: 'PROFILE' }]);
  });

  it('reports a failed cleanup as a failure', async () => {
    cognitoMock.on(AdminDeleteUserCommand).rejects(awsError('AccessDeniedException'));
    const body = jsonBody(await run('signup')) as SystemTestResponse;
    expect(body.passed).toBe(false);
    expect(body.details).toMatch(/but cleanup failed: could not delete the Cognito user systest_[0-9a-f]{16} \(AccessDeniedException\)$/);
  });

  it('feedback: submits as the admin, then deletes exactly that item and undoes the totals and the hourly count', async () => {
    const res = await run('feedback');
    expect(jsonBody(res)).toEqual({ passed: true, details: expect.stringMatching(/^Submitted feedback [0-9A-Z]{26}/) });
    // the submit carries the session check as its item 0 (lib/profile-check.ts)
    const [withCheck, cleanup] = ddbMock.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
    const [check, ...submit] = withCheck!;
    expect(check!.ConditionCheck!.Key).toEqual({ pk: `USER#${principals.admin.sub}`, sk: 'PROFILE' });
    expect(submit![1]!.Put!.Item).toMatchObject({ userId: principals.admin.sub, category: 'general' });
    expect(submit![2]!.Put!.Item!.details).toMatch(/^admin sent general feedback \[[0-9A-Z]{26}\] \(system test, removed again\)$/);
    const id = submit![1]!.Put!.Item!.id as string;
    expect(cleanup![0]!.Delete).toMatchObject({ Key: { pk: `FEEDBACK#${id}`, sk: 'FEEDBACK' }, ExpressionAttributeValues: expect.objectContaining({ ':u': principals.admin.sub, ':open': 'open' }) });
    expect(cleanup![1]!.Update).toMatchObject({ Key: { pk: expect.stringMatching(/^STATS#([0-9]|1[0-5])$/), sk: 'COUNTERS' }, ExpressionAttributeNames: { '#c0': 'feedbackCount' }, ExpressionAttributeValues: expect.objectContaining({ ':c0': -1 }) });
    expect(cleanup![2]!.Update).toMatchObject({ Key: submit![0]!.Update!.Key, ExpressionAttributeValues: expect.objectContaining({ ':minus': -1 }) });
    expect(cognitoCallsBesidesAdminGate()).toHaveLength(0);
  });

  it('feedback: fails when the stored item is not the one sent', async () => {
    ddbMock
      .on(TransactWriteCommand)
      .resolvesOnce({})
      .rejects(Object.assign(awsError('TransactionCanceledException'), { CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }] }));
    const body = jsonBody(await run('feedback')) as SystemTestResponse;
    expect(body).toEqual({ passed: false, details: expect.stringMatching(/was accepted but not found as submitted/) });
  });

  it('answers 404 to an unknown test without touching anything', async () => {
    expectJsonError(await run('payments'), 404, 'Unknown system test: use login, signup, feedback');
    expect(cognitoCallsBesidesAdminGate()).toHaveLength(0);
    // only the read of the admin's own profile that checks the session
    expect(ddbMock.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).toEqual([{ pk: `USER#${principals.admin.sub}`, sk: 'PROFILE' }]);
    expect(ddbMock.calls()).toHaveLength(1);
  });
});

describe('GET /api/admin/logs', () => {
  it('answers the summed counter shards, the minute login counts of the last 24 h and the newest events: one BatchGet (with the session check) and one Query', async () => {
    const now = new Date();
    const iso = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const minuteOf = (ms: number) => {
      const d = new Date(now.getTime() - ms);
      return { pk: `LOGINS#${d.toISOString().slice(0, 13)}`, attr: `m${String(d.getUTCMinutes()).padStart(2, '0')}` };
    };
    const recent = minuteOf(23 * 3600_000 + 58 * 60_000);
    const justNow = minuteOf(60_000);
    const tooOld = minuteOf(24 * 3600_000 + 5 * 60_000);
    const ahead = minuteOf(-10 * 60_000); // ten minutes in the future: not counted
    const stored: Record<string, unknown>[] = [
      { pk: 'STATS', sk: 'COUNTERS', logCount: 40, feedbackCount: 5 }, // the legacy item
      { pk: 'STATS#0', sk: 'COUNTERS', logCount: 1, feedbackCount: 1 },
      { pk: 'STATS#15', sk: 'COUNTERS', logCount: 1, feedbackCount: 1 },
      { pk: `${recent.pk}#0`, sk: 'COUNT', [recent.attr]: 2 },
      { pk: `${justNow.pk}#2`, sk: 'COUNT', [justNow.attr]: 1, [justNow.attr.replace('m', 'f')]: 4 },
      { pk: `${tooOld.pk}#1`, sk: 'COUNT', [tooOld.attr]: 7, [tooOld.attr.replace('m', 'f')]: 5 },
      { pk: `${ahead.pk}#1`, sk: 'COUNT', [ahead.attr]: 9 },
      // the newest events, kept by the stream consumer; one stamped ten minutes ahead waits until it is due
      {
        pk: 'LOG#NEWEST',
        sk: 'LIST',
        events: [
          { sk: 'z', id: 'L2', action: 'login', details: 'ahead', userId: 'u', ipAddress: '1.2.3.4', timestamp: iso(-10 * 60_000) },
          { sk: 's', id: 'L1', action: 'login', details: 'User a signed in', userId: 'u', ipAddress: '1.2.3.4', timestamp: iso(60_000) },
        ],
      },
    ];
    ddbMock.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { pk: string; sk: string }[] }> }) => {
      const [table, { Keys }] = Object.entries(input.RequestItems)[0]!;
      const found = Keys.map((k) => (k.sk === 'PROFILE' ? profileItem('admin') : stored.find((it) => it.pk === k.pk && it.sk === k.sk))).filter(Boolean);
      return { Responses: { [table]: found } };
    });
    const res = await invoke(handler, loadEvent('get-admin-logs', { cookies: signedInCookies('admin') }));
    expect(res.statusCode).toBe(200);
    expect(jsonBody(res) as AdminLogsResponse).toEqual({
      total: 42,
      feedbackTotal: 7,
      recentLogins: 3,
      recentFailedSignIns: 4,
      events: [{ id: 'L1', action: 'login', details: 'User a signed in', userId: 'u', ipAddress: '1.2.3.4', timestamp: iso(60_000) }],
    });
    expect(ddbMock.calls().map((c) => c.args[0].constructor.name)).toEqual(['BatchGetCommand']);
    const keys = ddbMock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems!['fittrack-test']!.Keys!;
    expect(keys).toContainEqual({ pk: `USER#${principals.admin.sub}`, sk: 'PROFILE' });
    expect(keys.length).toBeLessThanOrEqual(100);
  });

  it('answers zeros before anything was recorded', async () => {
    ddbMock.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { sk: string }[] }> }) => {
      const [table, { Keys }] = Object.entries(input.RequestItems)[0]!;
      return { Responses: { [table]: Keys.filter((k) => k.sk === 'PROFILE').map(() => profileItem('admin')) } };
    });
    const res = await invoke(handler, loadEvent('get-admin-logs', { cookies: signedInCookies('admin') }));
    expect(jsonBody(res)).toEqual({ total: 0, feedbackTotal: 0, recentLogins: 0, recentFailedSignIns: 0, events: [] });
  });
});
