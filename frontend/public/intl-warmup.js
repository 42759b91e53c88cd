// A Worker that public/start-app.js starts while the app downloads: it has the browser load its
// internationalisation data on another thread. The first Intl call of a page costs 15–40 ms on a
// desktop (several times that on a phone), and the data it loads is shared by the whole page: once
// this has run, the app's first Intl calls on the main thread (the X-Time-Zone of every request,
// the dashboard's numbers and dates) take well under a millisecond (DESIGN.md section 10, TBT).
try {
  new Intl.NumberFormat().format(12345.5);
  Intl.DateTimeFormat().resolvedOptions();
  new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(0);
} catch {
  // no Intl in this browser: nothing to load
}
close();
