import { type ReactNode, StrictMode, startTransition, useEffect, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { replayHeldTaps } from '@/lib/held-taps';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/**
 * The built HTML holds a pre-rendered first frame in #root (scripts/prerender.ts), named by
 * `data-prerendered`: inert where the app may replace it (but the cookie banner, whose choice the
 * inline script takes), live on the sign-in page (its fields take
 * text before the app has started; a tap on a button waits for the app: lib/held-taps.ts). Where
 * the app's first render is that frame, the app hydrates it: the DOM the browser already parsed,
 * styled and laid out stays, and React only attaches to it. `/auth` renders the sign-in form; `/`
 * and `/dashboard` (the installed app's start and the landing after sign-in) render the session
 * spinner of index.html, which is every client route's fallback.
 * Any other path served that fallback (a deep link, a legal page) renders something else, so the
 * app's first commit replaces the frame there.
 */
const framePages: Record<string, readonly string[]> = { '/auth': ['/auth'], '/': ['/', '/dashboard'] };
const frame = root.dataset.prerendered;
const hydrate = frame !== undefined && (framePages[frame] ?? []).includes(location.pathname);

/**
 * Once the first commit is in the DOM, before it paints: the page is the app's. Then, in a task of
 * its own, the taps held until now are done: dispatched from the first commit's own effects, the
 * held tap's submit event did not reach the form's handler and the browser submitted the form
 * itself (e2e/first-paint.e2e.test.ts).
 */
function TakeOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    // index.html's frame is inert but for its cookie banner (scripts/prerender.ts); hydrated on `/`
    for (const part of root!.querySelectorAll(':scope > [inert]')) part.removeAttribute('inert');
    root!.removeAttribute('data-prerendered');
    root!.removeAttribute('aria-busy'); // set by appearance.js while a submission was held
  }, []);
  useEffect(() => void setTimeout(replayHeldTaps), []);
  return children;
}

const app = (
  <StrictMode>
    <TakeOver>
      <App />
    </TakeOver>
  </StrictMode>
);
// `/`'s frame is the session spinner: nothing on it waits for the app (its cookie banner's taps are
// the inline script's until the takeover), so it is hydrated in a transition, which React renders in
// 5 ms slices (TBT budget, DESIGN.md section 10; the framework's first run is most of it). `/auth`'s
// form is hydrated at once: a tap held before the app is done at the takeover (decision 0034), which
// a transition made 18-72 ms later (bench/results/first-paint.md, 2026-11-28 night).
if (hydrate && frame === '/') startTransition(() => void hydrateRoot(root, app));
else if (hydrate) hydrateRoot(root, app);
else createRoot(root).render(app);

// Offline and installable (decision 0206): after the first paint and the load, when idle, in its
// own chunk (app/service-worker.ts); not in development.
if (!import.meta.env.DEV && 'serviceWorker' in navigator) {
  const start = () => void import('@/app/service-worker').then((m) => m.registerServiceWorker());
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
