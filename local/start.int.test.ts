import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { generateSync } from 'otplib';
import { DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { meals, stretches, workouts } from '../functions/src/catalog/catalog-data';
import { CATALOG_COPIES, type CatalogKind, keys } from '../functions/src/lib/db/keys';
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

/** Whether a TCP connection to host:port is accepted. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** The machine's addresses other than loopback (where another machine would connect). */
const networkAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && a.family === 'IPv4')
    .map((a) => a!.address);

async function stop(r: Running): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => r.child.once('exit', (code) => resolve(code)));
  r.child.kill('SIGINT');
  return exited;
}

const emulatorPorts = () => JSON.parse(readFileSync(path.join(dataDir, 'emulator-ports.json'), 'utf8')) as { dynamo: number; cognito: number };

describe('npm start is safe by default', () => {
  it('answers no request before the catalogue is seeded, and listens on loopback only', async () => {
    const safeDir = mkdtempSync(path.join(tmpdir(), 'fittrack-safe-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
      cwd: root,
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'HOST')), PORT: String(port), LOCAL_DATA_DIR: safeDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    try {
      // from the first moment the gateway takes a connection, the whole catalogue is there
      const deadline = Date.now() + 60_000;
      while (!(await accepts('127.0.0.1', port))) {
        if (child.exitCode !== null) throw new Error(`start exited early:\n${out}`);
        if (Date.now() > deadline) throw new Error(`start did not listen:\n${out}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const portsFile = path.join(safeDir, 'emulator-ports.json');
      expect(existsSync(portsFile)).toBe(true);
      const { dynamo, cognito } = JSON.parse(readFileSync(portsFile, 'utf8')) as { dynamo: number; cognito: number };
      const db = new DynamoDBClient({ endpoint: `http://127.0.0.1:${dynamo}`, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
      // the fewest items in any of the catalogue's copies (decision 0020): every copy is whole
      const count = async (kind: CatalogKind) => {
        const counts = [];
        for (let copy = 0; copy < CATALOG_COPIES; copy += 1) {
          const pk = keys.catalogPartition(kind, copy);
          counts.push((await db.send(new QueryCommand({ TableName: 'fittrack', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: pk } }, Select: 'COUNT' }))).Count);
        }
        return Math.min(...counts.map(Number));
      };
      expect({ meals: await count('MEAL'), workouts: await count('WORKOUT'), stretches: await count('STRETCH') }).toEqual({ meals: meals.length, workouts: workouts.length, stretches: stretches.length });
      db.destroy();
      // loopback only: the gateway, cognito-local and DynamoDB Local refuse the machine's network addresses
      const external = networkAddresses();
      expect(external.length, 'this machine has a network address to try').toBeGreaterThan(0);
      for (const address of external) {
        expect(await accepts(address, port), `gateway on ${address}`).toBe(false);
        expect(await accepts(address, cognito), `cognito-local on ${address}`).toBe(false);
        expect(await accepts(address, dynamo), `DynamoDB Local on ${address}`).toBe(false);
      }
      expect(await accepts('127.0.0.1', dynamo)).toBe(true);
      expect(out).not.toContain('WARNING: HOST=');
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
      rmSync(safeDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('npm start', () => {
  it('starts, prints the admin credentials once, stops cleanly on Ctrl-C and keeps data across restarts', async () => {
    const port = await freePort();
    const first = await start(port);
    const url = `http://localhost:${port}`;
    expect(first.output()).toContain(`FitTrack is running at ${url}`);
    const creds = JSON.parse(readFileSync(path.join(dataDir, 'admin-credentials.json'), 'utf8')) as { username: string; password: string; totpSecret: string };
    expect(creds.username).toBe('admin');
    expect(creds.totpSecret).toMatch(/^[A-Z2-7]{16,}$/); // base32: the admin starts with two-step sign-in (decision 0018)
    expect(creds.password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{20}$/);
    // printed right after the "running at" line: on a busy machine it may arrive in a later chunk
    for (let i = 0; i < 50 && !first.output().includes(creds.password); i++) await new Promise((r) => setTimeout(r, 100));
    expect(first.output()).toContain(creds.password);
    expect(first.output()).toContain(`otpauth://totp/FitTrack%3Aadmin?secret=${creds.totpSecret}`);
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
      expect(second.output()).not.toContain(creds.totpSecret);
      expect(second.output()).not.toContain('First start');
      for (const body of [
        { username, password: 'Persist3ntPass' },
        { username: 'admin', password: creds.password, code: generateSync({ secret: creds.totpSecret }) },
      ]) {
        const login = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url },
          body: JSON.stringify(body),
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
