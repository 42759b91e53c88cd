import path from 'node:path';
import { startStack } from './stack';

/**
 * `npm start`: the whole app at http://localhost:$PORT (default 3000), data persisted under
 * $LOCAL_DATA_DIR (default .local). Ctrl-C stops every process it started.
 */
const port = Number(process.env.PORT ?? 3000);
const dataDir = process.env.LOCAL_DATA_DIR ?? '.local';
const started = Date.now();

console.log(`Starting FitTrack (data in ${dataDir}) ...`);
const stack = await startStack({
  port,
  dataDir,
  staticDir: path.resolve(import.meta.dirname, '../frontend/dist'),
  logRequests: process.argv.includes('--verbose'),
});

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping FitTrack ...`);
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

console.log(`\nFitTrack is running at ${stack.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
if (stack.adminCredentials) {
  console.log('\nFirst start: an administrator account was created. This is shown only once:');
  console.log(`  username: ${stack.adminCredentials.username}`);
  console.log(`  password: ${stack.adminCredentials.password}`);
  console.log(`  (also saved to ${path.join(dataDir, 'admin-credentials.json')}, readable only by you)`);
}
console.log('\nPress Ctrl-C to stop.');
