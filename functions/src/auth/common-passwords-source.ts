import compress from '@zxcvbn-ts/dictionary-compression/compress';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * How functions/src/auth/common-passwords.data.ts is made (local/generate-common-passwords.ts) and
 * checked (password-strength.test.ts): the first COMMON_PASSWORD_COUNT entries of zxcvbn-ts's
 * frequency-ordered common password list, in the package's compressed dictionary format.
 * Scripts and tests only: no handler imports this module.
 */
export const COMMON_PASSWORD_COUNT = 10_000;

export const commonPasswordsData = (): string => compress((dictionary['passwords-common'] as unknown as string[]).slice(0, COMMON_PASSWORD_COUNT)) as string;
