import { createHmac } from 'node:crypto';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName, STRONG_PASSWORD } from '../../test/api-client';
import { loadEvent } from '../../test/events';
import { invoke } from '../../test/lambda';
import { cognito } from '../lib/cognito';
import { ACCESS_COOKIE } from '../lib/cookies';
import { handler } from './handler';
import { latestCodeFor } from '../../test/mail';

/**
 * Cognito only through the app (issue 15 point 1, DESIGN.md section 6, note 0014). cognito-local
 * checks neither client secrets nor which flows the client allows, so this test records every
 * Cognito call the auth function makes against it (sign-up, sign-in, logout) and checks each one
 * carries what AWS requires of a confidential client with the admin flows only: the pool id, the
 * SECRET_HASH of the user computed with the client's secret, the secret on RevokeToken, and no
 * public API (SignUp, InitiateAuth) at all; of the public APIs only ForgotPassword and
 * ConfirmForgotPassword, with the SECRET_HASH (decision 0019). The template side is infra/test/auth.test.ts.
 */
const calls: { name: string; input: Record<string, unknown> }[] = [];

beforeAll(() => {
  cognito().middlewareStack.add(
    (next, context) => async (args) => {
      calls.push({ name: context.commandName ?? '', input: args.input as Record<string, unknown> });
      return next(args);
    },
    { step: 'initialize', name: 'recordCognitoCalls' },
  );
});
afterAll(() => {
  cognito().middlewareStack.remove('recordCognitoCalls');
});

const secret = () => process.env.COGNITO_CLIENT_SECRET!;
const clientId = () => process.env.USER_POOL_CLIENT_ID!;
const expectedHash = (username: string) => createHmac('sha256', secret()).update(username + clientId()).digest('base64');

describe('every Cognito call carries what a confidential client with the admin flows needs in AWS', () => {
  it('sign-up, sign-in and logout use only admin APIs with the pool id and SECRET_HASH, and RevokeToken with the secret', async () => {
    expect(secret()).toMatch(/^\w{20,}$/); // the local bootstrap's client has a generated secret
    const username = uniqueName('cc');
    const signup = await invoke(handler, loadEvent('post-auth-signup', { body: { username, email: `${username}@example.com`, password: STRONG_PASSWORD } }));
    expect(signup.statusCode).toBe(201);
    const login = await invoke(handler, loadEvent('post-auth-login', { body: { username, password: STRONG_PASSWORD } }));
    expect(login.statusCode).toBe(200);
    const cookies = (login.cookies ?? []).map((c) => c.split(';')[0]!);
    const logout = await invoke(handler, loadEvent('post-auth-logout', { cookies }));
    expect(logout.statusCode).toBe(204);

    const names = calls.map((c) => c.name);
    expect(names).toEqual([
      'AdminCreateUserCommand',
      'AdminSetUserPasswordCommand',
      'AdminInitiateAuthCommand',
      'GetUserAttributeVerificationCodeCommand', // the verification code, with the new user's own access token
      'AdminInitiateAuthCommand',
      'RevokeTokenCommand',
    ]);
    for (const c of calls) {
      if (c.name.startsWith('Admin')) expect(c.input.UserPoolId).toBe(process.env.USER_POOL_ID);
      if (c.name === 'AdminInitiateAuthCommand') {
        expect(c.input.ClientId).toBe(clientId());
        expect(c.input.AuthFlow).toBe('ADMIN_USER_PASSWORD_AUTH');
        expect(c.input.AuthParameters).toMatchObject({ USERNAME: username, SECRET_HASH: expectedHash(username) });
      }
      if (c.name === 'RevokeTokenCommand') expect(c.input).toMatchObject({ ClientId: clientId(), ClientSecret: secret() });
    }
    expect(calls.find((c) => c.name === 'AdminCreateUserCommand')!.input.MessageAction).toBe('SUPPRESS');
    expect(calls.find((c) => c.name === 'GetUserAttributeVerificationCodeCommand')!.input).toEqual({ AccessToken: expect.any(String), AttributeName: 'email' });
  });

  it('two-step sign-in: the challenge is answered with AdminRespondToAuthChallenge, the pool id, the session and the SECRET_HASH', async () => {
    const username = uniqueName('ccmfa');
    await invoke(handler, loadEvent('post-auth-signup', { body: { username, email: `${username}@example.com`, password: STRONG_PASSWORD } }));
    const login = await invoke(handler, loadEvent('post-auth-login', { body: { username, password: STRONG_PASSWORD } }));
    const cookies = (login.cookies ?? []).map((c) => c.split(';')[0]!);
    const setup = JSON.parse((await invoke(handler, loadEvent('post-auth-mfa-setup', { cookies }))).body!) as { secret: string };
    expect((await invoke(handler, loadEvent('post-auth-mfa-verify', { cookies, body: { code: generateSync({ secret: setup.secret }) } }))).statusCode).toBe(204);
    calls.length = 0;
    const signIn = await invoke(handler, loadEvent('post-auth-login', { body: { username, password: STRONG_PASSWORD, code: generateSync({ secret: setup.secret }) } }));
    expect(signIn.statusCode).toBe(200);
    expect(calls.map((c) => c.name)).toEqual(['AdminInitiateAuthCommand', 'AdminRespondToAuthChallengeCommand']);
    const answer = calls[1]!.input;
    expect(answer).toMatchObject({ UserPoolId: process.env.USER_POOL_ID, ClientId: clientId(), ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: expect.any(String) });
    expect(answer.ChallengeResponses).toMatchObject({ USERNAME: username, SECRET_HASH: expectedHash(username), SOFTWARE_TOKEN_MFA_CODE: expect.stringMatching(/^\d{6}$/) });
  });

  it('forgot, reset and change password: ForgotPassword and ConfirmForgotPassword carry the SECRET_HASH, the rest are admin APIs', async () => {
    const username = uniqueName('ccpw');
    await invoke(handler, loadEvent('post-auth-signup', { body: { username, email: `${username}@example.com`, password: STRONG_PASSWORD } }));
    calls.length = 0;
    expect((await invoke(handler, loadEvent('post-auth-forgot-password', { body: { username } }))).statusCode).toBe(202);
    const code = latestCodeFor(`${username}@example.com`);
    const NEW = 'lagoon-amber-trellis-31';
    expect((await invoke(handler, loadEvent('post-auth-reset-password', { body: { username, code, password: NEW } }))).statusCode).toBe(200);
    const login = await invoke(handler, loadEvent('post-auth-login', { body: { username, password: NEW } }));
    const cookies = (login.cookies ?? []).map((c) => c.split(';')[0]!);
    const change = await invoke(handler, loadEvent('post-auth-change-password', { cookies, body: { currentPassword: NEW, newPassword: STRONG_PASSWORD } }));
    expect(change.statusCode).toBe(200);

    expect(calls.map((c) => c.name)).toEqual([
      'ForgotPasswordCommand',
      'ConfirmForgotPasswordCommand',
      'AdminGetUserCommand',
      'AdminInitiateAuthCommand', // the sign-in
      'AdminInitiateAuthCommand', // change password: the current one is checked
      'RevokeTokenCommand', // ... and the tokens that check got are revoked
      'AdminSetUserPasswordCommand',
      'AdminInitiateAuthCommand', // this browser's new session
    ]);
    for (const c of calls) {
      if (c.name === 'ForgotPasswordCommand' || c.name === 'ConfirmForgotPasswordCommand') {
        expect(c.input).toMatchObject({ ClientId: clientId(), Username: username, SecretHash: expectedHash(username) });
      }
      if (c.name.startsWith('Admin')) expect(c.input.UserPoolId).toBe(process.env.USER_POOL_ID);
      if (c.name === 'AdminInitiateAuthCommand') expect(c.input.AuthParameters).toMatchObject({ USERNAME: username, SECRET_HASH: expectedHash(username) });
      if (c.name === 'RevokeTokenCommand') expect(c.input).toMatchObject({ ClientId: clientId(), ClientSecret: secret() });
    }
    expect(calls.find((c) => c.name === 'AdminSetUserPasswordCommand')!.input).toMatchObject({ Username: username, Permanent: true });
  });

  it('verify, resend and change email: the code is asked for and checked with the user\'s own access token, the address set with an admin API', async () => {
    const username = uniqueName('ccem');
    const signup = await invoke(handler, loadEvent('post-auth-signup', { body: { username, email: `${username}@example.com`, password: STRONG_PASSWORD } }));
    const cookies = (signup.cookies ?? []).map((c) => c.split(';')[0]!);
    const access = cookies.find((c) => c.startsWith(`${ACCESS_COOKIE}=`))!.slice(ACCESS_COOKIE.length + 1);
    calls.length = 0;
    const verify = await invoke(handler, loadEvent('post-auth-verify-email', { cookies, body: { code: latestCodeFor(`${username}@example.com`) } }));
    expect(verify.statusCode).toBe(200);
    const NEW = `${username}.new@example.com`;
    const change = await invoke(handler, loadEvent('post-auth-change-email', { cookies, body: { email: NEW, password: STRONG_PASSWORD } }));
    expect(change.statusCode).toBe(200);

    expect(calls.map((c) => c.name)).toEqual([
      'VerifyUserAttributeCommand',
      'AdminInitiateAuthCommand', // change email: the password is checked like a sign-in
      'RevokeTokenCommand',
      'AdminGetUserCommand', // the current address
      'AdminUpdateUserAttributesCommand', // the new address, marked verified so that Cognito mails nothing yet
      'AdminUpdateUserAttributesCommand', // ... then unverified
      'GetUserAttributeVerificationCodeCommand', // one code, to the new address
    ]);
    expect(calls[0]!.input).toEqual({ AccessToken: access, AttributeName: 'email', Code: expect.stringMatching(/^\d{6}$/) });
    expect(calls[1]!.input.AuthParameters).toMatchObject({ USERNAME: username, SECRET_HASH: expectedHash(username) });
    for (const c of calls.filter((x) => x.name.startsWith('Admin'))) expect(c.input.UserPoolId).toBe(process.env.USER_POOL_ID);
    expect(calls[4]!.input.UserAttributes).toEqual([{ Name: 'email', Value: NEW }, { Name: 'email_verified', Value: 'true' }]);
    expect(calls[5]!.input.UserAttributes).toEqual([{ Name: 'email', Value: NEW }, { Name: 'email_verified', Value: 'false' }]);
    expect(calls[6]!.input).toEqual({ AccessToken: access, AttributeName: 'email' });
  });
});
