import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../functions/src/lib/db/client';
import { keys } from '../functions/src/lib/db/keys';

/**
 * Test fixture: gives a user an entitlement directly in the table, as a paid activation would,
 * so tests of subscriber features do not depend on the payment flow. (The payment flow's own
 * tests go through the real activation code.)
 */
export async function grantSubscription(
  userId: string,
  o: { plan?: 'monthly' | 'yearly'; expiresAt?: string | null; status?: 'active' | 'canceled' | 'expired' | 'past_due' } = {},
): Promise<void> {
  const expiresAt = o.expiresAt === undefined ? new Date(Date.now() + 30 * 86_400_000).toISOString() : o.expiresAt;
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.profile(userId),
      UpdateExpression: 'SET subscription = :s',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':s': { status: o.status ?? 'active', plan: o.plan ?? 'monthly', expiresAt, provider: 'stripe' } },
    }),
  );
}

/** Test fixture: forgets when the last verification code was sent, so the account may ask for one at once. */
export async function allowVerificationResend(userId: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({ TableName: tableName(), Key: keys.profile(userId), UpdateExpression: 'REMOVE verificationSentAt', ConditionExpression: 'attribute_exists(pk)' }),
  );
}
