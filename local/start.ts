import path from 'node:path';
import { startStack } from './stack';

/**
 * `npm start`: the whole app at http://localhost:$PORT (default 3000), data persisted under
 * $LOCAL_DATA_DIR (default .local). Ctrl-C stops every process it started.
 */
const port = Number(process.env.PORT ?? 3000);
// Loopback only by default: the local stack has a known admin and cognito-local's signing key is
// public, so anyone who can reach it could forge tokens. HOST=0.0.0.0 opens the gateway (only).
const host = process.env.HOST || '127.0.0.1';
const dataDir = process.env.LOCAL_DATA_DIR ?? '.local';
const started = Date.now();

console.log(`Starting FitTrack (data in ${dataDir}) ...`);
const stack = await startStack({
  port,
  host,
  dataDir,
  staticDir: path.resolve(import.meta.dirname, '../frontend/dist'),
  logRequests: process.argv.includes('--verbose'),
  printMail: true,
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
if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
  console.warn(`\nWARNING: HOST=${host}: the gateway accepts connections from other machines. This local stack is`);
  console.warn('not safe on a shared network: cognito-local signs tokens with a key that is public in its npm');
  console.warn('package, so anyone who reaches this port could forge a session. Use it on a trusted network only.');
}
const admin = stack.adminCredentials;
if (admin) {
  if (admin.created) {
    console.log('\nFirst start: an administrator account was created. This is shown only once:');
    console.log(`  username: ${admin.username}`);
    console.log(`  password: ${admin.password}`);
  } else {
    console.log(`\nTwo-step sign-in was set up for the administrator "${admin.username}". This is shown only once:`);
  }
  console.log('  authenticator (open in an authenticator app, or paste the secret; the admin sign-in asks for its 6-digit code):');
  console.log(`  ${admin.otpauthUrl}`);
  console.log(`  secret: ${admin.totpSecret}`);
  console.log(`  (also saved to ${path.join(dataDir, 'admin-credentials.json')}, readable only by you)`);
}
console.log(`\nOutgoing mail (password reset and verification codes) is printed here and saved under ${path.join(dataDir, 'mail')}.`);
console.log('\nPress Ctrl-C to stop.');
