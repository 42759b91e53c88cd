// The pages' one inline script: what must happen before the app's scripts have run.
// 1. Applies the stored appearance (and the cookie choice) before the first paint (no flash of the
//    wrong theme, no flash of the cookie banner).
// 2. The sign-in page's pre-rendered form is live before the app has taken it over: text can be
//    typed at once, and a tap on one of the page's buttons (or a form's submission) is held here
//    instead of done by the browser (which would send the form to the page's own URL), then done
//    by the app as soon as it has taken over (src/lib/held-taps.ts). A choice on the cookie banner
//    is not held: it is stored and applied here. A tab shows its panel at the tap, or at an arrow key (and is held).
// 3. A returning subscriber opening the dashboard: the session check and today's figures are asked
//    for here, while the app's scripts download and run, not after (DESIGN.md section 10); the app
//    takes each answer for its own first request of it (src/lib/early-requests.ts). A hint only:
//    the server decides, and the app drops an answer asked for in another time zone. A visitor
//    with no stored user is sent on to the sign-in page as soon as the server says signed out, or,
//    signed in after all, has a subscriber's figures asked for as soon as the server says so.
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
  // Only a live frame (not inert: scripts/prerender.ts; in index.html only the cookie banner is
  // live) holds taps, only until the app has removed data-prerendered; links, fields and labels
  // keep working as in any page.
  var held = (window.__heldTaps = []);
  function hold(e) {
    var root = document.getElementById('root');
    var t = e.target;
    if (!root || root.hasAttribute('inert') || !root.hasAttribute('data-prerendered') || !root.contains(t)) return;
    if (e.type === 'click') {
      // The cookie banner's choice needs no app: stored and applied here at once (index.css hides
      // the banner), as src/features/cookie-consent/ does; the app finds it stored when it starts.
      var choice = t.closest('[data-cookie-choice]');
      var value = choice && choice.getAttribute('data-cookie-choice');
      if (value === 'accepted' || value === 'declined') {
        e.preventDefault();
        e.stopPropagation();
        try { localStorage.setItem('cookieConsent', value); } catch { /* not kept: asked again next visit */ }
        d.setAttribute('data-cookie-consent', value);
        return;
      }
      t = t.closest('button,[role="button"],[role="tab"],input[type="submit"]');
    }
    if (!t) return;
    e.preventDefault();
    e.stopPropagation();
    if (t.getAttribute('role') === 'tab') {
      showTab(t);
      // only the last tab chosen is handed to the app (Sign Up, Login, Sign Up: Sign Up)
      for (var i = held.length - 1; i >= 0; i--) if (held[i].getAttribute('role') === 'tab') held.splice(i, 1);
    }
    if (held.indexOf(t) < 0) held.push(t);
    // A held submission shows as taken (a dimmed button, a busy page) until the app does it and
    // shows its own progress; main.tsx removes aria-busy at the takeover.
    if ((t.type === 'submit' || t.tagName === 'FORM') && !root.hasAttribute('aria-busy')) {
      root.setAttribute('aria-busy', 'true');
      var busy = document.createElement('style');
      busy.textContent = '#root[aria-busy="true"] button[type="submit"]{cursor:progress;opacity:.7}';
      document.head.appendChild(busy);
    }
  }
  // A tab (Login / Sign Up) shows its panel at the tap, as the app will: the panels are both in the
  // frame (src/components/ui/tabs.tsx keeps the hidden one mounted), so the Sign Up form takes
  // typing at once. The two tabs trade their classes, which differ only by the selected look. The
  // tap is held too: the app, which hydrates the frame as first rendered (Login), selects the tab
  // at the takeover and finds the page already as it renders it.
  function showTab(tab) {
    var list = tab.closest('[role="tablist"]');
    var current = list && list.querySelector('[role="tab"][aria-selected="true"]');
    if (!current || current === tab) return;
    var look = current.className;
    current.className = tab.className;
    tab.className = look;
    current.setAttribute('aria-selected', 'false');
    tab.setAttribute('aria-selected', 'true');
    current.tabIndex = -1;
    tab.tabIndex = 0;
    var from = document.getElementById(current.getAttribute('aria-controls'));
    var to = document.getElementById(tab.getAttribute('aria-controls'));
    if (from) from.hidden = true;
    if (to) to.hidden = false;
  }
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  // The arrow keys, Home and End move between the tabs as the app's do (src/components/ui/tabs.tsx,
  // automatic activation): the tab reached is focused and clicked, which hold() shows and holds.
  document.addEventListener('keydown', function (e) {
    var root = document.getElementById('root');
    var t = e.target;
    if (!root || !root.hasAttribute('data-prerendered') || !t.getAttribute || t.getAttribute('role') !== 'tab') return;
    var list = t.closest('[role="tablist"]');
    var tabs = list ? [].slice.call(list.querySelectorAll('[role="tab"]:not([disabled])')) : [];
    var at = tabs.indexOf(t);
    var n = tabs.length;
    var k = e.key;
    var next = k === 'ArrowRight' ? (at + 1) % n : k === 'ArrowLeft' ? (at - 1 + n) % n : k === 'Home' ? 0 : k === 'End' ? n - 1 : -1;
    if (at < 0 || next < 0) return;
    e.preventDefault();
    tabs[next].focus();
    tabs[next].click();
  });
  // Keys of src/features/auth/user-storage.ts and src/lib/early-requests.ts; the paths and the
  // condition of src/app/app.tsx's preload.
  // Asks for `path` in `zone`, for the app to take (a failure is the app's to report, when it
  // takes the answer).
  function ask(early, path, zone) {
    var request = fetch(path, { credentials: 'same-origin', headers: { 'X-Time-Zone': zone } });
    request.catch(function () {});
    early.requests[path] = request;
  }
  try {
    if (!/^\/(dashboard)?$/.test(location.pathname)) return;
    var user = JSON.parse(get('user'));
    if (!user) {
      // Nobody is signed in here as far as this browser knows (the app keeps the user while signed
      // in, src/features/auth/user-storage.ts): the session check is sent now, and a visitor the
      // server does not know goes to the sign-in page at once, whose form takes typing from its
      // first paint, not after the app has started here only to ask the same and send them there
      // (src/app/require-session.tsx). Signed in after all (cookies without a stored user, or no
      // storage): nothing happens here. Once the app runs, it decides.
      // The app takes this answer for its own first session check: it does not depend on the zone.
      var me = fetch('/api/auth/me', { credentials: 'same-origin' });
      var asked = (window.__earlyRequests = { requests: { '/api/auth/me': me } });
      me.then(function (response) {
        var root = document.getElementById('root');
        var before = function () { return !!root && root.hasAttribute('data-prerendered'); };
        if (response.status === 401 && (!root || before())) location.replace('/auth');
        // Signed in after all: a browser that kept the session's cookies but not this site's
        // storage (cleared, or purged after days away, as Safari does). A subscriber's figures are
        // asked for now, as below, in the browser's zone (src/lib/browser-clock.ts), if the app has
        // not started yet (it asks for them only after its first commit).
        if (!response.ok || !before()) return;
        response.clone().json().then(function (body) {
          if (!body || !body.user || body.user.hasActiveSubscription !== true || !before()) return;
          var zone = window.Temporal ? window.Temporal.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone;
          if (!zone) return;
          asked.zone = zone;
          ask(asked, '/api/progress/today', zone);
        }).catch(function () {});
      }, function () {});
      return;
    }
    var zone = get('timeZone');
    if (user.hasActiveSubscription !== true || !zone) return;
    var early = { zone: zone, requests: {} };
    ask(early, '/api/auth/me', zone);
    ask(early, '/api/progress/today', zone);
    window.__earlyRequests = early;
  } catch {
    // no storage, no fetch, or stored data that is not JSON: the app asks as usual
  }
})();
