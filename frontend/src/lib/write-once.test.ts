import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPendingWrites, pendingWrites, setQueueOwner } from './offline-queue';
import { SavedOffline, writeOnce } from './write-once';

/** fetch answering in turn with each of `answers` (a status, or 'offline' for a network error); records the keys sent. */
function network(answers: (number | 'offline')[]) {
  const keys: string[] = [];
  const fn = vi.fn(async (_url: RequestInfo | URL, init: RequestInit = {}) => {
    keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
    const a = answers.shift() ?? 200;
    if (a === 'offline') throw new TypeError('Failed to fetch');
    return new Response(a === 200 ? JSON.stringify({ ok: true }) : JSON.stringify({ message: 'Daily limit' }), { status: a });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, keys };
}

const write = { method: 'POST' as const, path: '/api/progress/today/meals', body: { mealId: 'm1' }, label: 'Oatmeal' };

beforeEach(async () => {
  setQueueOwner('u-1');
  // an empty queue for each test
  await flushPendingWrites(async () => 'sent');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('writeOnce (decision 0105)', () => {
  it('sends again with the same Idempotency-Key when the answer was lost, and answers the first answer that arrives', async () => {
    const { fn, keys } = network(['offline', 503, 200]);
    await expect(writeOnce(write, { delayMs: 1 })).resolves.toEqual({ ok: true });
    expect(fn).toHaveBeenCalledTimes(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await pendingWrites()).toEqual([]);
  });

  it('does not repeat a refusal', async () => {
    const { fn } = network([409]);
    await expect(writeOnce(write, { delayMs: 1 })).rejects.toMatchObject({ status: 409 });
    expect(fn).toHaveBeenCalledTimes(1);
    expect(await pendingWrites()).toEqual([]);
  });

  it('with no connection keeps the write, with its key, and says so (SavedOffline)', async () => {
    const { fn, keys } = network(['offline', 'offline', 'offline']);
    const err = await writeOnce(write, { delayMs: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SavedOffline);
    expect(fn).toHaveBeenCalledTimes(3);
    const [kept] = await pendingWrites();
    expect(kept).toMatchObject({ ...write, key: keys[0], owner: 'u-1' });
  });

  it('offline from the start: kept at once, nothing sent; a caller-chosen key is kept as it is', async () => {
    const { fn } = network([]);
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    await expect(writeOnce({ ...write, key: 'k-dialog' })).rejects.toBeInstanceOf(SavedOffline);
    expect(fn).not.toHaveBeenCalled();
    expect((await pendingWrites()).map((w) => w.key)).toEqual(['k-dialog']);
  });
});

describe('the offline queue', () => {
  const keep = async (n: number) => {
    network(Array(3 * n).fill('offline'));
    for (let i = 0; i < n; i += 1) await writeOnce({ ...write, label: `w${i}` }, { delayMs: 1 }).catch(() => undefined);
  };

  it('sends in order; the first unreachable send stops the round and keeps the rest in order', async () => {
    await keep(3);
    const seen: string[] = [];
    await flushPendingWrites(async (w) => {
      seen.push(w.label);
      return w.label === 'w1' ? 'unreachable' : 'sent';
    });
    expect(seen).toEqual(['w0', 'w1']);
    expect((await pendingWrites()).map((w) => w.label)).toEqual(['w1', 'w2']);
  });

  it('drops a refused write only after the sender has dealt with it, and goes on with the next', async () => {
    await keep(2);
    const refused: string[] = [];
    await flushPendingWrites(async (w) => {
      if (w.label === 'w0') {
        refused.push(w.label);
        return 'refused';
      }
      return 'sent';
    });
    expect(refused).toEqual(['w0']);
    expect(await pendingWrites()).toEqual([]);
  });

  it("keeps another account's writes apart: neither shown nor sent while someone else is signed in", async () => {
    await keep(1);
    setQueueOwner('u-2');
    expect(await pendingWrites()).toEqual([]);
    const sent = vi.fn(async () => 'sent' as const);
    await flushPendingWrites(sent);
    expect(sent).not.toHaveBeenCalled();
    setQueueOwner('u-1');
    expect(await pendingWrites()).toHaveLength(1);
  });
});
