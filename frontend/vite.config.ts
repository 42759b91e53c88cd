/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { blackThemePruning } from './scripts/black-theme-pruning';
import { reactRouterTreeShaking } from './scripts/react-router-tree-shaking';

/** The local gateway (npm start / npm run dev) serves the API on this origin. */
const gateway = 'http://localhost:3000';

/**
 * The year of the build, for the pre-rendered frames' copyright line (app/app-footer.tsx). The
 * client build and the pre-render's SSR build each read it, seconds apart: only a build across the
 * midnight of New Year's Eve would give them two years (its frames would then be rendered anew
 * rather than hydrated).
 */
const buildYear = new Date().getFullYear();

export default defineConfig({
  plugins: [reactRouterTreeShaking(fileURLToPath(new URL('.', import.meta.url))), react(), tailwindcss(), blackThemePruning()],
  define: { __BUILD_YEAR__: JSON.stringify(buildYear) },
  // One import style: `@/` is frontend/src (tsconfig.json's paths say the same to the type checker).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    manifest: true,
    // One stylesheet, which the built pages carry inline (scripts/prerender.ts). With per-chunk CSS,
    // a lazy chunk that imports the entry lists the entry's stylesheet among its dependencies, and
    // Vite's preload helper, finding no <link> for it, loads and parses the whole sheet again
    // (the checkout's payment sections did). The app has no CSS of its own per chunk.
    cssCodeSplit: false,
  },
  server: {
    proxy: {
      '/api': gateway,
      '/paypal': gateway,
      '/webhooks': gateway,
    },
  },
  test: {
    name: 'frontend',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // room for the 5 s async queries of src/test/setup.ts
    testTimeout: 20_000,
  },
});
