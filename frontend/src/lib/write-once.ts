import { ApiError } from './api-client';

/** The header the tracking writes take (functions/src/contract/tracking.ts IDEMPOTENCY_HEADER). */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Answers that say nothing about whether the write was applied: the gateway or the network lost it. */
const LOST = new Set([502, 503, 504]);

/**
 * Sends one tracking write with one Idempotency-Key and, when its answer was lost (a network error,
 * or 502/503/504), sends it again with the SAME key, up to `tries` times: the server applies it
 * once and answers a repeat with the day as stored (decision 0105), so a phone that loses its
 * signal mid-request neither loses the entry nor counts it twice. A refusal (4xx) is not retried.
 */
export async function writeOnce<T>(send: (headers: Record<string, string>) => Promise<T>, o: { tries?: number; delayMs?: number } = {}): Promise<T> {
  const headers = { [IDEMPOTENCY_HEADER]: crypto.randomUUID() };
  const tries = o.tries ?? 3;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send(headers);
    } catch (err) {
      const lost = err instanceof TypeError || (err instanceof ApiError && LOST.has(err.status));
      if (!lost || attempt >= tries) throw err;
      await new Promise((resolve) => setTimeout(resolve, (o.delayMs ?? 400) * attempt));
    }
  }
}
