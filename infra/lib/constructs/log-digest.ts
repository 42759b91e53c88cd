import * as path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { HouseFunction, grantStatement } from './functions';

export interface LogDigestProps {
  /** the table, with its stream (tableDefinition.stream) */
  readonly table: dynamodb.ITable;
  readonly tableName: string;
  /** Absolute path of functions/src and of the repository root. */
  readonly srcDir: string;
  readonly projectRoot: string;
  /** one invocation per stream shard at a time: as many as the table may have shards at its peak */
  readonly reservedConcurrency: number;
  /** Tests only: stub code instead of the bundle (see HouseFunction). */
  readonly stubCode?: lambda.Code;
}

/**
 * The table's stream consumer that keeps the newest activity-log events in one item (issue 17
 * point 1, decision 0023): `functions/src/log-digest/handler.ts`. The event source passes only
 * inserts and changes of log items (a filter, so the consumer's own write never comes back to it),
 * in batches of up to 1,000 records or 10 seconds; a failed batch is retried, split in halves, and
 * given up after 10 tries (the list then misses those events until newer ones push them out; the
 * log items themselves are already stored). It may read and write that one item, nothing else.
 */
export class LogDigest extends Construct {
  readonly fn: lambda.Function;
  readonly house: HouseFunction;

  constructor(scope: Construct, id: string, props: LogDigestProps) {
    super(scope, id);
    this.house = new HouseFunction(this, 'Function', {
      entry: path.join(props.srcDir, 'log-digest', 'handler.ts'),
      description: 'FitTrack: keeps the newest activity-log events from the table stream (log-digest/handler.ts)',
      memorySize: 512,
      timeout: Duration.seconds(30),
      environment: { TABLE_NAME: props.tableName, POWERTOOLS_SERVICE_NAME: 'log-digest' },
      projectRoot: props.projectRoot,
      logRetention: logs.RetentionDays.ONE_MONTH,
      reservedConcurrency: props.reservedConcurrency,
      stubCode: props.stubCode,
    });
    this.fn = this.house.fn;
    this.house.role.addToPolicy(grantStatement({ actions: ['GetItem', 'PutItem'], leadingKeys: ['LOG#NEWEST'] }, props.table.tableArn));
    this.fn.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        // one write of the ~15 KB item per shard every 10 s: at the 10M-user peak (~525 events/s over
        // ~37 shards) about 4 writes/s, ~56 WCU/s on its partition (6 %); the list lags by 10 s at most
        batchSize: 1000,
        maxBatchingWindow: Duration.seconds(10),
        retryAttempts: 10,
        bisectBatchOnError: true,
        filters: [
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: { NewImage: { entity: { S: lambda.FilterRule.isEqual('LOG') } } },
          }),
        ],
      }),
    );
  }
}
