import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/db/client';
import { type CatalogKind, keys } from '../lib/db/keys';
import { fromItem, queryAll } from '../lib/db/toolkit';

/** Every item of one catalogue partition, page by page (one Query unless it ever exceeds 1 MB). */
const queryPartition = (kind: CatalogKind, projection?: string) =>
  queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.catalogPartition(kind) },
    ...(projection ? { ProjectionExpression: projection } : {}),
  });

/** Reads one catalogue kind with one Query (pages only if the partition ever exceeds 1 MB). */
export async function listCatalog<T>(kind: CatalogKind): Promise<T[]> {
  return (await queryPartition(kind)).map((it) => fromItem<T>(it));
}

/** Sends BatchWrite requests in chunks of 25, retrying unprocessed items. */
async function batchWrite(requests: object[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let request: Record<string, object[]> | undefined = { [tableName()]: requests.slice(i, i + 25) };
    while (request && Object.keys(request).length) {
      const res = await ddb().send(new BatchWriteCommand({ RequestItems: request as never }));
      request = res.UnprocessedItems as Record<string, object[]> | undefined;
    }
  }
}

/**
 * Makes one catalogue kind equal to `items` (seed/deploy time only, never while serving a request):
 * upserts every item, then deletes the items of that kind whose id is no longer listed. Idempotent.
 */
export async function syncCatalog(kind: CatalogKind, items: { id: string }[]): Promise<{ removed: string[] }> {
  await putCatalog(kind, items);
  const wanted = new Set(items.map((it) => it.id));
  const stale = (await queryPartition(kind, 'sk')).map((it) => String(it.sk)).filter((id) => !wanted.has(id));
  await batchWrite(stale.map((id) => ({ DeleteRequest: { Key: keys.catalog(kind, id) } })));
  return { removed: stale };
}

/** Upserts catalogue items (idempotent; used by the seed step). */
async function putCatalog(kind: CatalogKind, items: { id: string }[]): Promise<void> {
  await batchWrite(items.map((it) => ({ PutRequest: { Item: { ...keys.catalog(kind, it.id), entity: kind, ...it } } })));
}
