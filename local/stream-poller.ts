import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand, type _Record } from '@aws-sdk/client-dynamodb-streams';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export interface StreamPoller {
  /** Resolves once every record written before the call has been handed to `handle` (tests). */
  drained(): Promise<void>;
  /** Something may have written to the table (the gateway answered a request): look again soon. */
  nudge(): void;
  stop(): Promise<void>;
}

/**
 * What Lambda's DynamoDB event source does in AWS, for the local stack: reads the table's stream
 * (DynamoDB Local implements the Streams API) shard by shard from the oldest record kept, and hands
 * each batch to `handle` in order; a batch whose handling fails is handed over again on the next
 * tick, as Lambda retries it. New shards are picked up as the stream splits them.
 *
 * It reads every `intervalMs` while records come, and backs off to `idleMaxMs` while none do:
 * every read is a request to DynamoDB Local, and an idle stack polling ten times a second kept
 * ~15% of a core busy (Java and Node, measured 2026-11-28), which the bench's throttled page loads
 * and the e2e suite shared on two cores. `nudge()` (the gateway calls it after each API request,
 * `drained()` calls it too) brings it back to `intervalMs` at once, so a write made through the
 * app is folded as soon as before.
 */
export function startStreamPoller(o: {
  endpoint: string;
  tableName: string;
  handle: (records: _Record[]) => Promise<void>;
  intervalMs?: number;
  idleMaxMs?: number;
  onError?: (err: unknown) => void;
}): StreamPoller {
  const intervalMs = o.intervalMs ?? 100;
  const idleMaxMs = o.idleMaxMs ?? 1000;
  const ddb = new DynamoDBClient({ endpoint: o.endpoint, region: 'us-east-1', credentials });
  const streams = new DynamoDBStreamsClient({ endpoint: o.endpoint, region: 'us-east-1', credentials });
  const iterators = new Map<string, string>();
  const closed = new Set<string>();
  let streamArn: string | undefined;
  let stopped = false;
  let lastDescribe = 0;
  let waiting: (() => void)[] = [];
  let delay = intervalMs;
  let nudged = false;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const nudge = () => {
    nudged = true;
    if (delay > intervalMs) wake?.();
    delay = intervalMs;
  };

  const describe = async () => {
    streamArn ??= (await ddb.send(new DescribeTableCommand({ TableName: o.tableName }))).Table?.LatestStreamArn;
    if (!streamArn) return;
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      const id = shard.ShardId!;
      if (iterators.has(id) || closed.has(id)) continue;
      const { ShardIterator } = await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: 'TRIM_HORIZON' }));
      if (ShardIterator) iterators.set(id, ShardIterator);
    }
    lastDescribe = Date.now();
  };

  /** One pass over every shard; true when no shard had records left. */
  const pass = async (): Promise<boolean> => {
    if (!streamArn || Date.now() - lastDescribe > 2000) await describe();
    let idle = true;
    for (const [id, iterator] of iterators) {
      const { Records = [], NextShardIterator } = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
      if (Records.length > 0) {
        idle = false;
        await o.handle(Records); // throws: the iterator is kept, the batch comes again
      }
      if (NextShardIterator) iterators.set(id, NextShardIterator);
      else {
        iterators.delete(id);
        closed.add(id);
      }
    }
    return idle;
  };

  const loop = (async () => {
    while (!stopped) {
      nudged = false;
      let idle = false;
      try {
        idle = await pass();
      } catch (err) {
        o.onError?.(err);
      }
      if (idle) {
        const w = waiting;
        waiting = [];
        for (const resolve of w) resolve();
      }
      // a nudge during the pass may name a write the pass read too early for
      delay = idle && !nudged ? Math.min(delay * 2, idleMaxMs) : intervalMs;
      if (!stopped) await sleep(delay);
      wake = undefined;
    }
  })();

  return {
    drained: () => {
      const done = new Promise<void>((resolve) => waiting.push(resolve));
      nudge();
      return done;
    },
    nudge,
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      for (const resolve of waiting) resolve();
      ddb.destroy();
      streams.destroy();
    },
  };
}
