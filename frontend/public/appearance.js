// Applies the stored appearance (and the cookie choice) before the first paint (no flash of the
// wrong theme, no flash of the cookie banner).
// The build inlines this file into the pages (scripts/prerender.ts); the CSP allows exactly this
// text by its hash, computed from this file. Keep in sync with src/features/settings/appearance.ts.
(function () {
  var d = document.documentElement;
  function get(k) {
    try { return localStorage.getItem(k); } catch { return null; }
  }
  var black = get('theme') === 'black';
  d.setAttribute('data-theme', black ? 'black' : 'light');
  d.setAttribute('data-motion', get('reduceMotion') === 'true' ? 'reduce' : 'full');
  d.setAttribute('data-text', get('largerText') === 'true' ? 'large' : 'normal');
  // The pre-rendered first paint includes the cookie banner; hide it when a choice is stored
  // (index.css), so a returning visitor never sees it flash before the app starts.
  var consent = get('cookieConsent');
  if (consent === 'accepted' || consent === 'declined') d.setAttribute('data-cookie-consent', consent);
  if (black) {
    var m = document.querySelector('meta[name="theme-color"]');
    if (m) m.setAttribute('content', '#000000');
  }
})();
