import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { setTestEnv } from '../../test/env';
import { ddbMock, profileItem, profileOf, principals } from '../../test/fixtures';
import { type TransactItem } from '../lib/db/toolkit';
import { activatePayment, applyCardSubscription } from './billing-repository';
import { type CardSubscriptionState } from './providers/types';

setTestEnv();
beforeEach(() => ddbMock.reset());

/** A cancellation whose only failed condition is item `index` of `size` items. */
const failedAt = (index: number, size: number) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: Array.from({ length: size }, (_, i) => ({ Code: i === index ? 'ConditionalCheckFailed' : 'None' })),
  });
const sentItems = () => ddbMock.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);

const NOW = new Date('2026-01-10T12:00:00.000Z');
const userId = principals.user.sub;
const payment = { provider: 'sandbox-card', id: 'CARD1', plan: 'monthly' as const, amount: 299, currency: 'USD' };
const extra: TransactItem = { Update: { TableName: 'T', Key: { pk: `USER#${userId}`, sk: 'SANDBOX#CARD#CARD1' }, UpdateExpression: 'SET #st = :paid' } };
const activate = () =>
  activatePayment({ userId, payment, profileProvider: 'stripe', subscriptionId: 'sandbox_CARD1', autoRenew: true, ip: '203.0.113.1', profile: profileOf('user'), extraItems: [extra], now: NOW });

describe('activatePayment', () => {
  it('writes the payment record, its list entry, the provider writes, the profile and the log in one transaction', async () => {
    ddbMock.on(TransactWriteCommand).resolves({});
    const result = await activate();
    expect(result.activated).toBe(true);
    expect(result.profile?.subscription).toMatchObject({ status: 'active', plan: 'monthly', expiresAt: '2026-02-10T12:00:00.000Z', lastPaymentId: 'sandbox-card#CARD1' });
    const [items] = sentItems();
    expect(items![0]!.Put!.Item).toMatchObject({
      pk: 'PAYMENT#sandbox-card#CARD1',
      entity: 'PAYMENT',
      // what it bought, for a refund later
      periodStart: NOW.toISOString(),
      periodEnd: '2026-02-10T12:00:00.000Z',
      profileProvider: 'stripe',
      subscriptionId: 'sandbox_CARD1',
      entrySk: `PAYMENT#${NOW.toISOString()}#sandbox-card#CARD1`,
    });
    // the list entry (decision 0306): the user's history, and the admin list through gsi1
    expect(items![1]!.Put!.Item).toMatchObject({
      pk: `USER#${userId}`,
      sk: `PAYMENT#${NOW.toISOString()}#sandbox-card#CARD1`,
      gsi1pk: `PAYMENTS#${NOW.toISOString().slice(0, 7)}`,
      status: 'paid',
    });
    expect(items![2]).toEqual(extra);
    expect(items![3]!.Update!.Key).toEqual({ pk: `USER#${userId}`, sk: 'PROFILE' });
    expect(items![4]!.Put!.Item).toMatchObject({ action: 'subscription_activated' });
  });

  it('changes nothing when the payment is already recorded or the provider object moved on', async () => {
    for (const index of [0, 2]) {
      ddbMock.reset();
      ddbMock.on(TransactWriteCommand).rejects(failedAt(index, 6));
      await expect(activate()).resolves.toEqual({ profile: null, activated: false });
      expect(sentItems()).toHaveLength(1);
    }
  });

  it('reads the profile again and retries when the subscription changed since it was read', async () => {
    ddbMock.on(TransactWriteCommand).rejectsOnce(failedAt(3, 6)).resolves({});
    ddbMock.on(GetCommand).resolves({ Item: { ...profileItem('user'), subscriptionVersion: 7 } });
    const result = await activate();
    expect(result).toMatchObject({ activated: true, profile: { subscriptionVersion: 8 } });
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(1);
    expect(sentItems()[1]![3]!.Update!.ExpressionAttributeValues).toMatchObject({ ':v': 7, ':next': 8 });
  });
});

describe('applyCardSubscription', () => {
  const state: CardSubscriptionState = {
    subscriptionId: 'sub_1',
    userId,
    plan: 'monthly',
    status: 'active',
    periodStart: '2026-01-01T00:00:00.000Z',
    periodEnd: '2026-02-01T00:00:00.000Z',
    endedAt: null,
    cancelAtPeriodEnd: false,
    paidInvoice: { id: 'in_1', amount: 299, currency: 'USD' },
    nextPlan: null,
  };
  const apply = () => applyCardSubscription({ state, eventId: 'evt_1', ip: '203.0.113.1', now: NOW });

  it('records the event, the entitlement, the invoice and the log together', async () => {
    ddbMock.on(TransactWriteCommand).resolves({});
    await expect(apply()).resolves.toBe('applied');
    const [items] = sentItems();
    expect(items!.map((i) => (i.Put?.Item?.pk ?? i.Update?.Key?.pk) as string).slice(0, 3)).toEqual(['STRIPE_EVENT#evt_1', `USER#${userId}`, 'PAYMENT#stripe#in_1']);
  });

  it('a redelivered event is a no-op', async () => {
    ddbMock.on(TransactWriteCommand).rejects(failedAt(0, 5));
    await expect(apply()).resolves.toBe('duplicate-event');
    expect(sentItems()).toHaveLength(1);
  });

  it('keeps a newer state: only the event is recorded', async () => {
    ddbMock.on(TransactWriteCommand).rejectsOnce(failedAt(1, 5)).resolves({});
    await expect(apply()).resolves.toBe('stale');
    expect(sentItems()[1]).toHaveLength(1); // the event alone
  });

  it('syncs without recording the invoice again when it was already recorded', async () => {
    ddbMock.on(TransactWriteCommand).rejectsOnce(failedAt(2, 6)).resolves({});
    await expect(apply()).resolves.toBe('applied');
    const retry = sentItems()[1]!;
    expect(retry).toHaveLength(3); // the event, the profile and the check that the invoice was not reversed
    expect(retry[2]!.ConditionCheck).toMatchObject({ Key: { pk: 'PAYMENT#stripe#in_1', sk: 'PAYMENT' }, ConditionExpression: expect.stringContaining('attribute_not_exists(reversal)') });
  });

  it('grants nothing for an invoice that money has gone back on: only the event is recorded', async () => {
    ddbMock.on(TransactWriteCommand).rejectsOnce(failedAt(2, 5)).rejectsOnce(failedAt(2, 3)).resolves({});
    await expect(apply()).resolves.toBe('reversed');
    expect(sentItems()[2]!.map((i) => i.Put?.Item?.pk)).toEqual(['STRIPE_EVENT#evt_1']);
  });

  it('fails closed: an active state without a period end writes no entitlement', async () => {
    ddbMock.on(TransactWriteCommand).resolves({});
    await expect(applyCardSubscription({ state: { ...state, periodEnd: null }, eventId: 'evt_2', ip: '203.0.113.1', now: NOW })).resolves.toBe('ignored');
    expect(sentItems()).toEqual([[expect.objectContaining({ Put: expect.objectContaining({ Item: expect.objectContaining({ pk: 'STRIPE_EVENT#evt_2' }) }) })]]);
  });
});
