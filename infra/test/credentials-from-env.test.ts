import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleOptions } from '../lib/bundling';

/**
 * The Lambda bundles' SDK credentials (./builtins/credentials-from-env.mjs, aliased by
 * bundleOptions): an SDK client bundled as a function is bundled finds the execution role's
 * credentials where Lambda puts them, and the rest of the default chain is not in the bundle.
 */
const root = path.resolve(import.meta.dirname, '../..');
let dir: string;
let inputs: string[];

beforeAll(async () => {
  // inside the repository, so that the entry's imports resolve to its node_modules
  dir = mkdtempSync(path.join(import.meta.dirname, '.credentials-'));
  const entry = path.join(dir, 'entry.mjs');
  writeFileSync(
    entry,
    `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
const client = new DynamoDBClient({ region: 'eu-west-1' });
try {
  const c = await client.config.credentials();
  console.log(JSON.stringify({ accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey, sessionToken: c.sessionToken }));
} catch (error) {
  console.log(JSON.stringify({ error: error.name }));
}`,
  );
  const { metafile } = await build({ ...bundleOptions(entry, path.join(dir, 'out'), root), metafile: true });
  inputs = Object.values(metafile.outputs).flatMap((o) => Object.keys(o.inputs));
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (env: Record<string, string>) => {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AWS_')));
  const r = spawnSync(process.execPath, [path.join(dir, 'out', 'index.mjs')], { env: { ...clean, ...env }, encoding: 'utf8', cwd: dir });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as unknown;
};

describe('Lambda bundles: credentials from the environment only', () => {
  it("reads the execution role's credentials from Lambda's reserved variables", () => {
    expect(run({ AWS_ACCESS_KEY_ID: 'ASIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'token' })).toEqual({
      accessKeyId: 'ASIAEXAMPLE',
      secretAccessKey: 'secret',
      sessionToken: 'token',
    });
  });

  it('fails as the SDK fails without them (no shared files, SSO or metadata services are asked)', () => {
    expect(run({ HOME: dir })).toEqual({ error: 'CredentialsProviderError' });
  });

  it('ships none of the default chain’s other links, nor the STS, SSO and sign-in clients', () => {
    expect(inputs.some((i) => i.includes('@aws-sdk/credential-provider-env'))).toBe(true);
    const other = inputs.filter((i) => /@aws-sdk\/(credential-provider-(node|ini|sso|process|web-identity|http|login)|nested-clients)|@smithy\/credential-provider-imds|xml-builder/.test(i));
    expect(other).toEqual([]);
  });
});
