// Starts the app once the pre-rendered first frame (scripts/prerender.ts) is on screen.
// The build moves the app's module scripts out of <head> into the JSON block #app-scripts and
// inlines this file after it, at the end of <body>; the CSP allows exactly this text by its hash.
// The first paint needs nothing but the HTML, so the app's download starts right after it: the
// first frame never waits for the app's scripts, and the browser's first frame is not delayed by
// evaluating them (DESIGN.md section 10, LCP; docs/decisions/0009).
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
    // While the app downloads, another thread loads the browser's internationalisation data, which
    // the app's first Intl call would otherwise load on this one (public/intl-warmup.js).
    if (typeof Worker === 'function') {
      try {
        new Worker('/intl-warmup.js');
      } catch {
        // no worker: the app's first Intl call loads the data
      }
    }
  }
  // Start when the browser reports the first frame on screen (paint timing), else after the next
  // animation frame; and in any case after half a second, should neither come. A hidden tab paints
  // nothing: start at once.
  if (document.visibilityState !== 'visible') {
    start();
    return;
  }
  setTimeout(start, 500);
  var types = (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
})();
