import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/dynamo';
import { type CatalogKind, keys } from '../lib/keys';

/** Reads one catalogue kind with one Query (pages only if the partition ever exceeds 1 MB). */
export async function listCatalog<T>(kind: CatalogKind): Promise<T[]> {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.catalogPartition(kind) },
        ExclusiveStartKey: start,
      }),
    );
    for (const it of res.Items ?? []) {
      const { pk: _pk, sk: _sk, entity: _e, ...rest } = it;
      items.push(rest as T);
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Upserts catalogue items (idempotent; used by the seed step). */
export async function putCatalog(kind: CatalogKind, items: { id: string }[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let request: Record<string, object[]> | undefined = {
      [tableName()]: items.slice(i, i + 25).map((it) => ({ PutRequest: { Item: { ...keys.catalog(kind, it.id), entity: kind, ...it } } })),
    };
    while (request && Object.keys(request).length) {
      const res = await ddb().send(new BatchWriteCommand({ RequestItems: request as never }));
      request = res.UnprocessedItems as Record<string, object[]> | undefined;
    }
  }
}
