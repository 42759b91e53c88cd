import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { subscriberClient } from '../../test/api-client';
import { type Meal, type Stretch, type Workout } from '../contract/catalog';
import { ddb, tableName } from '../lib/db/client';
import { CATALOG_COPIES, keys } from '../lib/db/keys';
import { meals, stretches, workouts } from './catalog-data';
import { syncCatalog } from './catalog-repository';

const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));

describe('catalogue against DynamoDB Local', () => {
  it('serves exactly the seeded data set, revalidated by ETag', async () => {
    const { client } = await subscriberClient();
    const m = await client.get<Meal[]>('/api/meals');
    expect(m.status).toBe(200);
    expect(byId(m.body)).toEqual(byId(meals));
    expect(byId((await client.get<Workout[]>('/api/workouts')).body)).toEqual(byId(workouts));
    expect(byId((await client.get<Stretch[]>('/api/stretches')).body)).toEqual(byId(stretches));
    const again = await client.request('GET', '/api/meals', { headers: { 'if-none-match': m.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('the seed sync removes items that are no longer in the data, idempotently', async () => {
    // in one copy, and in the single partition from before the copies (decision 0020)
    const stale = keys.catalog('STRETCH', 'stretch-retired-for-test', CATALOG_COPIES - 1);
    const legacy = { pk: keys.legacyCatalogPartition('STRETCH'), sk: 'stretch-legacy-for-test' };
    await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...stale, entity: 'STRETCH', id: 'stretch-retired-for-test', name: 'Old', description: 'Old', imageUrl: '/x.svg' } }));
    await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...legacy, entity: 'STRETCH', id: 'stretch-legacy-for-test', name: 'Old', description: 'Old', imageUrl: '/x.svg' } }));
    expect((await syncCatalog('STRETCH', stretches)).removed).toEqual(['stretch-retired-for-test']);
    expect((await ddb().send(new GetCommand({ TableName: tableName(), Key: stale }))).Item).toBeUndefined();
    expect((await ddb().send(new GetCommand({ TableName: tableName(), Key: legacy }))).Item).toBeUndefined();
    expect((await syncCatalog('STRETCH', stretches)).removed).toEqual([]);
    const { client } = await subscriberClient();
    expect(byId((await client.get<Stretch[]>('/api/stretches')).body)).toEqual(byId(stretches));
  });
});
