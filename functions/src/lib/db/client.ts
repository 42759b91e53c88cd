import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { outsideCheck, pendingCheck, profileKey, settleByRead, settleWithProfile } from '../profile-check';
import { getEnv } from '../env';

let doc: DynamoDBDocumentClient | undefined;
let calls = 0;

/** Number of DynamoDB calls made by this process. */
export const dynamoCallCount = (): number => calls;

/** Calls made inside one `dynamoTally.run(...)` scope (the local gateway opens one per request). */
export interface DynamoTally {
  calls: number;
  scans: number;
  commands: string[];
  /**
   * When present, every command's input (and a successful one's output) is kept here: the
   * integration run records which items each route touches, for the capacity model
   * (lib/db/capacity, decision 0020). Absent in Lambda and in `npm start`: nothing is kept.
   */
  sent?: SentCommand[];
}
/** One DynamoDB command as the DocumentClient sent it (native values, not marshalled). */
export interface SentCommand {
  command: string;
  input: unknown;
  output?: unknown;
}
/** Per-request DynamoDB call counting; the integration tests check the budget of every route with it. */
export const dynamoTally = new AsyncLocalStorage<DynamoTally>();

/** The one DocumentClient of this process (created lazily, reused across invocations). */
export function ddb(): DynamoDBDocumentClient {
  if (doc) return doc;
  const env = getEnv();
  const client = new DynamoDBClient({
    region: env.region,
    ...(env.dynamoEndpoint ? { endpoint: env.dynamoEndpoint } : {}),
    // Fail fast instead of hanging when DynamoDB is unreachable: the error middleware answers 503.
    maxAttempts: 2,
    // throwOnRequestTimeout: without it the SDK's handler only logs a warning and the request hangs.
    requestHandler: { connectionTimeout: 1000, requestTimeout: 3000, throwOnRequestTimeout: true },
  });
  client.middlewareStack.add(
    (next, context) => async (args) => {
      calls += 1;
      const tally = dynamoTally.getStore();
      if (tally) {
        tally.calls += 1;
        tally.commands.push(context.commandName ?? 'unknown');
        if (context.commandName === 'ScanCommand') tally.scans += 1;
        if (tally.sent) {
          const sent: SentCommand = { command: context.commandName ?? 'unknown', input: structuredClone(args.input) };
          tally.sent.push(sent);
          const result = await next(args);
          sent.output = structuredClone(result.output);
          return result;
        }
      }
      return next(args);
    },
    { step: 'initialize', name: 'countDynamoCalls' },
  );
  doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  // Fail closed: while the request's profile check is pending, any command reads the profile
  // first, so no repository can forget it (batchGet and transact carry the check in their own call
  // and send outside it; a consistent GetItem of the profile is the read; lib/profile-check.ts). On `send` itself rather than in the middleware stack
  // so that the unit tests' stubbed client (aws-sdk-client-mock replaces the prototype's send) runs it too.
  doc.send = async function checkedSend(this: DynamoDBDocumentClient, ...args: unknown[]) {
    const send = DynamoDBDocumentClient.prototype.send as (...a: unknown[]) => Promise<unknown>;
    const check = pendingCheck();
    if (check && isProfileRead(args[0], profileKey(check))) {
      // A strongly consistent read of the caller's profile is the check's own read: it settles it.
      const res = (await outsideCheck(() => send.apply(this, args))) as { Item?: Record<string, unknown> };
      settleWithProfile(check, res.Item);
      return res;
    }
    if (check) await settleByRead(check);
    return send.apply(this, args);
  } as DynamoDBDocumentClient['send'];
  return doc;
}

const isProfileRead = (command: unknown, key: { pk: string; sk: string }): boolean => {
  if (!(command instanceof GetCommand)) return false;
  const input = command.input as { Key?: { pk?: unknown; sk?: unknown }; ConsistentRead?: boolean; ProjectionExpression?: string };
  return input.ConsistentRead === true && !input.ProjectionExpression && input.Key?.pk === key.pk && input.Key?.sk === key.sk;
};

/** Table name shortcut. */
export const tableName = (): string => getEnv().tableName;
