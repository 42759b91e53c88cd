import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './ports';

/**
 * Faults (the hardening issue): with DynamoDB stopped mid-run the API answers 503 with a JSON
 * message (no stack trace) within a few seconds, and recovers by itself when DynamoDB returns.
 * The app runs as `npm start` runs it, in its own process, so stopping its emulator touches no
 * other test.
 */
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'fittrack-faults-'));
let app: ChildProcess | undefined;
let dynamoPid: number | undefined;

afterAll(async () => {
  if (dynamoPid) {
    try {
      process.kill(dynamoPid, 'SIGCONT');
    } catch {
      // already gone
    }
  }
  if (app && app.exitCode === null) {
    const exited = new Promise((r) => app!.once('exit', r));
    app.kill('SIGINT');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('DynamoDB outage', () => {
  it('answers 503 within a few seconds while DynamoDB is stopped, and recovers when it returns', async () => {
    const port = await freePort();
    app = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), LOCAL_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    app.stdout!.on('data', (d) => (out += d));
    app.stderr!.on('data', (d) => (out += d));
    const deadline = Date.now() + 60_000;
    while (!out.includes('FitTrack is running at')) {
      if (app.exitCode !== null || Date.now() > deadline) throw new Error(`start failed:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const base = `http://localhost:${port}`;
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ username: `fault${Date.now().toString(36)}`, email: 'fault@example.com', password: 'FaultTest-1x-outage' }),
    });
    expect(signup.status).toBe(201);
    const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const me = () => fetch(`${base}/api/auth/me`, { headers: { cookie } });
    expect((await me()).status).toBe(200);

    dynamoPid = (JSON.parse(readFileSync(path.join(dataDir, 'emulator-ports.json'), 'utf8')) as { dynamoPid: number }).dynamoPid;
    process.kill(dynamoPid, 'SIGSTOP'); // DynamoDB stops answering (connections hang)
    const started = Date.now();
    const during = await me();
    const took = Date.now() - started;
    const text = await during.text();
    expect(during.status, `answered after ${took} ms: ${text}`).toBe(503);
    expect(JSON.parse(text)).toEqual({ message: 'Service temporarily unavailable. Please try again shortly.' });
    expect(text).not.toMatch(/at .*\.ts|Error:/);
    expect(took).toBeLessThan(10_000);

    process.kill(dynamoPid, 'SIGCONT'); // DynamoDB is back
    let after = await me();
    for (let i = 0; i < 20 && after.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      after = await me();
    }
    expect(after.status).toBe(200);
  }, 120_000);
});
