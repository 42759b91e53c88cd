import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { type Emulator, PortTakenError, startOnFreePort } from './emulators';
import { portIsFree } from './ports';

const emulatorOn = (port: number): Emulator => ({ endpoint: `http://127.0.0.1:${port}`, port, process: {} as ChildProcess, stop: async () => {} });

describe('startOnFreePort', () => {
  it('starts on another free port when the one it was given was taken before the bind', async () => {
    const tried: number[] = [];
    const started = await startOnFreePort(undefined, async (port) => {
      tried.push(port);
      if (tried.length === 1) throw new PortTakenError('taken');
      return emulatorOn(port);
    });
    expect(tried).toHaveLength(2);
    expect(tried[1]).not.toBe(tried[0]);
    expect(started.port).toBe(tried[1]);
    expect(await portIsFree(started.port)).toBe(true);
  });

  it('gives up after three taken ports, and at once on any other failure', async () => {
    let calls = 0;
    await expect(
      startOnFreePort(undefined, async () => {
        calls += 1;
        throw new PortTakenError('taken');
      }),
    ).rejects.toBeInstanceOf(PortTakenError);
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      startOnFreePort(undefined, async () => {
        calls += 1;
        throw new Error('Is Java 17+ installed?');
      }),
    ).rejects.toThrow('Java');
    expect(calls).toBe(1);
  });
});
