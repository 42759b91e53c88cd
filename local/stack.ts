import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type AdminCredentials, ensureAdmin, ensureTable, ensureUserPool } from './bootstrap';
import { type Emulator, startCognitoLocal, startDynamoLocal, startOnFreePort } from './emulators';
import { createGateway } from './gateway';
import { type StreamPoller, startStreamPoller } from './stream-poller';
import type { StreamRecord } from '../functions/src/log-digest/handler';
import { freePort } from './ports';

export interface StackOptions {
  /** gateway port (0 = any free port) */
  port: number;
  /**
   * The address the gateway listens on: 127.0.0.1 unless asked otherwise (`HOST=0.0.0.0` opens it
   * to the network; the emulators always stay on 127.0.0.1).
   */
  host?: string;
  /** where DynamoDB Local, cognito-local and the admin credentials persist */
  dataDir: string;
  /** built frontend to serve; omit for an API-only stack (integration tests) */
  staticDir?: string;
  /** keep DynamoDB in memory (tests) instead of under dataDir */
  inMemoryDb?: boolean;
  logRequests?: boolean;
  tableName?: string;
  /** print every outgoing mail (reset and verification codes) in this terminal (`npm start`) */
  printMail?: boolean;
}

export interface Stack {
  url: string;
  port: number;
  /** set on the first start only */
  adminCredentials?: AdminCredentials;
  /** the variables the handlers run with (tests use them to reach the emulators directly) */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts the whole local app: DynamoDB Local and cognito-local on free ports, the table,
 * user pool and admin bootstrap, the catalogue seed, and then (only then) the gateway, on
 * 127.0.0.1 unless `host` says otherwise. Everything the
 * handlers need reaches them through environment variables, as in Lambda.
 */
export async function startStack(opts: StackOptions): Promise<Stack> {
  const dataDir = path.resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const portsFile = path.join(dataDir, 'emulator-ports.json');
  const previous = existsSync(portsFile) ? (JSON.parse(readFileSync(portsFile, 'utf8')) as { dynamo?: number; cognito?: number }) : {};
  const tableName = opts.tableName ?? 'fittrack';
  /** the local outbox: every message Cognito would mail, one file each (decision 0019) */
  const mailDir = path.join(dataDir, 'mail');
  const started: Emulator[] = [];
  let server: ReturnType<typeof createGateway> | undefined;
  let poller: StreamPoller | undefined;

  const stop = async () => {
    if (server) await new Promise<void>((r) => server!.close(() => r()));
    server?.closeAllConnections?.();
    // requests whose client has gone still run their handler: let them finish before their emulators go
    await server?.drain();
    await poller?.stop();
    await Promise.all(started.map((e) => e.stop()));
  };

  try {
    // Both starts are waited for, so that when one fails the other is stopped with the rest.
    const starts = await Promise.allSettled([
      startOnFreePort(previous.dynamo, (port) => startDynamoLocal(opts.inMemoryDb ? null : path.join(dataDir, 'dynamodb'), port)),
      startOnFreePort(previous.cognito, (port) =>
        startCognitoLocal(path.join(dataDir, 'cognito'), port, {
          dir: mailDir,
          onMessage: opts.printMail
            ? (m) => console.log(`\n✉  Mail to ${m.to} (${m.subject}): code ${m.code}\n   saved as ${m.file}`)
            : undefined,
        }),
      ),
    ]);
    for (const s of starts) if (s.status === 'fulfilled') started.push(s.value);
    const [dynamo, cognito] = starts.map((s) => {
      if (s.status === 'rejected') throw s.reason;
      return s.value;
    }) as [Emulator, Emulator];
    // ports are reused on the next start when free; pids let an operator (and the fault test) find the emulators
    writeFileSync(portsFile, JSON.stringify({ dynamo: dynamo.port, cognito: cognito.port, dynamoPid: dynamo.process.pid, cognitoPid: cognito.process.pid }));

    await ensureTable(dynamo.endpoint, tableName);
    const ids = await ensureUserPool(cognito.endpoint, dataDir);
    const adminCredentials = await ensureAdmin(cognito.endpoint, dynamo.endpoint, tableName, ids, dataDir);

    // The port is fixed before anything else, so that the handlers' environment (which names the
    // origin) is complete before any handler module is imported, and the gateway opens last.
    const port = opts.port || (await freePort());
    const url = `http://localhost:${port}`;
    const issuer = `${cognito.endpoint}/${ids.userPoolId}`;
    const env: Record<string, string> = {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      TABLE_NAME: tableName,
      LOCAL_MAIL_DIR: mailDir,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      COGNITO_ENDPOINT: cognito.endpoint,
      USER_POOL_ID: ids.userPoolId,
      USER_POOL_CLIENT_ID: ids.userPoolClientId,
      COGNITO_CLIENT_SECRET: ids.userPoolClientSecret,
      JWT_ISSUER: issuer,
      JWKS_URI: `${issuer}/.well-known/jwks.json`,
      ALLOWED_ORIGINS: `${url},http://127.0.0.1:${port}`,
      PAYMENT_MODE: process.env.PAYMENT_MODE ?? 'sandbox',
      PRODUCT_NAME: process.env.PRODUCT_NAME ?? 'FitTrack',
      // CloudWatch metrics (lib/metrics.ts) have nowhere to go locally: no EMF lines in the terminal.
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
    };
    Object.assign(process.env, env);

    // Catalogue seed: idempotent upserts on every start (imported after the env is set), done
    // before the gateway listens, so that no request ever sees a half-seeded catalogue.
    const { seedCatalog } = await import('./seed');
    await seedCatalog();

    // The table's stream consumer, as Lambda's event source runs it in AWS (decision 0023).
    const { handler: foldNewest } = await import('../functions/src/log-digest/handler');
    poller = startStreamPoller({
      endpoint: dynamo.endpoint,
      tableName,
      handle: (records) => foldNewest({ Records: records as StreamRecord[] }),
      onError: (err) => console.error('[stream] newest-events consumer failed, retrying:', err instanceof Error ? err.message : err),
    });

    server = createGateway({ staticDir: opts.staticDir, logRequests: opts.logRequests, onApiRequest: () => poller?.nudge() });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, opts.host ?? '127.0.0.1', () => resolve());
    });

    return { url, port, adminCredentials, env, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
