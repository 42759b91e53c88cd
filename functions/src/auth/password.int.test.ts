import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_SENT } from '../contract/auth';
import { ApiClient, STRONG_PASSWORD, loggedInClient, signedUpClient, uniqueName } from '../../test/api-client';
import { latestCodeFor, mailsTo } from '../../test/mail';
import { CURRENT_PASSWORD_WRONG, RESET_CODE_WRONG } from './password-service';

/**
 * Forgot, reset and change password (issue 15 point 6, decision 0019) through the local gateway,
 * against cognito-local (its reset codes read from the local outbox, $LOCAL_MAIL_DIR) and DynamoDB
 * Local: the same answer for unknown users, every refusal changes nothing, and a reset or change ends
 * the sessions it must (the old cookies answer 401 on the next request).
 */
const NEW_PASSWORD = 'harbour-violet-compass-77';

function copyOf(client: ApiClient): ApiClient {
  const copy = new ApiClient();
  for (const [k, v] of client.jar) copy.jar.set(k, v);
  return copy;
}

describe('forgot and reset password', () => {
  it('answers the same for an unknown user and a real one; only the real one gets a mail', async () => {
    const { username } = await signedUpClient('fp');
    const before = mailsTo(`${username}@example.com`).length; // the sign-up's verification code
    const anon = new ApiClient();
    const unknown = await anon.post('/api/auth/forgot-password', { username: uniqueName('nobody') });
    const known = await anon.post('/api/auth/forgot-password', { username });
    expect([unknown.status, known.status]).toEqual([202, 202]);
    expect(unknown.body).toEqual({ message: FORGOT_PASSWORD_SENT });
    expect(known.body).toEqual(unknown.body);
    const mails = mailsTo(`${username}@example.com`);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.code).toMatch(/^\d{6}$/);
    expect((await anon.post('/api/auth/forgot-password', {})).status).toBe(400);
  });

  it('a reset with the mailed code sets the password and ends every session; wrong, reused codes and weak passwords change nothing', async () => {
    const { client: phone, username } = await signedUpClient('rp');
    const laptop = await loggedInClient(username);
    const anon = new ApiClient();
    expect((await anon.post('/api/auth/forgot-password', { username })).status).toBe(202);
    const code = latestCodeFor(`${username}@example.com`);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const refusals = [
      await anon.post('/api/auth/reset-password', { username, code: wrong, password: NEW_PASSWORD }),
      await anon.post('/api/auth/reset-password', { username: uniqueName('nobody'), code, password: NEW_PASSWORD }),
      await anon.post('/api/auth/reset-password', { username, code, password: 'password123' }),
      await anon.post('/api/auth/reset-password', { username, code: '12', password: NEW_PASSWORD }),
      await anon.post('/api/auth/reset-password', { username, password: NEW_PASSWORD }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect((refusals[0]!.body as { message: string }).message).toBe(RESET_CODE_WRONG);
    expect(refusals[1]!.body).toEqual(refusals[0]!.body); // nothing said about whether the user exists
    for (const r of refusals) expect((r.body as { message: string }).message.length).toBeGreaterThan(10);
    // nothing changed: the sessions go on, the old password still signs in
    expect((await phone.get('/api/auth/me')).status).toBe(200);
    await loggedInClient(username, STRONG_PASSWORD);

    const reset = await anon.post('/api/auth/reset-password', { username, code, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    // every session ended, on the next request
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);
    expect((await new ApiClient().post('/api/auth/login', { username, password: STRONG_PASSWORD })).status).toBe(401);
    await loggedInClient(username, NEW_PASSWORD);
    // the code is used up
    const reused = await anon.post('/api/auth/reset-password', { username, code, password: 'another-fresh-Password-9' });
    expect(reused.status).toBe(400);
    await loggedInClient(username, NEW_PASSWORD);
  });
});

describe('change password', () => {
  it('needs the current password; ends every other session and keeps this one signed in with new cookies', async () => {
    const { client: phone, username } = await signedUpClient('cp');
    const laptop = await loggedInClient(username);
    const stolen = copyOf(phone);

    const refusals = [
      await phone.post('/api/auth/change-password', { currentPassword: 'not-my-password-1', newPassword: NEW_PASSWORD }),
      await phone.post('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'password123' }),
      await phone.post('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: STRONG_PASSWORD }),
      await phone.post('/api/auth/change-password', { newPassword: NEW_PASSWORD }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect((refusals[0]!.body as { message: string }).message).toBe(CURRENT_PASSWORD_WRONG);
    expect((await laptop.get('/api/auth/me')).status).toBe(200);
    await loggedInClient(username, STRONG_PASSWORD);

    const changed = await phone.post('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ signedOut: false });
    // this browser has new cookies and goes on; the copy of its old cookies and the other device are out
    expect((await phone.get('/api/auth/me')).status).toBe(200);
    expect((await stolen.get('/api/auth/me')).status).toBe(401);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);
    expect((await new ApiClient().post('/api/auth/login', { username, password: STRONG_PASSWORD })).status).toBe(401);
    await loggedInClient(username, NEW_PASSWORD);
  });

  it('a wrong current password counts as a failed sign-in (the same limits, decision 0017)', async () => {
    const { client, username } = await signedUpClient('cpl');
    for (let i = 0; i < 10; i += 1) {
      expect((await client.post('/api/auth/change-password', { currentPassword: `wrong-${i}-password`, newPassword: NEW_PASSWORD })).status).toBe(400);
    }
    const refused = await client.post('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD });
    expect(refused.status).toBe(429);
    await expect(loggedInClient(username, NEW_PASSWORD)).rejects.toThrow();
  });
});
