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
