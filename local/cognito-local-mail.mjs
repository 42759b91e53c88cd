/**
 * Preloaded into cognito-local (`node --import`, local/emulators.ts): the local outbox (issue 15
 * point 6, decision 0019). cognito-local "delivers" every code Cognito would mail (a password reset
 * code, an email verification code) through its ConsoleMessageSender, which only logs it (and its
 * log is silent under our DEBUG=''). This writes each message as one text file under
 * $FITTRACK_MAIL_DIR (the stack sets $LOCAL_DATA_DIR/mail) and announces it on stdout with a
 * FITTRACK-MAIL line, which local/stack.ts prints in the terminal of `npm start`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const load = createRequire(import.meta.url);
const { ConsoleMessageSender } = load('cognito-local/lib/services/messageDelivery/consoleMessageSender');

const send = ConsoleMessageSender.prototype.sendToConsole;
ConsoleMessageSender.prototype.sendToConsole = function (ctx, user, destination, message) {
  const dir = process.env.FITTRACK_MAIL_DIR;
  const code = message?.__code ?? '';
  const subject = message?.emailSubject || (code ? 'Your FitTrack code' : 'FitTrack');
  const body = [
    `To: ${destination}`,
    `Username: ${user?.Username ?? ''}`,
    `Subject: ${subject}`,
    '',
    message?.emailMessage || `Your code is ${code}`,
    '',
    `Code: ${code}`,
    '',
  ].join('\n');
  let file = '';
  if (dir) {
    mkdirSync(dir, { recursive: true });
    const safe = String(destination).replace(/[^A-Za-z0-9@._-]/g, '_');
    file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safe}-${Math.random().toString(36).slice(2, 8)}.txt`);
    writeFileSync(file, body, { mode: 0o600 });
  }
  process.stdout.write(`FITTRACK-MAIL ${JSON.stringify({ to: destination, username: user?.Username, subject, code, file })}\n`);
  return send.call(this, ctx, user, destination, message);
};
