import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { type User } from '../contract/auth';
import { ApiClient, STRONG_PASSWORD, loggedInClient, signedUpClient, uniqueName } from '../../test/api-client';
import { latestCodeFor, mailsTo } from '../../test/mail';
import { allowVerificationResend } from '../../../test-support/subscriptions';
import { ddb, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { EMAIL_TAKEN } from './auth-service';
import { ALREADY_VERIFIED, VERIFY_CODE_WRONG } from './email-service';
import { CURRENT_PASSWORD_WRONG } from './password-service';

/**
 * One account per email, email verification and change email (issue 15 point 6, decision 0024)
 * through the local gateway, against cognito-local (codes read from the local outbox) and DynamoDB
 * Local: a taken address is 409 whatever its case and however close together the sign-ups come,
 * every refusal changes nothing, and a changed address is verified again and frees the old one.
 */

const me = async (c: ApiClient) => (await c.get<{ user: User }>('/api/auth/me')).body.user;
const message = (r: { body: unknown }) => (r.body as { message: string }).message;
const emailOwner = async (email: string) =>
  ((await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.emailOwner(email.toLowerCase()) }))).Item as { userId?: string } | undefined)?.userId;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('one account per email', () => {
  it('refuses a second account with the same address, in any case, with 409 and a clear message; the username stays free', async () => {
    const first = await signedUpClient('dup');
    const anon = new ApiClient();
    const username = uniqueName('dup2');
    for (const email of [`${first.username}@example.com`, `${first.username.toUpperCase()}@EXAMPLE.com`, `  ${first.username}@Example.Com `.trim()]) {
      const res = await anon.post('/api/auth/signup', { username, email, password: STRONG_PASSWORD });
      expect(res.status, email).toBe(409);
      expect(message(res)).toBe(EMAIL_TAKEN);
      expect(JSON.stringify(res.body)).not.toContain(first.username); // says nothing about the other account
    }
    // nothing was created: the username is still free and signs up with another address
    expect((await anon.post('/api/auth/signup', { username, email: `${username}@example.com`, password: STRONG_PASSWORD })).status).toBe(201);
    expect(await emailOwner(`${first.username}@example.com`)).toBe(first.id);
  });

  it('of concurrent sign-ups with one address exactly one succeeds; the others leave no Cognito user behind', async () => {
    const email = `${uniqueName('race')}@example.com`;
    const names = [uniqueName('racea'), uniqueName('raceb'), uniqueName('racec'), uniqueName('raced')];
    const results = await Promise.all(names.map((username, i) => new ApiClient().post('/api/auth/signup', { username, email: i % 2 ? email.toUpperCase() : email, password: STRONG_PASSWORD })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const winner = names[results.findIndex((r) => r.status === 201)]!;
    for (const [i, r] of results.entries()) {
      if (r.status === 201) continue;
      expect(message(r)).toBe(EMAIL_TAKEN);
      // the loser's username was not kept at Cognito: it signs up afresh with another address
      expect((await new ApiClient().post('/api/auth/signup', { username: names[i], email: `${names[i]}@example.com`, password: STRONG_PASSWORD })).status).toBe(201);
    }
    expect(await emailOwner(email)).toBe((await me(await loggedInClient(winner))).id);
  });
});

describe('email verification', () => {
  it('a new account is unverified; the mailed code verifies it; wrong, reused and malformed codes change nothing', async () => {
    const { client, username } = await signedUpClient('ver');
    const email = `${username}@example.com`;
    expect((await me(client)).emailVerified).toBe(false);
    const code = latestCodeFor(email);

    const refusals = [
      await client.post('/api/auth/verify-email', { code: wrongCode(code) }),
      await client.post('/api/auth/verify-email', { code: '12' }),
      await client.post('/api/auth/verify-email', {}),
      await client.post('/api/auth/verify-email', { code, extra: 1 }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(message(refusals[0]!)).toBe(VERIFY_CODE_WRONG);
    for (const r of refusals) expect(message(r).length).toBeGreaterThan(10);
    expect((await me(client)).emailVerified).toBe(false);

    const ok = await client.post<{ user: User }>('/api/auth/verify-email', { code: ` ${code.slice(0, 3)} ${code.slice(3)} ` });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ emailVerified: true, email });
    expect((await me(client)).emailVerified).toBe(true);
    // the code is used up; the address stays verified
    const reused = await client.post('/api/auth/verify-email', { code });
    expect(reused.status).toBe(400);
    expect(message(reused)).toBe(ALREADY_VERIFIED);
    expect((await me(client)).emailVerified).toBe(true);
    // no one else may verify: signed out is 401
    expect((await new ApiClient().post('/api/auth/verify-email', { code })).status).toBe(401);
  });

  it('resend: once a minute, a new code replaces the old one; refused once verified', async () => {
    const { client, username, id } = await signedUpClient('rs');
    const email = `${username}@example.com`;
    const first = latestCodeFor(email);
    const soon = await client.post('/api/auth/resend-verification');
    expect(soon.status).toBe(429);
    expect(message(soon)).toMatch(/ask for another in \d+ seconds?\./);
    expect(soon.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(mailsTo(email)).toHaveLength(1);

    await allowVerificationResend(id); // as if a minute had passed
    const [a, b] = await Promise.all([client.post('/api/auth/resend-verification'), client.post('/api/auth/resend-verification')]);
    expect([a.status, b.status].sort()).toEqual([202, 429]); // two at once send one code
    expect(mailsTo(email)).toHaveLength(2);
    const second = latestCodeFor(email);
    if (second !== first) expect((await client.post('/api/auth/verify-email', { code: first })).status).toBe(400);
    expect((await client.post('/api/auth/verify-email', { code: second })).status).toBe(200);
    await allowVerificationResend(id);
    const after = await client.post('/api/auth/resend-verification');
    expect(after.status).toBe(400);
    expect(message(after)).toBe(ALREADY_VERIFIED);
  });
});

describe('change email', () => {
  it('needs the password, moves the account to the new address unverified, mails its code there and releases the old one', async () => {
    const { client, username, id } = await signedUpClient('chg');
    const oldEmail = `${username}@example.com`;
    expect((await client.post('/api/auth/verify-email', { code: latestCodeFor(oldEmail) })).status).toBe(200);
    const newEmail = `${username}.new@example.com`;

    const refusals = [
      await client.post('/api/auth/change-email', { email: newEmail, password: 'not-the-password' }),
      await client.post('/api/auth/change-email', { email: newEmail }),
      await client.post('/api/auth/change-email', { email: 'not-an-email', password: STRONG_PASSWORD }),
      await client.post('/api/auth/change-email', { email: oldEmail.toUpperCase(), password: STRONG_PASSWORD }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(message(refusals[0]!)).toBe(CURRENT_PASSWORD_WRONG);
    expect((await me(client)).email).toBe(oldEmail);
    expect((await me(client)).emailVerified).toBe(true);
    expect(mailsTo(newEmail)).toHaveLength(0);

    const changed = await client.post<{ message: string; email: string }>('/api/auth/change-email', { email: newEmail, password: STRONG_PASSWORD });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.message).toContain(newEmail);
    expect(await me(client)).toMatchObject({ email: newEmail, emailVerified: false });
    expect(mailsTo(newEmail).length).toBeGreaterThanOrEqual(1); // the newest code counts (email-service.ts)
    expect(mailsTo(oldEmail)).toHaveLength(1); // only the sign-up's code: none of the new address's codes went to the old one
    expect(await emailOwner(newEmail)).toBe(id);
    expect(await emailOwner(oldEmail)).toBeUndefined();

    expect((await client.post('/api/auth/verify-email', { code: latestCodeFor(newEmail) })).status).toBe(200);
    expect(await me(client)).toMatchObject({ email: newEmail, emailVerified: true });
    // the session went on, and the old address is free for a new account
    const other = uniqueName('reuse');
    expect((await new ApiClient().post('/api/auth/signup', { username: other, email: oldEmail, password: STRONG_PASSWORD })).status).toBe(201);
  });

  it('refuses an address another account uses (409, in any case) and changes nothing', async () => {
    const a = await signedUpClient('chga');
    const b = await signedUpClient('chgb');
    const res = await b.client.post('/api/auth/change-email', { email: `${a.username.toUpperCase()}@example.com`, password: STRONG_PASSWORD });
    expect(res.status).toBe(409);
    expect(message(res)).toBe(EMAIL_TAKEN);
    expect((await me(b.client)).email).toBe(`${b.username}@example.com`);
    expect(await emailOwner(`${a.username}@example.com`)).toBe(a.id);
    expect(await emailOwner(`${b.username}@example.com`)).toBe(b.id);
    // b's address at Cognito is unchanged: a reset code still goes there
    const before = mailsTo(`${b.username}@example.com`).length;
    expect((await new ApiClient().post('/api/auth/forgot-password', { username: b.username })).status).toBe(202);
    expect(mailsTo(`${b.username}@example.com`)).toHaveLength(before + 1);
  });
});
