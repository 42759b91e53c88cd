import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../src/lib/db/client';
import { GSI1 } from '../src/lib/db/table';

/** The activity-log items of one action for one user, newest first (gsi1 `ACTION#<action>`). */
export async function activityLogsOf(action: string, userId: string): Promise<Record<string, unknown>[]> {
  const res = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `ACTION#${action}` },
      ScanIndexForward: false,
    }),
  );
  return (res.Items ?? []).filter((i) => i.userId === userId);
}
