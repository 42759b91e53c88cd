import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/db/client';
import { CATALOG_COPIES, type CatalogKind, keys, randomShard } from '../lib/db/keys';
import { fromItem, queryAll } from '../lib/db/toolkit';

/** Every item of one catalogue partition, page by page (one Query unless it ever exceeds 1 MB). */
const queryPartition = (pk: string, projection?: string) =>
  queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ...(projection ? { ProjectionExpression: projection } : {}),
  });

/** Reads one catalogue kind with one Query of a random copy (pages only if it ever exceeds 1 MB). */
export async function listCatalog<T>(kind: CatalogKind): Promise<T[]> {
  return (await queryPartition(keys.catalogPartition(kind, randomShard(CATALOG_COPIES)))).map((it) => fromItem<T>(it));
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
 * Makes one catalogue kind equal to `items` in every copy (seed/deploy time only, never while
 * serving a request): upserts every item, then deletes the items of that kind whose id is no
 * longer listed, and empties the kind's partition from before the copies. Idempotent.
 */
export async function syncCatalog(kind: CatalogKind, items: { id: string }[]): Promise<{ removed: string[] }> {
  const wanted = new Set(items.map((it) => it.id));
  const removed = new Set<string>();
  for (let copy = 0; copy < CATALOG_COPIES; copy += 1) {
    await putCatalog(kind, items, copy);
    const stale = (await queryPartition(keys.catalogPartition(kind, copy), 'sk')).map((it) => String(it.sk)).filter((id) => !wanted.has(id));
    await batchWrite(stale.map((id) => ({ DeleteRequest: { Key: keys.catalog(kind, id, copy) } })));
    stale.forEach((id) => removed.add(id));
  }
  const legacy = keys.legacyCatalogPartition(kind);
  const old = (await queryPartition(legacy, 'sk')).map((it) => String(it.sk));
  await batchWrite(old.map((id) => ({ DeleteRequest: { Key: { pk: legacy, sk: id } } })));
  return { removed: [...removed] };
}

/** Upserts catalogue items into one copy (idempotent; used by the seed step). */
async function putCatalog(kind: CatalogKind, items: { id: string }[], copy: number): Promise<void> {
  await batchWrite(items.map((it) => ({ PutRequest: { Item: { ...keys.catalog(kind, it.id, copy), entity: kind, ...it } } })));
}

/** Writes test catalogue items into every copy (tests only: the tracking tests' meals of known calories). */
export async function putCatalogItems(kind: CatalogKind, items: ({ id: string } & Record<string, unknown>)[]): Promise<void> {
  for (let copy = 0; copy < CATALOG_COPIES; copy += 1) await putCatalog(kind, items, copy);
}

/** Deletes catalogue items from every copy (tests only). */
export async function deleteCatalogItems(kind: CatalogKind, ids: string[]): Promise<void> {
  for (let copy = 0; copy < CATALOG_COPIES; copy += 1) await batchWrite(ids.map((id) => ({ DeleteRequest: { Key: keys.catalog(kind, id, copy) } })));
}
