import net from 'node:net';

/** True when nothing listens on the port (on 127.0.0.1). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A free port, preferring `preferred` (so a restart keeps its emulator ports when it can), for a
 * process that binds it a moment or seconds later (an emulator, the gateway, a child started with
 * PORT=...). It comes from below the kernel's ephemeral range (Linux 32768-60999, macOS
 * 49152-65535): a port from listen(0) is one the kernel hands out, and in that window another
 * listen(0) or outgoing connection on this machine can take it (the npm start test once failed
 * with EADDRINUSE so). Nothing takes a port from this range unless it asks for that very number.
 */
export async function freePort(preferred?: number): Promise<number> {
  if (preferred && (await portIsFree(preferred))) return preferred;
  for (let i = 0; i < 100; i++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await portIsFree(port)) return port;
  }
  throw new Error('no free port between 20000 and 32000');
}

/** Thrown by a `waitFor` probe that knows it will never be ready (the process it waits for has exited). */
export class StopWaiting extends Error {}

export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await probe()) return;
    } catch (err) {
      if (err instanceof StopWaiting) throw err;
      // not ready yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
