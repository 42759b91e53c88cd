import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The built HTML holds a pre-rendered, inert first frame (scripts/prerender.ts); the first commit
// replaces it.
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Offline and installable (decision 0206): after the first paint and the load, when idle, in its
// own chunk (app/service-worker.ts); not in development.
if (!import.meta.env.DEV && 'serviceWorker' in navigator) {
  const start = () => void import('@/app/service-worker').then((m) => m.registerServiceWorker());
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
