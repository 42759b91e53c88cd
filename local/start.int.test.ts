import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, portIsFree } from './ports';

/**
 * `npm start` as a user runs it (tsx local/start.ts): first start prints the admin
 * credentials once, Ctrl-C stops every process it started, and a restart keeps the data.
 */
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'fittrack-start-'));
const staticDir = mkdtempSync(path.join(tmpdir(), 'fittrack-static-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(staticDir, { recursive: true, force: true });
});

interface Running {
  child: ChildProcess;
  output: () => string;
}

async function start(port: number): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOCAL_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 60_000;
  while (!out.includes('FitTrack is running at')) {
    if (child.exitCode !== null) throw new Error(`start exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`start did not become ready:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => out };
}

async function stop(r: Running): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => r.child.once('exit', (code) => resolve(code)));
  r.child.kill('SIGINT');
  return exited;
}

const emulatorPorts = () => JSON.parse(readFileSync(path.join(dataDir, 'emulator-ports.json'), 'utf8')) as { dynamo: number; cognito: number };

describe('npm start', () => {
  it('starts, prints the admin credentials once, stops cleanly on Ctrl-C and keeps data across restarts', async () => {
    const port = await freePort();
    const first = await start(port);
    const url = `http://localhost:${port}`;
    expect(first.output()).toContain(`FitTrack is running at ${url}`);
    const creds = JSON.parse(readFileSync(path.join(dataDir, 'admin-credentials.json'), 'utf8')) as { username: string; password: string };
    expect(creds.username).toBe('admin');
    expect(creds.password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{20}$/);
    expect(first.output()).toContain(creds.password);
    expect(statSync(path.join(dataDir, 'admin-credentials.json')).mode & 0o777).toBe(0o600);

    const username = `persist${Date.now().toString(36)}`;
    const signup = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: 'Persist3ntPass' }),
    });
    expect(signup.status).toBe(201);

    const ports = emulatorPorts();
    expect(await stop(first)).toBe(0);
    // every process it started is gone: the gateway and both emulators' ports are free again
    expect(await portIsFree(port)).toBe(true);
    expect(await portIsFree(ports.dynamo)).toBe(true);
    expect(await portIsFree(ports.cognito)).toBe(true);

    const second = await start(port);
    try {
      expect(second.output()).not.toContain(creds.password);
      expect(second.output()).not.toContain('First start');
      for (const [user, password] of [
        [username, 'Persist3ntPass'],
        ['admin', creds.password],
      ]) {
        const login = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url },
          body: JSON.stringify({ username: user, password }),
        });
        expect(login.status).toBe(200);
      }
    } finally {
      await stop(second);
    }
  }, 120_000);
});

describe('the gateway serves the SPA', () => {
  it('serves files, falls back to index.html for client routes, caches hashed assets, 404s missing files', async () => {
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>FitTrack</title>');
    mkdirSync(path.join(staticDir, 'assets'));
    writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const { createGateway } = await import('./gateway');
    const server = createGateway({ staticDir });
    await new Promise<void>((r) => server.listen(0, r));
    const addr = server.address();
    const base = `http://localhost:${typeof addr === 'object' && addr ? addr.port : 0}`;
    try {
      const page = await fetch(`${base}/settings`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('<title>FitTrack</title>');
      for (const h of ['strict-transport-security', 'content-security-policy', 'x-content-type-options', 'referrer-policy']) {
        expect(page.headers.get(h)).toBeTruthy();
      }
      const asset = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await asset.text()).toBe('console.log(1)');
      expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
      expect((await fetch(`${base}/..%2f..%2fetc%2fpasswd`)).status).not.toBe(500);
      // a page with its own pre-rendered first paint is served from <page>.html, like CloudFront does
      writeFileSync(path.join(staticDir, 'auth.html'), '<!doctype html><title>Sign in</title>');
      for (const p of ['/auth', '/auth/']) expect(await (await fetch(`${base}${p}`)).text(), p).toContain('<title>Sign in</title>');
      expect(await (await fetch(`${base}/authority`)).text()).toContain('<title>FitTrack</title>');
      const api = await fetch(`${base}/api/nope`);
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ message: 'Not Found' });
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
