import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStack } from '../local/stack';

/**
 * Browser journeys run against the whole app as `npm start` runs it: emulators, gateway and
 * the built frontend, on a free port with a throw-away data directory.
 */
export default async function setup() {
  // E2E_STATIC_DIR lets an engineer test a private build (vite build --outDir ...) while others build.
  const staticDir = path.resolve(process.env.E2E_STATIC_DIR ?? path.resolve(import.meta.dirname, '../frontend/dist'));
  if (!existsSync(path.join(staticDir, 'index.html'))) throw new Error('frontend/dist is missing: npm test builds it first (npm run build)');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fittrack-e2e-'));
  const stack = await startStack({ port: 0, dataDir, staticDir });
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_ADMIN_PASSWORD = stack.adminCredentials?.password ?? '';
  process.env.E2E_ADMIN_TOTP_SECRET = stack.adminCredentials?.totpSecret ?? '';
  Object.assign(process.env, stack.env); // fixtures reach DynamoDB Local directly
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
