import { AdminAddUserToGroupCommand, AdminRemoveUserFromGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { ApiClient, STRONG_PASSWORD, signedUpClient } from '../../test/api-client';
import { MFA_CODE_REQUIRED, MFA_CODE_WRONG, MFA_SETUP_REQUIRED } from '../contract/auth-rules';
import { type MfaSetupResponse } from '../contract/auth';
import { cognito } from '../lib/cognito';
import { wrongTotpCode } from '../../../test-support/totp';

/**
 * Two-step sign-in with an authenticator app (issue 15 point 5, decision 0018) and admin access
 * that ends with the group (point 2), through the local gateway against cognito-local (with the
 * MFA admin flows of local/cognito-local-mfa.cjs) and DynamoDB Local.
 */
const pool = () => process.env.USER_POOL_ID!;

/** A fresh account with a verified authenticator: its secret and a signed-in client. */
async function enrolled(prefix: string) {
  const { client, username, id } = await signedUpClient(prefix);
  const setup = await client.post<MfaSetupResponse>('/api/auth/mfa/setup');
  expect(setup.status).toBe(200);
  await expect(client.post('/api/auth/mfa/verify', { code: generateSync({ secret: setup.body.secret }) })).resolves.toMatchObject({ status: 204 });
  return { client, username, id, secret: setup.body.secret };
}

describe('setting up an authenticator', () => {
  it('gives a secret once and turns two-step sign-in on with the first right code', async () => {
    const { client, username } = await signedUpClient('mfa');
    const setup = await client.post<MfaSetupResponse>('/api/auth/mfa/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.otpauthUrl).toBe(`otpauth://totp/FitTrack%3A${username}?secret=${setup.body.secret}&issuer=FitTrack&algorithm=SHA1&digits=6&period=30`);
    // a wrong or malformed code changes nothing: the password alone still signs in
    const wrong = await client.post('/api/auth/mfa/verify', { code: wrongTotpCode(setup.body.secret) });
    expect(wrong).toMatchObject({ status: 400, body: { message: MFA_CODE_WRONG } });
    expect((await client.post('/api/auth/mfa/verify', { code: '12ab56' })).status).toBe(400);
    expect((await new ApiClient().post('/api/auth/login', { username, password: STRONG_PASSWORD })).status).toBe(200);
    // the right code turns it on; a second set-up is refused (it would replace the working one)
    expect((await client.post('/api/auth/mfa/verify', { code: generateSync({ secret: setup.body.secret }) })).status).toBe(204);
    expect(await client.post('/api/auth/mfa/setup')).toMatchObject({ status: 409, body: { message: 'Two-step sign-in is already set up for this account.' } });
  });

  it('is refused without a session', async () => {
    expect((await new ApiClient().post('/api/auth/mfa/setup')).status).toBe(401);
    expect((await new ApiClient().post('/api/auth/mfa/verify', { code: '123456' })).status).toBe(401);
  });
});

describe('signing in with two-step sign-in', () => {
  it('asks for the code (401, mfa "totp", no cookie), refuses a wrong one, and signs in with the right one', async () => {
    const { username, secret } = await enrolled('mfalogin');
    const c = new ApiClient();
    const first = await c.post('/api/auth/login', { username, password: STRONG_PASSWORD });
    expect(first).toMatchObject({ status: 401, body: { message: MFA_CODE_REQUIRED, mfa: 'totp' }, setCookies: [] });
    const wrong = await c.post('/api/auth/login', { username, password: STRONG_PASSWORD, code: wrongTotpCode(secret) });
    expect(wrong).toMatchObject({ status: 401, body: { message: MFA_CODE_WRONG, mfa: 'totp' }, setCookies: [] });
    // a wrong password with a code is just a wrong password: nothing says the code was right
    const badPassword = await c.post('/api/auth/login', { username, password: 'not-the-password-1', code: generateSync({ secret }) });
    expect(badPassword).toMatchObject({ status: 401, body: { message: 'Invalid credentials' } });
    const ok = await c.post<{ user: { username: string } }>('/api/auth/login', { username, password: STRONG_PASSWORD, code: ` ${generateSync({ secret }).replace(/(\d{3})/, '$1 ')}` });
    expect(ok.status).toBe(200);
    expect(ok.body.user.username).toBe(username);
    expect((await c.get('/api/auth/me')).status).toBe(200);
  });
});

describe('admin access', () => {
  it('opens only after the administrator has set up an authenticator', async () => {
    const { username } = await signedUpClient('newadmin');
    await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: pool(), Username: username, GroupName: 'admin' }));
    const c = new ApiClient();
    expect((await c.post('/api/auth/login', { username, password: STRONG_PASSWORD })).status).toBe(200); // a token with the admin group
    const refused = await c.get('/api/admin/logs');
    expect(refused).toMatchObject({ status: 403, body: { message: MFA_SETUP_REQUIRED, mfa: 'setup-required' } });
    expect((await c.get('/api/feedback')).status).toBe(403);
    const setup = await c.post<MfaSetupResponse>('/api/auth/mfa/setup');
    expect((await c.post('/api/auth/mfa/verify', { code: generateSync({ secret: setup.body.secret }) })).status).toBe(204);
    expect((await c.get('/api/admin/logs')).status).toBe(200);
  });

  it('ends at once when the account leaves the admin group, on admin and subscriber routes', async () => {
    const { username, secret } = await enrolled('exadmin');
    await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: pool(), Username: username, GroupName: 'admin' }));
    const c = new ApiClient();
    expect((await c.post('/api/auth/login', { username, password: STRONG_PASSWORD, code: generateSync({ secret }) })).status).toBe(200);
    expect((await c.get('/api/admin/logs')).status).toBe(200);
    expect((await c.get('/api/progress/today')).status).toBe(200); // admins pass subscriber routes
    await cognito().send(new AdminRemoveUserFromGroupCommand({ UserPoolId: pool(), Username: username, GroupName: 'admin' }));
    // the same access token still says "admin": refused on the next request all the same
    expect(await c.get('/api/admin/logs')).toMatchObject({ status: 403, body: { message: 'Administrator privileges required' } });
    expect(await c.get('/api/progress/today')).toMatchObject({ status: 403, body: { message: 'An active subscription is required' } });
  });
});
