import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';

/**
 * The text a built page carries inline for one of `inlinePageScripts` (site.ts), from its file in
 * frontend/public: minified by esbuild, since its comments are for the next engineer, not for every
 * first visit (about 0.6 KB of each page's gzip HTML). The pre-render (frontend/scripts/prerender.ts)
 * inlines it and writes it to the build's copy of the file, which the local gateway hashes for its
 * CSP; the CDK site construct hashes this same text. Not in site.ts: the functions' bundles import
 * that module, and must not carry esbuild.
 */
export const inlineScriptText = (file: string): string => transformSync(readFileSync(file, 'utf8'), { loader: 'js', minify: true, legalComments: 'none' }).code.trimEnd();
