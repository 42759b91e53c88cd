import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON_TEXT } from '../contract/auth-rules';
import commonPasswords from './common-passwords.data';
import { COMMON_PASSWORD_COUNT, commonPasswordsData } from './common-passwords-source';
import { assertStrongPassword } from './password-strength';

const account = { username: 'alex_runner', email: 'alex@example.com' };

describe('assertStrongPassword (zxcvbn-ts, score 3 of 4)', () => {
  it.each(['password1234', 'Passw0rd1234', 'qwertyuiop123', '123456789012', 'iloveyou1234', 'aaaaaaaaaaaa', 'abcdefghijkl', 'basketball12', 'Sunshine2024'])(
    'refuses the common or patterned %s with a clear message',
    async (password) => {
      await expect(assertStrongPassword(password, account)).rejects.toMatchObject({ status: 400, message: PASSWORD_TOO_COMMON_TEXT });
    },
  );

  it('refuses a password built from the account itself', async () => {
    await expect(assertStrongPassword('alex_runner2026', account)).rejects.toMatchObject({ status: 400 });
    await expect(assertStrongPassword('fittrack2026!', account)).rejects.toMatchObject({ status: 400 });
  });

  it.each(['orbit-lantern-quartz-42', 'E2eFixture1x', 'correct horse battery staple', 'Ulme+Kanu+Mokka7'])('accepts %s (no composition rules)', async (password) => {
    await expect(assertStrongPassword(password, account)).resolves.toBeUndefined();
  });
});

describe('common-passwords.data.ts', () => {
  it(`holds the ${COMMON_PASSWORD_COUNT} most used passwords of the installed @zxcvbn-ts/language-common (regenerate with local/generate-common-passwords.ts)`, () => {
    expect(commonPasswords).toBe(commonPasswordsData());
  });
});
