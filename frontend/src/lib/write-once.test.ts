import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { writeOnce } from './write-once';

describe('writeOnce (decision 0105)', () => {
  it('sends again with the same Idempotency-Key when the answer was lost, and answers the first answer that arrives', async () => {
    const keys: string[] = [];
    const send = vi.fn(async (headers: Record<string, string>) => {
      keys.push(headers['Idempotency-Key']!);
      if (keys.length === 1) throw new TypeError('Failed to fetch');
      if (keys.length === 2) throw new ApiError(503, 'Service Unavailable', '');
      return 'ok';
    });
    await expect(writeOnce(send, { delayMs: 1 })).resolves.toBe('ok');
    expect(send).toHaveBeenCalledTimes(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not repeat a refusal, and gives up after three lost answers', async () => {
    const refused = vi.fn(async () => {
      throw new ApiError(409, 'Conflict', '{"message":"Daily limit"}');
    });
    await expect(writeOnce(refused, { delayMs: 1 })).rejects.toMatchObject({ status: 409 });
    expect(refused).toHaveBeenCalledTimes(1);
    const lost = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(writeOnce(lost, { delayMs: 1 })).rejects.toBeInstanceOf(TypeError);
    expect(lost).toHaveBeenCalledTimes(3);
  });

  it('each write has its own key', async () => {
    const keys: string[] = [];
    const send = async (h: Record<string, string>) => void keys.push(h['Idempotency-Key']!);
    await writeOnce(send);
    await writeOnce(send);
    expect(keys[0]).not.toBe(keys[1]);
  });
});
