import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from './dynamo';
import { HttpError } from './http-error';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Why a transaction was cancelled, by the index of its items (`None` for items that were fine). */
export function cancellationCodes(err: unknown): string[] | undefined {
  const e = err as { name?: string; CancellationReasons?: { Code?: string }[] };
  if (e?.name !== 'TransactionCanceledException') return undefined;
  return (e.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a transaction, retrying (with jitter) when DynamoDB cancels it only because another
 * transaction was touching one of its items at that moment — the shared counters item makes that
 * possible under concurrent traffic. Any other outcome is the caller's to interpret.
 */
export async function transact(items: TransactItem[], attempts = 4): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (err) {
      const codes = cancellationCodes(err);
      const conflictOnly = codes?.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
      if (!conflictOnly || i >= attempts) {
        if (conflictOnly) throw new HttpError(503, 'Service busy. Please try again shortly.', { 'Retry-After': '1' });
        throw err;
      }
      await sleep(20 * 2 ** i + Math.random() * 50);
    }
  }
}
