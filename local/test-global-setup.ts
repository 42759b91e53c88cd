import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { RECORD_DIR_ENV, readAccessRecord, readRecording, recordViolations, writeAccessRecord } from '../functions/src/lib/db/capacity/recording';
import { dynamoBudgetViolations, writeDynamoStats } from './dynamo-budget';
import { startStack } from './stack';

/**
 * Integration tests run against the real emulators: DynamoDB Local and cognito-local,
 * started here on free ports behind the local gateway (API only). Workers reach the
 * stack through TEST_BASE_URL and the emulator variables in process.env.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fittrack-int-'));
  // Every request's DynamoDB accesses, for the capacity record (decision 0020): the gateway and the
  // workers (which inherit this variable) each append to their own file here.
  const recordDir = mkdtempSync(path.join(tmpdir(), 'fittrack-capacity-'));
  process.env[RECORD_DIR_ENV] = recordDir;
  const stack = await startStack({ port: 0, dataDir, inMemoryDb: true });
  process.env.TEST_BASE_URL = stack.url;
  process.env.TEST_ADMIN_PASSWORD = stack.adminCredentials?.password ?? '';
  process.env.TEST_ADMIN_TOTP_SECRET = stack.adminCredentials?.totpSecret ?? '';
  Object.assign(process.env, stack.env);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
    // Every request of the run was recorded, the gateway's and the handlers that tests invoke
    // directly: record the DynamoDB calls per route, enforce the budget (DESIGN.md section 10).
    const recording = readRecording(recordDir);
    rmSync(recordDir, { recursive: true, force: true });
    // Only a run of every test of this project measures every route: a run of one file would leave
    // a table of what that file asked (an authorisation test's 401s: "0 calls"), which
    // `npm run bench` would then report as the routes' figures.
    if (await ranWholeProject(project)) writeDynamoStats(recording.calls);
    else console.info('DynamoDB calls per route: not written to bench/dynamodb-calls.json (a partial run of functions-int)');
    const violations = dynamoBudgetViolations(recording.calls);
    if (violations.length) throw new Error(`DynamoDB budget exceeded (DESIGN.md section 10):\n${violations.join('\n')}`);
    // What the routes touched must be what the capacity model and the IAM policies were built from.
    if (process.env.CAPACITY_RECORD === 'write') {
      if (recording.errors.length) throw new Error(`Keys no key builder makes:\n${recording.errors.join('\n')}`);
      writeAccessRecord(recording.routes);
      return;
    }
    const drift = recordViolations(readAccessRecord(), recording);
    if (drift.length) {
      throw new Error(
        `The routes touched DynamoDB in ways the capacity record does not know (decision 0020). Review, then rewrite it with a whole run: CAPACITY_RECORD=write npx vitest run --project functions-int\n${drift.join('\n')}`,
      );
    }
  };
}

/** Whether this run ran every test file of the project, with no test name filter. */
async function ranWholeProject(project: TestProject): Promise<boolean> {
  if (project.vitest.config.testNamePattern) return false;
  const { testFiles } = await project.globTestFiles();
  const ran = new Set(
    project.vitest.state
      .getTestModules()
      .filter((m) => m.project.name === project.name)
      .map((m) => m.moduleId),
  );
  return testFiles.length > 0 && testFiles.every((f) => ran.has(f));
}
