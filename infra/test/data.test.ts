import { describe, expect, it } from 'vitest';
import { tableDefinition } from '@fittrack/functions/table';
import { TABLE_LOGICAL_ID } from '../lib/constructs/data';
import { buildStack } from './helpers';

const { template } = buildStack();

describe('data: the one DynamoDB table', () => {
  const tables = template.findResources('AWS::DynamoDB::GlobalTable');

  it('is a single table under the stable logical id', () => {
    expect(Object.keys(tables)).toEqual([TABLE_LOGICAL_ID]);
    expect(TABLE_LOGICAL_ID).toBe('FitTrackTable');
    expect(template.findResources('AWS::DynamoDB::Table')).toEqual({});
  });

  const table = tables[TABLE_LOGICAL_ID]!;
  const p = table.Properties;

  it('has the keys, GSI and TTL of tableDefinition', () => {
    expect(p.KeySchema).toEqual([
      { AttributeName: tableDefinition.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey.name, KeyType: 'RANGE' },
    ]);
    expect(p.GlobalSecondaryIndexes).toEqual(
      tableDefinition.globalSecondaryIndexes.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: g.sortKey.name, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
        // the on-demand ceiling from the capacity model (limits.test.ts checks the figures)
        // (a global table keeps the index's read ceiling in its replica)
        WriteOnDemandThroughputSettings: { MaxWriteRequestUnits: expect.any(Number) },
      })),
    );
    const defs = [tableDefinition.partitionKey, tableDefinition.sortKey, ...tableDefinition.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey])];
    expect(p.AttributeDefinitions).toEqual(defs.map((k) => ({ AttributeName: k.name, AttributeType: k.type })));
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true });
  });

  it('is on-demand, point-in-time recoverable, deletion protected and retained', () => {
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.Replicas).toHaveLength(1);
    expect(p.Replicas[0].PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p.Replicas[0].DeletionProtectionEnabled).toBe(true);
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
  });
});
