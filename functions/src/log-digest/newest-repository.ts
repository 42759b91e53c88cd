import { ddb, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { sleep } from '../lib/db/toolkit';
import { type LoggedEvent, mergeNewest } from './newest';

/** Attempts at the optimistic write before the batch is handed back to Lambda to retry. */
const ATTEMPTS = 8;

/**
 * Folds a batch of events into `LOG#NEWEST` / `LIST`: a consistent read, the merge, and a put
 * conditional on the version read (each stream shard has its own consumer invocation, so two may
 * write at once; the loser reads again). One read and one write per batch, never per request.
 */
export async function foldIntoNewest(batch: readonly LoggedEvent[]): Promise<void> {
  if (batch.length === 0) return;
  for (let attempt = 1; ; attempt += 1) {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.newestLog(), ConsistentRead: true }));
    const version = typeof Item?.version === 'number' ? Item.version : 0;
    const events = mergeNewest(Array.isArray(Item?.events) ? (Item.events as LoggedEvent[]) : [], batch);
    try {
      await ddb().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.newestLog(), entity: 'NEWEST_LOG', version: version + 1, events },
          ConditionExpression: 'attribute_not_exists(pk) OR version = :v',
          ExpressionAttributeValues: { ':v': version },
        }),
      );
      return;
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException) || attempt >= ATTEMPTS) throw err;
      await sleep(Math.random() * 20 * attempt);
    }
  }
}
