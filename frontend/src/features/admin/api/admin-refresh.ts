import { type SWRConfiguration } from 'swr';

/** SPEC.md sections 7 and 9: the admin page reloads feedback and logs on open and every 30 seconds. */
const ADMIN_REFRESH_MS = 30_000;

/**
 * Local override of the app-wide SWR defaults (which never refetch): only the admin page polls.
 * Deduplication must be shorter than the interval, or the interval's requests would be dropped.
 */
export const ADMIN_REFRESH = {
  refreshInterval: ADMIN_REFRESH_MS,
  revalidateOnMount: true,
  dedupingInterval: 2_000,
} satisfies SWRConfiguration;
