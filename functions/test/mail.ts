import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The local outbox (local/cognito-local-mail.mjs, decision 0019): the newest code mailed to `to`,
 * read from the files under $LOCAL_MAIL_DIR as a person would read them; the
 * emulator writes the file before it answers.
 */
export function mailsTo(to: string, dir = process.env.LOCAL_MAIL_DIR): { file: string; text: string; code: string }[] {
  if (!dir) throw new Error('LOCAL_MAIL_DIR is not set (the local stack sets it)');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => ({ file: f, text: readFileSync(path.join(dir, f), 'utf8') }))
    .filter((m) => m.text.includes(`To: ${to}\n`))
    .map((m) => ({ ...m, code: /Code: (\d{6})/.exec(m.text)?.[1] ?? '' }));
}

export function latestCodeFor(to: string): string {
  const all = mailsTo(to);
  const code = all.at(-1)?.code;
  if (!code) throw new Error(`No mail with a code to ${to}`);
  return code;
}
