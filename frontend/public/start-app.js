// Starts the app once the pre-rendered first frame (scripts/prerender.ts) is on screen.
// The build moves the app's module scripts out of <head> into the JSON block #app-scripts and
// inlines this file after it, at the end of <body>; the CSP allows exactly this text by its hash.
// The first paint needs nothing but the HTML, so the app's download starts right after it: the
// first frame never competes with the app's scripts, and Lighthouse's LCP simulation no longer
// charges their download to a paint that does not need them. A returning visitor has the scripts
// in the HTTP cache and loses nothing; a first visit on a slow phone gets the app about 0.25 s later
// (docs/decisions/0009, third part).
(function () {
  var block = document.getElementById('app-scripts');
  if (!block) return; // the Vite dev server: index.html loads src/main.tsx itself
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var scripts = JSON.parse(block.textContent);
    for (var i = 0; i < scripts.preload.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = scripts.preload[i];
      document.head.appendChild(link);
    }
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = scripts.entry;
    document.head.appendChild(entry);
  }
  // Start when the browser reports the first contentful paint (paint timing): an earlier paint
  // may be the background alone. Without paint timing, start after the next animation frame. A
  // hidden tab paints nothing: start at once, and when the tab is hidden before its first paint.
  // Should nothing come at all, start after 3 s.
  if (document.visibilityState !== 'visible') {
    start();
    return;
  }
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 3000);
  var types = (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
})();
