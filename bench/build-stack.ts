import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { grantSubscription } from '../test-support/subscriptions';
import { startStack } from '../local/stack';

/** A local stack serving one frontend build, with a signed-in subscriber (the bench and the A/B tools). */
export interface BuildStack {
  dir: string;
  url: string;
  /** The subscriber's session cookies, as a Cookie header. */
  cookie: string;
  /** Stops the stack and removes its data. */
  stop: () => Promise<void>;
}

export async function startBuildStack(dir: string, label: string): Promise<BuildStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fittrack-build-stack-'));
  const stack = await startStack({ port: 0, dataDir, staticDir: path.resolve(dir), inMemoryDb: true });
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
    return { dir, url: stack.url, cookie, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
