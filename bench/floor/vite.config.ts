import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defineConfig, type PluginOption } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { reactRouterTreeShaking } from '../../frontend/scripts/react-router-tree-shaking';

/**
 * The floor's build (bench/floor): the frontend's Vite, React plugin and Tailwind plugin, nothing
 * else, and the frontend's react-router build step (so that both ship the same parts of the
 * router). Every package resolves as the frontend's does (the React plugin is installed under
 * frontend/, so it is taken from there). `npm run bench` builds it.
 */
const fromFrontend = createRequire(new URL('../../frontend/package.json', import.meta.url));
const react = ((await import(pathToFileURL(fromFrontend.resolve('@vitejs/plugin-react')).href)) as { default: () => PluginOption }).default;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [reactRouterTreeShaking(fileURLToPath(new URL('../../frontend/', import.meta.url))), react(), tailwindcss()],
  build: { outDir: fileURLToPath(new URL('./dist', import.meta.url)), emptyOutDir: true },
});
