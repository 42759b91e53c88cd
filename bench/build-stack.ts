import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mailsTo } from '../functions/test/mail';
import { grantSubscription } from '../test-support/subscriptions';
import { startStack } from '../local/stack';

/**
 * A local stack serving one frontend build, with a signed-in subscriber (the bench and the A/B
 * tools). The subscriber is a returning one: paid, and with the email address confirmed by the
 * mailed code, as every e2e journey's account (e2e/fixtures.ts) and as an account is from its first
 * days on (decision 0039). `BENCH_SUBSCRIBER=unconfirmed` measures a new account's screens instead,
 * with the "Confirm your email address" banner above them.
 */
export interface BuildStack {
  dir: string;
  url: string;
  /** The subscriber's session cookies, as a Cookie header. */
  cookie: string;
  /** Stops the stack and removes its data. */
  stop: () => Promise<void>;
}

/**
 * The local outboxes of the stacks this process started. The handlers' clients are made once per
 * process, with the first stack's endpoints, so a later stack's mail lands in the first one's
 * outbox; the addresses are unique, so every outbox is searched.
 */
const outboxes: string[] = [];
const mailedCode = (email: string) => {
  const code = outboxes.flatMap((dir) => mailsTo(email, dir)).at(-1)?.code;
  if (!code) throw new Error(`bench email confirmation: no code mailed to ${email}`);
  return code;
};

export async function startBuildStack(dir: string, label: string): Promise<BuildStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fittrack-build-stack-'));
  const stack = await startStack({ port: 0, dataDir, staticDir: path.resolve(dir), inMemoryDb: true });
  outboxes.push(stack.env.LOCAL_MAIL_DIR!);
  const stop = async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const username = `${label}${Date.now().toString(36)}`;
    const signup = await fetch(`${stack.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.url },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: 'BenchMark-1x-run' }),
    });
    if (!signup.ok) throw new Error(`bench sign-up: ${signup.status} ${await signup.text()}`);
    const { user } = (await signup.json()) as { user: { id: string } };
    await grantSubscription(user.id);
    const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    if (process.env.BENCH_SUBSCRIBER !== 'unconfirmed') {
      const email = `${username}@example.com`;
      const verify = await fetch(`${stack.url}/api/auth/verify-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: stack.url, cookie },
        body: JSON.stringify({ code: mailedCode(email) }),
      });
      if (!verify.ok) throw new Error(`bench email confirmation: ${verify.status} ${await verify.text()}`);
    }
    return { dir, url: stack.url, cookie, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
