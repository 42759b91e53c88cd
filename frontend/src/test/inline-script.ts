import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The pages' inline script (public/appearance.js), as the build inlines it. */
const inlineScript = readFileSync(path.resolve(import.meta.dirname, '../../public/appearance.js'), 'utf8');

/** Runs the pages' inline script as the browser runs it: in the page, before the app. */
export const runInlineScript = (): void => new Function(inlineScript)() as void;
