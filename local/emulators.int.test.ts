import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PortTakenError, startCognitoLocal, startDynamoLocal } from './emulators';
import { freePort } from './ports';

/**
 * An emulator is ready only when it says itself that it listens. Between `freePort` and the
 * emulator's bind another process can take the port (two stacks starting at once on a busy
 * machine); a probe of the port would then be answered by that process, and the stack would run
 * on somebody else's emulator (the fault test once stopped its own DynamoDB Local and still read
 * 200). Here a server that answers both probes holds the port first: the start must fail, quickly.
 */
const dirs: string[] = [];
let squatter: http.Server | undefined;

afterEach(async () => {
  await new Promise((r) => (squatter ? squatter.close(r) : r(undefined)));
  squatter = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A server on 127.0.0.1:port that answers what both readiness probes ask (ListTables, /health). */
async function squat(port: number): Promise<void> {
  squatter = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
    res.end(req.url === '/health' ? '{"ok":true}' : '{"TableNames":[]}');
  });
  await new Promise<void>((r) => squatter!.listen(port, '127.0.0.1', r));
}

describe('emulator start on a port another process took', () => {
  it('DynamoDB Local fails to start instead of taking the other server for itself', async () => {
    const port = await freePort();
    await squat(port);
    const started = Date.now();
    const start = startDynamoLocal(null, port);
    await expect(start).rejects.toThrow(/exited[\s\S]*(BindException|Address already in use)/);
    await expect(start).rejects.toBeInstanceOf(PortTakenError);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('cognito-local fails to start instead of taking the other server for itself', async () => {
    const port = await freePort();
    await squat(port);
    const dir = mkdtempSync(path.join(tmpdir(), 'fittrack-cognito-squat-'));
    dirs.push(dir);
    const started = Date.now();
    const start = startCognitoLocal(dir, port);
    await expect(start).rejects.toThrow(/exited[\s\S]*EADDRINUSE/);
    await expect(start).rejects.toBeInstanceOf(PortTakenError);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});
