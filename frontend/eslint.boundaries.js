import { readdirSync } from 'node:fs';

/**
 * The frontend's import rules (README: "Frontend map"), as `no-restricted-imports` errors:
 * - one import style: `@/` (frontend/src) or a sibling `./`, never `../`;
 * - a feature imports another feature only through its public module `features/<f>/public.ts`;
 * - the app (router, layouts, providers) imports a feature's public module or its page modules;
 * - shared code (components/, lib/) imports no feature and not the app;
 * - no global `mutate` of swr (it does not reach the app's cache, note 0202), and no
 *   `useSWRConfig` in screens: cache updates come from the api/ hooks that return bound mutators.
 */
const src = 'frontend/src';
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const noParent = { regex: '^\\.\\./', message: 'Import with the @/ alias (frontend/src) instead of ../' };
const throughPublic = (feature) => ({
  regex: `^@/features/(?!${feature}/)[^/]+/(?!public$)`,
  message: 'Import another feature only through its public module (@/features/<feature>/public).',
});
const appImports = {
  regex: '^@/features/[^/]+/(?!public$|components/[^/]+-pages?$)',
  message: 'The app imports a feature through its public module or its page modules.',
};
const sharedImports = { regex: '^@/(features|app)/', message: 'Shared code (components/, lib/) imports no feature and not the app.' };
const noGlobalMutate = {
  name: 'swr',
  importNames: ['mutate'],
  message: "The global mutate of swr does not reach the app's cache (docs/decisions/0202): use a hook that returns a bound mutator.",
};
const noCacheInScreens = {
  name: 'swr',
  importNames: ['mutate', 'useSWRConfig'],
  message: "Screens update the SWR cache through the api/ hooks that return bound mutators (docs/decisions/0202).",
};

const restrict = (files, patterns, swr) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths: [swr], patterns: [noParent, ...patterns] }] },
});

export const frontendBoundaries = [
  restrict([`${src}/**/*.{ts,tsx}`], [], noGlobalMutate),
  restrict([`${src}/{components,lib}/**/*.{ts,tsx}`], [sharedImports], noGlobalMutate),
  restrict([`${src}/app/**/*.{ts,tsx}`], [appImports], noCacheInScreens),
  ...features.flatMap((f) => [
    restrict([`${src}/features/${f}/**/*.{ts,tsx}`], [throughPublic(f)], noGlobalMutate),
    restrict([`${src}/features/${f}/components/**/*.{ts,tsx}`], [throughPublic(f)], noCacheInScreens),
  ]),
];
