import { type SWRConfiguration } from 'swr';

/**
 * Longest delay setTimeout accepts (about 24.8 days); larger values (or Infinity) overflow and fire
 * at once, which would turn deduplication off.
 */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * SPEC.md section 7: no refetch on an interval, on focus or on reconnect; data never becomes stale;
 * no retries. Data changes only through explicit `mutate`. There is no default fetcher: each hook
 * names its typed one (an `api.get` of its endpoint).
 */
export const swrDefaults = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  refreshInterval: 0,
  shouldRetryOnError: false,
  revalidateIfStale: false,
  dedupingInterval: MAX_TIMER_MS,
} satisfies SWRConfiguration;
