import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import decompress from '@zxcvbn-ts/dictionary-compression/decompress';
import { adjacencyGraphs } from '@zxcvbn-ts/language-common';
import commonPasswords from './common-passwords.data';

/**
 * The zxcvbn-ts checker of auth/password-strength.ts, which loads this module with `import()` (a chunk
 * of its own). Static imports here, so that esbuild keeps only the keyboard graphs of
 * @zxcvbn-ts/language-common (free of side effects) and not its whole 380 KB password list.
 */
export const checker = new ZxcvbnFactory({ dictionary: { 'passwords-common': decompress(commonPasswords) }, graphs: adjacencyGraphs });
