import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * Reloads a key into the app's SWR cache, but only when the cache holds it: a list nobody has
 * shown yet loads when it is first shown, so it costs no request now. The fetch itself goes in
 * the cache (with `revalidateIfStale: false`, a bare revalidation without a mounted hook would do
 * nothing, note 0202); the old data stays on screen until the new data arrives. A failed reload is
 * only logged (the change that asked for it did succeed) and leaves the old data.
 */
export function useRefreshIfCached() {
  const { cache, mutate } = useSWRConfig();
  return useCallback(
    async <T>(key: string, fetch: () => Promise<T>): Promise<void> => {
      if (cache.get(key) === undefined) return;
      try {
        await mutate(key, fetch(), { revalidate: false, populateCache: true, rollbackOnError: true });
      } catch (error) {
        console.warn(`Reloading ${key} failed`, error);
      }
    },
    [cache, mutate],
  );
}

/**
 * Asks again every cached key that `test` accepts (the mounted hooks refetch): for changes made in
 * the background, such as the writes sent after a time offline (app/offline-sync.tsx).
 */
export function useRevalidateMatching() {
  const { mutate } = useSWRConfig();
  return useCallback((test: (key: string) => boolean) => mutate((key) => typeof key === 'string' && test(key)), [mutate]);
}
