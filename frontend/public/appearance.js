// Applies the stored appearance before the first paint (no flash of the wrong theme).
// An external file because the CSP allows no inline script; keep in sync with
// src/features/settings/appearance.ts.
(function () {
  var d = document.documentElement;
  function get(k) {
    try { return localStorage.getItem(k); } catch { return null; }
  }
  var black = get('theme') === 'black';
  d.setAttribute('data-theme', black ? 'black' : 'light');
  d.setAttribute('data-motion', get('reduceMotion') === 'true' ? 'reduce' : 'full');
  d.setAttribute('data-text', get('largerText') === 'true' ? 'large' : 'normal');
  if (black) {
    var m = document.querySelector('meta[name="theme-color"]');
    if (m) m.setAttribute('content', '#000000');
  }
})();
