import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type Feedback, type FeedbackStatus } from '../contract/feedback';
import { type ActivityInput, activityLogItems, countersUpdate } from '../lib/activity-log';
import { ddb, tableName } from '../lib/dynamo';
import { keys } from '../lib/keys';
import { GSI1 } from '../lib/table';
import { cancellationCodes, transact } from '../lib/transact';

/** gsi1 partition of the admin list: every feedback item, sorted by `<createdAt>#<id>`. */
export const FEEDBACK_GSI1PK = 'FEEDBACK';

type Item = Record<string, unknown>;

export function toFeedback(item: Item): Feedback {
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, entity: _e, ...rest } = item;
  return rest as unknown as Feedback;
}

/**
 * Stores a new feedback item, counts it against the author's hourly limit and records the
 * activity — one transaction, so the limit, the item, the log and both counters agree.
 * The rate item is conditional (`n < limit`): at the limit the whole transaction is refused.
 */
export async function insertFeedback(
  feedback: Feedback,
  rate: { window: string; limit: number; expiresAt: number },
  log: ActivityInput,
): Promise<'created' | 'rate_limited'> {
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: keys.feedbackRate(feedback.userId, rate.window),
          UpdateExpression: 'ADD #n :one SET expiresAt = if_not_exists(expiresAt, :exp), entity = :entity',
          ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit',
          ExpressionAttributeNames: { '#n': 'n' },
          ExpressionAttributeValues: { ':one': 1, ':exp': rate.expiresAt, ':limit': rate.limit, ':entity': 'RATE' },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.feedback(feedback.id),
            gsi1pk: FEEDBACK_GSI1PK,
            gsi1sk: `${feedback.createdAt}#${feedback.id}`,
            entity: 'FEEDBACK',
            ...feedback,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...activityLogItems(log, { alsoAdd: { feedbackCount: 1 } }),
    ]);
    return 'created';
  } catch (err) {
    const codes = cancellationCodes(err);
    if (codes?.[0] === 'ConditionalCheckFailed') return 'rate_limited';
    throw err;
  }
}

/**
 * Removes a feedback item written by the admin system test and undoes what its submission counted
 * (the feedback total and the author's hourly count). The condition proves that the stored item is
 * exactly the one submitted; the submission's activity-log entry stays (it happened).
 */
export async function deleteTestFeedback(f: Pick<Feedback, 'id' | 'userId' | 'message' | 'email'>, rateWindow: string): Promise<boolean> {
  try {
    await transact([
      {
        Delete: {
          TableName: tableName(),
          Key: keys.feedback(f.id),
          ConditionExpression: 'attribute_exists(pk) AND #m = :m AND email = :e AND userId = :u AND #s = :open',
          ExpressionAttributeNames: { '#m': 'message', '#s': 'status' },
          ExpressionAttributeValues: { ':m': f.message, ':e': f.email, ':u': f.userId, ':open': 'open' },
        },
      },
      countersUpdate({ feedbackCount: -1 }),
      {
        Update: {
          TableName: tableName(),
          Key: keys.feedbackRate(f.userId, rateWindow),
          UpdateExpression: 'ADD #n :minus',
          ConditionExpression: 'attribute_exists(#n) AND #n > :zero',
          ExpressionAttributeNames: { '#n': 'n' },
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        },
      },
    ]);
    return true;
  } catch (err) {
    if (cancellationCodes(err)?.includes('ConditionalCheckFailed')) return false;
    throw err;
  }
}

export async function getFeedback(id: string): Promise<Feedback | undefined> {
  const res = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.feedback(id), ConsistentRead: true }));
  return res.Item ? toFeedback(res.Item) : undefined;
}

/**
 * Moves a feedback item from `from` to `to` (the caller checked the state machine) and records the
 * change, in one transaction. The condition `status = from` makes a concurrent change lose cleanly:
 * the answer is then the status another admin set first.
 */
export async function moveFeedbackStatus(
  id: string,
  from: FeedbackStatus,
  to: FeedbackStatus,
  updatedAt: string,
  log: ActivityInput,
): Promise<{ moved: true } | { moved: false; currentStatus: FeedbackStatus | undefined }> {
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: keys.feedback(id),
          UpdateExpression: 'SET #s = :to, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND #s = :from',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':to': to, ':from': from, ':now': updatedAt },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      ...activityLogItems(log),
    ]);
    return { moved: true };
  } catch (err) {
    const codes = cancellationCodes(err);
    if (codes?.[0] !== 'ConditionalCheckFailed') throw err;
    // The DocumentClient does not unmarshall cancellation reasons: the old item is in wire format.
    const reasons = (err as { CancellationReasons?: { Item?: { status?: { S?: string } } }[] }).CancellationReasons;
    const status = reasons?.[0]?.Item?.status?.S as FeedbackStatus | undefined;
    return { moved: false, currentStatus: status };
  }
}

/** One page of the admin list, newest first, from gsi1 (never a Scan). */
export async function listFeedbackPage(limit: number, startKey: Item | undefined): Promise<{ items: Feedback[]; lastKey: Item | undefined }> {
  const res = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': FEEDBACK_GSI1PK },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { items: (res.Items ?? []).map(toFeedback), lastKey: res.LastEvaluatedKey };
}
