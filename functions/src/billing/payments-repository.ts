import { keys } from '../lib/db/keys';
import { type Item, batchGet, queryPage } from '../lib/db/toolkit';
import { GSI1 } from '../lib/db/table';
import { profileFromItem } from '../lib/profile-repository';
import { type Profile } from '../lib/users';
import { type PaymentRecord } from './billing-repository';

/**
 * The payment lists (decision 0306): a payment's list entry (`USER#<id>` / `PAYMENT#<paidAt>#<provider>#<id>`)
 * is written with its record (billing-repository paymentItems) and keeps the record's status. A
 * user's history is one Query of their own partition; the admin list one Query of the gsi1
 * partition of a month (`PAYMENTS#<yyyy-mm>`), so no partition takes the payments of every month.
 */

/** One page of a user's entries, newest first. */
export async function userPaymentEntries(userId: string, limit: number, startKey: Item | undefined) {
  return queryPage({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.profile(userId).pk, ':prefix': 'PAYMENT#' },
    ScanIndexForward: false,
    Limit: limit,
    ...(startKey ? { ExclusiveStartKey: startKey } : {}),
  });
}

/** One page of the entries of one UTC month (`yyyy-mm`), newest first, across users. */
export async function monthPaymentEntries(month: string, limit: number, startKey: Item | undefined) {
  return queryPage({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.paymentsGsi1pk(month) },
    ScanIndexForward: false,
    Limit: limit,
    ...(startKey ? { ExclusiveStartKey: startKey } : {}),
  });
}

/** A payment record and its user's profile, in one strongly consistent BatchGet (the admin's own check rides in it). */
export async function paymentWithProfile(provider: string, paymentId: string, userId: string): Promise<{ record: PaymentRecord | undefined; profile: Profile | undefined }> {
  const [record, profile] = await batchGet([keys.payment(provider, paymentId), keys.profile(userId)], { consistent: true });
  return { record: record as unknown as PaymentRecord | undefined, profile: profile ? profileFromItem(profile) : undefined };
}

/**
 * Whether the user paid before the payment whose list entry is `entrySk` (entries sort by when they
 * were paid): the refund policy covers a first purchase only (decision 0200). One Query of the user's
 * own partition, one item.
 */
export async function paidBefore(userId: string, entrySk: string): Promise<boolean> {
  const { items } = await queryPage({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.profile(userId).pk, ':from': 'PAYMENT#', ':to': entrySk },
    Limit: 1,
    ConsistentRead: true,
  });
  return items[0]?.sk !== entrySk;
}
