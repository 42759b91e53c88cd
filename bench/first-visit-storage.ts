/**
 * What Lighthouse clears before a run that measures a first visit: its default storage reset
 * (file systems, shader cache, service workers, cache storage) and also local storage, IndexedDB and
 * cookies, which it leaves alone by default so that signed-in pages can be measured. Used by
 * `bench/run.ts` for its `/auth` runs and by `bench/lighthouse-ab.ts` with LIGHTHOUSE_AB_FIRST_VISIT.
 */
export const firstVisitStorage = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage', 'indexeddb', 'cookies'] as const;
