import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { setTestEnv } from '../../test/env';
import { type PrincipalName, ddbMock, principals, profileItem, refreshTokenOf, resetAwsMocks } from '../../test/fixtures';
import { ddb, tableName } from './db/client';
import { keys } from './db/keys';
import { batchGet, queryPage, transact } from './db/toolkit';
import { SESSION_ENDED, SUBSCRIPTION_REQUIRED, profileCheck, runChecked } from './profile-check';
import { getProfile } from './profile-repository';
import { sessionKeyOf } from './session';

/**
 * The profile check (session live; on subscriber routes, subscription active) rides on the request's
 * first DynamoDB call (docs/decisions/0011, 0013): the toolkit's batchGet and transact carry it, a
 * consistent GetItem of the profile is its read, any other command reads the profile first.
 */
setTestEnv();
beforeEach(() => resetAwsMocks());

const T = tableName();
const checkOf = (name: PrincipalName, o: { requireSubscription?: boolean; refreshToken?: string } = {}) =>
  profileCheck(
    { sub: principals[name].sub, sessionKey: sessionKeyOf(o.refreshToken ?? refreshTokenOf(name)), requireSubscription: o.requireSubscription ?? true },
    () => getProfile(principals[name].sub),
  );
/** A session that the account does not have (ended by logout, or never started by the app). */
const endedCheckOf = (name: PrincipalName, o: { requireSubscription?: boolean } = {}) => checkOf(name, { ...o, refreshToken: 'rt-ended' });
const forbidden = { status: 403, message: SUBSCRIPTION_REQUIRED };
const ended = { status: 401, message: SESSION_ENDED };
const dayKey = (name: PrincipalName) => keys.day(principals[name].sub, '2026-11-24');
const put = (name: PrincipalName) => ({ Put: { TableName: T, Item: { ...dayKey(name), steps: 1 } } });
const sent = () => ddbMock.calls().map((c) => c.args[0].constructor.name);

describe('batchGet while the check is pending', () => {
  it("reads the caller's profile in the same BatchGet and answers only the keys asked for", async () => {
    const check = checkOf('subscriber');
    const items = await runChecked(check, () => batchGet([dayKey('subscriber')]));
    expect(items).toEqual([undefined]);
    expect(ddbMock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems![T]!.Keys).toEqual([dayKey('subscriber'), keys.profile(principals.subscriber.sub)]);
    expect(check).toMatchObject({ pending: false });
    expect(check.refusal).toBeUndefined();
    // checked once: the next BatchGet asks for its own keys only
    await runChecked(check, () => batchGet([dayKey('subscriber')]));
    expect(ddbMock.commandCalls(BatchGetCommand)[1]!.args[0].input.RequestItems![T]!.Keys).toEqual([dayKey('subscriber')]);
    expect(sent()).toEqual(['BatchGetCommand', 'BatchGetCommand']);
  });

  it('answers the profile when the caller asked for it', async () => {
    const items = await runChecked(checkOf('subscriber'), () => batchGet([keys.profile(principals.subscriber.sub)]));
    expect(items).toEqual([profileItem('subscriber')]);
    expect(ddbMock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems![T]!.Keys).toHaveLength(1);
  });

  it.each(['user', 'lapsed'] as const)('refuses a %s with 403 before answering anything, and every later command too', async (name) => {
    const check = checkOf(name);
    await expect(runChecked(check, () => batchGet([dayKey(name)]))).rejects.toMatchObject(forbidden);
    expect(check).toMatchObject({ pending: false, refusal: forbidden });
    await expect(runChecked(check, () => ddb().send(new PutCommand({ TableName: T, Item: dayKey(name) })))).rejects.toMatchObject(forbidden);
    expect(sent()).toEqual(['BatchGetCommand']);
  });
});

describe('transact while the check is pending', () => {
  it('puts a ConditionCheck on the profile first, with the rule as its condition', async () => {
    const check = checkOf('subscriber');
    await expect(runChecked(check, () => transact([put('subscriber')]))).resolves.toEqual({ ok: true });
    const [first, ...rest] = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(first!.ConditionCheck).toEqual({
      TableName: T,
      Key: keys.profile(principals.subscriber.sub),
      ConditionExpression: '#ss.#key > :nowSeconds AND #s.#st = :active AND (attribute_not_exists(#s.#exp) OR attribute_type(#s.#exp, :null) OR #s.#exp > :now)',
      ExpressionAttributeNames: { '#ss': 'sessions', '#key': sessionKeyOf('rt-subscriber'), '#s': 'subscription', '#st': 'status', '#exp': 'expiresAt' },
      ExpressionAttributeValues: { ':nowSeconds': Math.floor(check.now.getTime() / 1000), ':active': 'active', ':null': 'NULL', ':now': check.now.toISOString() },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    expect(rest).toEqual([put('subscriber')]);
    expect(check.pending).toBe(false);
    expect(sent()).toEqual(['TransactWriteCommand']);
  });

  it('answers 403 when the ConditionCheck fails (a subscription revoked or expired since the session began): nothing written', async () => {
    // the stub cancels a transaction whose item 0 checks a profile without an active subscription
    await expect(runChecked(checkOf('lapsed'), () => transact([put('lapsed')]))).rejects.toMatchObject(forbidden);
    expect(sent()).toEqual(['TransactWriteCommand']);
  });

  it('checks only the session where no subscription is required (user and admin routes, admins on subscriber routes)', async () => {
    await expect(runChecked(checkOf('user', { requireSubscription: false }), () => transact([put('user')]))).resolves.toEqual({ ok: true });
    const [first] = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(first!.ConditionCheck).toMatchObject({ ConditionExpression: '#ss.#key > :nowSeconds', ExpressionAttributeNames: { '#ss': 'sessions', '#key': sessionKeyOf('rt-user') } });
  });

  it('answers 401 when the session has ended, whatever the subscription, and tells it from 403 by the profile DynamoDB returns', async () => {
    const check = endedCheckOf('subscriber');
    await expect(runChecked(check, () => transact([put('subscriber')]))).rejects.toMatchObject(ended);
    expect(check.refusal).toMatchObject(ended);
    await expect(runChecked(check, () => ddb().send(new GetCommand({ TableName: T, Key: dayKey('subscriber') })))).rejects.toMatchObject(ended);
    await expect(runChecked(endedCheckOf('lapsed'), () => transact([put('lapsed')]))).rejects.toMatchObject(ended);
    expect(sent()).toEqual(['TransactWriteCommand', 'TransactWriteCommand']);
  });

  it("hides the check's item from the outcome: a failed condition keeps the caller's index", async () => {
    const { TransactionCanceledException } = await import('@aws-sdk/client-dynamodb');
    ddbMock.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'None' }, { Code: 'None' }, { Code: 'ConditionalCheckFailed' }] }),
    );
    await expect(runChecked(checkOf('subscriber'), () => transact([put('subscriber'), put('subscriber')]))).resolves.toEqual({ ok: false, failed: 1 });
  });

  it('reads the profile first when the transaction itself touches the profile (an item may appear once)', async () => {
    const touchProfile = { Update: { TableName: T, Key: keys.profile(principals.subscriber.sub), UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': 1 } } };
    await runChecked(checkOf('subscriber'), () => transact([touchProfile]));
    expect(sent()).toEqual(['GetCommand', 'TransactWriteCommand']);
    expect(ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems).toEqual([touchProfile]);
  });
});

describe('a read of the profile while the check is pending', () => {
  it('is the check: one consistent GetItem settles it and answers the caller', async () => {
    const check = checkOf('subscriber');
    await expect(runChecked(check, () => getProfile(principals.subscriber.sub))).resolves.toMatchObject({ id: principals.subscriber.sub });
    expect(sent()).toEqual(['GetCommand']);
    expect(ddbMock.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({ Key: keys.profile(principals.subscriber.sub), ConsistentRead: true });
    expect(check.pending).toBe(false);
  });

  it('refuses an ended session with 401 and a profile that is gone with 401', async () => {
    await expect(runChecked(endedCheckOf('user', { requireSubscription: false }), () => getProfile(principals.user.sub))).rejects.toMatchObject(ended);
    const gone = profileCheck({ sub: 'sub-deleted', sessionKey: sessionKeyOf('rt-x'), requireSubscription: false }, () => getProfile('sub-deleted'));
    await expect(runChecked(gone, () => batchGet([dayKey('user')]))).rejects.toMatchObject(ended);
  });
});

describe('any other command while the check is pending', () => {
  beforeEach(() => {
    ddbMock.on(QueryCommand).resolves({ Items: [] });
  });

  it('reads the profile first with one GetItem (a Query, a Put...), then sends the command', async () => {
    const check = checkOf('subscriber');
    await runChecked(check, () => queryPage({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'X' } }));
    await runChecked(check, () => ddb().send(new GetCommand({ TableName: T, Key: dayKey('subscriber') })));
    expect(sent()).toEqual(['GetCommand', 'QueryCommand', 'GetCommand']);
    expect(ddbMock.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual(keys.profile(principals.subscriber.sub));
  });

  it('refuses a caller without a subscription before the command is sent', async () => {
    await expect(runChecked(checkOf('user'), () => ddb().send(new PutCommand({ TableName: T, Item: dayKey('user') })))).rejects.toMatchObject(forbidden);
    expect(sent()).toEqual(['GetCommand']);
  });

  it('shares one profile read between concurrent commands', async () => {
    const check = checkOf('subscriber');
    await runChecked(check, () => Promise.all([queryPage({ KeyConditionExpression: 'pk = :a' }), queryPage({ KeyConditionExpression: 'pk = :b' })]));
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(1);
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(2);
  });
});

describe('without a pending check', () => {
  it('sends the commands as they are (admins, other access levels, outside a request)', async () => {
    await batchGet([dayKey('admin')]);
    await transact([put('admin')]);
    await ddb().send(new GetCommand({ TableName: T, Key: dayKey('admin') }));
    expect(ddbMock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems![T]!.Keys).toEqual([dayKey('admin')]);
    expect(ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems).toEqual([put('admin')]);
    expect(sent()).toEqual(['BatchGetCommand', 'TransactWriteCommand', 'GetCommand']);
  });
});
