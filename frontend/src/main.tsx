import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { browserTimeZone } from './lib/api-client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The built HTML holds a pre-rendered, inert first frame (scripts/prerender.ts); the first commit
// replaces it. Rendering as a transition lets React yield to the browser while it builds the
// first screen, instead of one long task (TBT budget, DESIGN.md section 10).
//
// The first commit sends the first request, which carries the time zone; the first Intl call of
// a page costs 15–45 ms (the browser loads its internationalisation data). Reading the zone in a
// task of its own, before the render starts, keeps that cost out of the commit's task.
setTimeout(() => {
  browserTimeZone();
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}, 0);
