import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dynamoBudgetViolations, writeDynamoStats } from './dynamo-budget';
import { startStack } from './stack';

/**
 * Integration tests run against the real emulators: DynamoDB Local and cognito-local,
 * started here on free ports behind the local gateway (API only). Workers reach the
 * stack through TEST_BASE_URL and the emulator variables in process.env.
 */
export default async function setup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fittrack-int-'));
  const stack = await startStack({ port: 0, dataDir, inMemoryDb: true, countDynamoCalls: true });
  process.env.TEST_BASE_URL = stack.url;
  process.env.TEST_ADMIN_PASSWORD = stack.adminCredentials?.password ?? '';
  process.env.TEST_ADMIN_TOTP_SECRET = stack.adminCredentials?.totpSecret ?? '';
  Object.assign(process.env, stack.env);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
    // Every request the integration tests made was counted: record the figures, enforce the budget.
    writeDynamoStats(stack.dynamoStats);
    const violations = dynamoBudgetViolations(stack.dynamoStats);
    if (violations.length) throw new Error(`DynamoDB budget exceeded (DESIGN.md section 10):\n${violations.join('\n')}`);
  };
}
