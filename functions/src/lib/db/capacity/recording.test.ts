import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECORD_DIR_ENV, readRecording, saveRequest } from './recording';

/** The integration run's recording (decision 0020) also gives the DynamoDB calls per route (decision 0031). */
describe('readRecording: calls per route', () => {
  let dir: string;
  let before: string | undefined;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'recording-'));
    before = process.env[RECORD_DIR_ENV];
    process.env[RECORD_DIR_ENV] = dir;
  });
  afterEach(() => {
    if (before === undefined) delete process.env[RECORD_DIR_ENV];
    else process.env[RECORD_DIR_ENV] = before;
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts the requests of every process, keeps the worst one and counts Scans', () => {
    const get = { command: 'GetCommand', input: { TableName: 't', Key: { pk: 'USER#u1', sk: 'PROFILE' } } };
    saveRequest('GET /api/auth/me', [get]);
    saveRequest('GET /api/auth/me', []);
    // another process (a test worker that invoked a handler directly) wrote its own file
    const other = JSON.stringify({ route: 'GET /api/auth/me', commands: ['GetCommand', 'QueryCommand', 'ScanCommand'], record: { requests: 1, accesses: [] } });
    writeFileSync(path.join(dir, '999999.jsonl'), `${other}\n`);
    expect(readRecording(dir).calls).toEqual({
      'GET /api/auth/me': { requests: 3, maxCalls: 3, scans: 1, worst: ['GetCommand', 'QueryCommand', 'ScanCommand'] },
    });
  });

  it('counts a request whose keys could not be classified, too', () => {
    saveRequest('GET /api/auth/me', [{ command: 'GetCommand', input: { TableName: 't', Key: { pk: 'NOT-A-KEY', sk: '?' } } }]);
    const r = readRecording(dir);
    expect(r.calls['GET /api/auth/me']).toEqual({ requests: 1, maxCalls: 1, scans: 0, worst: ['GetCommand'] });
  });
});
