import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, portIsFree } from './ports';

const listenOn = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(port, '127.0.0.1', () => resolve(srv));
  });

describe('freePort', () => {
  it('hands out free ports below the kernel ephemeral range, never the ones listen(0) gives', async () => {
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_000);
      expect(await portIsFree(port)).toBe(true);
    }
  });

  it('keeps the preferred port while it is free, and picks another once something listens there', async () => {
    const preferred = await freePort();
    expect(await freePort(preferred)).toBe(preferred);
    const srv = await listenOn(preferred);
    try {
      const other = await freePort(preferred);
      expect(other).not.toBe(preferred);
      expect(await portIsFree(other)).toBe(true);
    } finally {
      await new Promise((r) => srv.close(r));
    }
  });
});
