import { type Feedback, type FeedbackStatus } from '../contract/feedback';
import { type ActivityInput, activityLogItems, countersUpdate } from '../lib/activity-log';
import { tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { GSI1 } from '../lib/db/table';
import { batchGet, fromItem, type Item, queryPage, transact, unexpectedFailure } from '../lib/db/toolkit';

/** gsi1 partition of the admin list: every feedback item, sorted by `<createdAt>#<id>`. */
const FEEDBACK_GSI1PK = keys.feedbackListGsi1pk();

const toFeedback = (item: Item) => fromItem<Feedback>(item);

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
  const outcome = await transact([
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
    // the author's pointer: their data export and account deletion find the item by it (decision 0021)
    { Put: { TableName: tableName(), Item: { ...keys.feedbackRef(feedback.userId, feedback.id), entity: 'FEEDBACK_REF', id: feedback.id, createdAt: feedback.createdAt } } },
  ]);
  if (outcome.ok) return 'created';
  if (outcome.failed === 0) return 'rate_limited';
  throw unexpectedFailure(outcome); // the new id is a fresh ulid
}

/**
 * Removes a feedback item written by the admin system test and undoes what its submission counted
 * (the feedback total and the author's hourly count). The condition proves that the stored item is
 * exactly the one submitted; the submission's activity-log entry stays (it happened).
 */
export async function deleteTestFeedback(f: Pick<Feedback, 'id' | 'userId' | 'message' | 'email'>, rateWindow: string): Promise<boolean> {
  const outcome = await transact([
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
    { Delete: { TableName: tableName(), Key: keys.feedbackRef(f.userId, f.id) } },
  ]);
  return outcome.ok;
}

/** A BatchGet of one key, so that the request's profile check rides in the same call (lib/profile-check.ts). */
export async function getFeedback(id: string): Promise<Feedback | undefined> {
  const [item] = await batchGet([keys.feedback(id)], { consistent: true });
  return item ? toFeedback(item) : undefined;
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
  const outcome = await transact([
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
  if (outcome.ok) return { moved: true };
  if (outcome.failed !== 0) throw unexpectedFailure(outcome);
  return { moved: false, currentStatus: outcome.item?.status as FeedbackStatus | undefined };
}

/** One page of the admin list, newest first, from gsi1 (never a Scan). */
export async function listFeedbackPage(limit: number, startKey: Item | undefined): Promise<{ items: Feedback[]; lastKey: Item | undefined }> {
  const page = await queryPage({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': FEEDBACK_GSI1PK },
    ScanIndexForward: false,
    Limit: limit,
    ExclusiveStartKey: startKey,
  });
  return { items: page.items.map(toFeedback), lastKey: page.lastKey };
}
