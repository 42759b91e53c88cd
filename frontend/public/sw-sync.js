/*
 * Background Sync for the writes kept while offline (decision 0105), imported by the service
 * worker (scripts/service-worker.ts). The writes and the session live with the page, so when the
 * browser says the connection is back the worker asks every open FitTrack window to send them
 * (app/offline-sync.tsx); with no window open, the next app open sends them.
 */
self.addEventListener('sync', (event) => {
  if (event.tag !== 'fittrack-pending-writes') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) w.postMessage({ type: 'FITTRACK_SEND_PENDING' });
    }),
  );
});
