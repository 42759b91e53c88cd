import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { type LoggedEvent, eventOf } from './newest';
import { foldIntoNewest } from './newest-repository';

/** The part of a DynamoDB Streams record the consumer reads (Lambda's event, and the local poller's). */
export interface StreamRecord {
  eventName?: 'INSERT' | 'MODIFY' | 'REMOVE' | string;
  dynamodb?: { NewImage?: Record<string, AttributeValue> };
}

/** The log events of a batch of stream records: inserts and changes of `entity: 'LOG'` items. */
export function eventsOf(records: readonly StreamRecord[]): LoggedEvent[] {
  const out: LoggedEvent[] = [];
  for (const r of records) {
    if (r.eventName !== 'INSERT' && r.eventName !== 'MODIFY') continue;
    const image = r.dynamodb?.NewImage;
    // only log items are unmarshalled (the event source's filter passes nothing else in AWS; the
    // local poller sees every change, and an empty map there comes as `{}`, which unmarshall refuses)
    if (image?.entity?.S !== 'LOG' || !image.pk?.S?.startsWith('LOG#')) continue;
    const e = eventOf(unmarshall(image));
    if (e) out.push(e);
  }
  return out;
}

/**
 * The table's stream consumer (infra: an event source filtered to log items, batches of up to 100
 * records or 10 seconds): folds the batch's events into the newest-events item. A failure throws, and
 * Lambda retries the batch (the fold is idempotent: the same events merge to the same list).
 */
export async function handler(event: { Records?: StreamRecord[] }): Promise<void> {
  await foldIntoNewest(eventsOf(event.Records ?? []));
}
