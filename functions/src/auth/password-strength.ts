import { PASSWORD_TOO_COMMON_TEXT } from '../contract/auth-rules';
import { badRequest } from '../lib/http-error';

/**
 * The server's password strength check (DESIGN.md section 6, note 0015): zxcvbn-ts with the 10,000
 * most used (and breached) passwords of its common list (common-passwords.data.ts; the whole list
 * would put the auth and admin bundles over their 700 KB budget), its keyboard-pattern, repeat,
 * sequence, l33t and date matchers, and the account's own username and email as extra inputs. A
 * password must reach score 3 of 4 ("safely unguessable: moderate protection from offline
 * slow-hash scenario"). The English word lists (@zxcvbn-ts/language-en, 1.5 MB) are left out.
 *
 * The list is still about 90 KB: this module loads it with `import()` on the first call,
 * so only a request that sets a password pays for them, once per container; no handler's cold
 * import grows (the bundle keeps them in their own chunk).
 */
const MIN_PASSWORD_SCORE = 3;

type Checker = { check: (password: string, userInputs?: string[]) => { score: number } };
let checker: Promise<Checker> | undefined;

const load = async (): Promise<Checker> => (await import('./password-checker')).checker;

/** 400 with a clear message when the password is common or easy to guess for this account. */
export async function assertStrongPassword(password: string, account: { username: string; email?: string }): Promise<void> {
  checker ??= load().catch((err: unknown) => {
    checker = undefined;
    throw err;
  });
  const inputs = [account.username, ...(account.email ? [account.email, account.email.split('@')[0]!] : []), 'fittrack'];
  if ((await checker).check(password, inputs).score < MIN_PASSWORD_SCORE) throw badRequest(PASSWORD_TOO_COMMON_TEXT);
}
