import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { startServiceWorker } from '@/app/service-worker';
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

// Offline and installable (decision 0206): after the first paint and the load, when idle.
startServiceWorker();
