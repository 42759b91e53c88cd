import { RemovalPolicy, type CfnResource } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { type TableDefinition } from '@fittrack/functions/table';

/** Logical id of the table in the template. Never change it: a new id means a new, empty table. */
export const TABLE_LOGICAL_ID = 'FitTrackTable';

export interface DataProps {
  /** The single table definition shared with the local bootstrap (functions/src/lib/db/table.ts). */
  readonly definition: TableDefinition;
  /**
   * On-demand ceilings in request units per second (issue 17 point 4: a runaway client or bug cannot
   * run up an unbounded bill), from the capacity model (infra/lib/capacity-limits.ts): the table,
   * and each index by name.
   */
  readonly maxThroughput: {
    readonly table: { readonly maxRead: number; readonly maxWrite: number };
    readonly indexes: Readonly<Record<string, { readonly maxRead: number; readonly maxWrite: number }>>;
  };
}

const attributeType = (t: 'S' | 'N' | 'B'): dynamodb.AttributeType =>
  ({ S: dynamodb.AttributeType.STRING, N: dynamodb.AttributeType.NUMBER, B: dynamodb.AttributeType.BINARY })[t];

/**
 * The one DynamoDB table (DESIGN.md section 5), built from the shared definition so that the
 * keys, the GSI and the TTL attribute cannot drift from what the functions and the local
 * emulator use. It holds user data, so it is on-demand, point-in-time recoverable,
 * deletion-protected and retained when the stack is deleted.
 */
export class Data extends Construct {
  readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const d = props.definition;
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: d.partitionKey.name, type: attributeType(d.partitionKey.type) },
      sortKey: { name: d.sortKey.name, type: attributeType(d.sortKey.type) },
      globalSecondaryIndexes: d.globalSecondaryIndexes.map((gsi) => {
        const max = props.maxThroughput.indexes[gsi.indexName];
        if (!max) throw new Error(`Data: no maximum throughput for index ${gsi.indexName}`);
        return {
        indexName: gsi.indexName,
        maxReadRequestUnits: max.maxRead,
        maxWriteRequestUnits: max.maxWrite,
        partitionKey: { name: gsi.partitionKey.name, type: attributeType(gsi.partitionKey.type) },
        sortKey: { name: gsi.sortKey.name, type: attributeType(gsi.sortKey.type) },
        projectionType: dynamodb.ProjectionType.ALL,
        };
      }),
      timeToLiveAttribute: d.timeToLiveAttribute,
      // the newest-events consumer reads the new image of every change (decision 0023)
      dynamoStream: dynamodb.StreamViewType[d.stream],
      billing: dynamodb.Billing.onDemand({ maxReadRequestUnits: props.maxThroughput.table.maxRead, maxWriteRequestUnits: props.maxThroughput.table.maxWrite }),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    (this.table.node.defaultChild as CfnResource).overrideLogicalId(TABLE_LOGICAL_ID);
  }

  /** ARNs of the table's global secondary indexes, one per index (no wildcard). */
  indexArn(indexName: string): string {
    return `${this.table.tableArn}/index/${indexName}`;
  }
}
