import { createHmac } from 'node:crypto';
import { AdminInitiateAuthCommand, RevokeTokenCommand, AdminCreateUserCommand, AdminSetUserPasswordCommand, GetUserAttributeVerificationCodeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { BatchGetCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEvent } from '../../test/events';
import { setTestEnv } from '../../test/env';
import { accessCookie, signedInCookies, awsError, cognitoMock, connectionRefused, ddbMock, principals, profileOf, refreshCookie, resetAwsMocks } from '../../test/fixtures';
import { accessToken, fetchedUrls, signJwt, stubJwksFetch } from '../../test/jwt';
import { type Result, cookiesByName, expectJsonError, expectSecurityHeaders, invoke, jsonBody } from '../../test/lambda';
import { ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_MAX_AGE_SECONDS } from '../lib/cookies';
import { PASSWORD_POLICY_TEXT, PASSWORD_TOO_COMMON_TEXT, userResponse } from '../contract/auth';
import { handler } from './handler';
import { EMAIL_TAKEN } from './auth-service';

setTestEnv();
const fetchSpy = stubJwksFetch();
afterAll(() => fetchSpy.mockRestore());
beforeAll(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
beforeEach(() => resetAwsMocks());

const FLAGS = ['HttpOnly', 'Path=/', 'SameSite=Strict', 'Secure'];
const attrs = (setCookie: string) => setCookie.split('; ').slice(1);
const maxAge = (setCookie: string) => Number(/Max-Age=(\d+)/.exec(setCookie)?.[1]);
const valueOf = (setCookie: string) => setCookie.slice(setCookie.indexOf('=') + 1, setCookie.indexOf(';'));

/** What Cognito answers to a successful USER_PASSWORD_AUTH / REFRESH_TOKEN_AUTH. */
/** Cognito's SECRET_HASH, computed here independently of lib/cognito.ts. */
const secretHashOf = (username: string) => createHmac('sha256', 'test-client-secret').update(username + 'test-client-id').digest('base64');

function authResult(name: keyof typeof principals, withRefresh = true) {
  const p = principals[name];
  return {
    AuthenticationResult: {
      AccessToken: accessToken({ ...p, groups: [...p.groups] }),
      ...(withRefresh ? { RefreshToken: `refresh-${p.sub}` } : {}),
      IdToken: signJwt({ sub: p.sub, email: `${p.username}@example.com`, token_use: 'id' }),
      ExpiresIn: 3600,
      TokenType: 'Bearer',
    },
  };
}

const loginEvent = (username = 'alex_runner', password = 'orbit-lantern-quartz-42') => loadEvent('post-auth-login', { body: { username, password } });

function expectNoTokenIn(res: Result, ...tokens: string[]) {
  const body = res.body ?? '';
  for (const t of tokens) expect(body).not.toContain(t);
  expect(body).not.toMatch(/token/i);
  expect(body).not.toMatch(/eyJ[\w-]+\.eyJ/);
}

describe('POST /api/auth/login', () => {
  it('gives byte-identical 401 answers for a wrong password and an unknown user', async () => {
    cognitoMock.on(AdminInitiateAuthCommand).rejects(awsError('NotAuthorizedException', 'Incorrect username or password.'));
    const wrongPassword = await invoke(handler, loginEvent('alex_runner', 'Wr0ngPassword'));
    cognitoMock.on(AdminInitiateAuthCommand).rejects(awsError('UserNotFoundException', 'User does not exist.'));
    const unknownUser = await invoke(handler, loginEvent('nobody_here', 'Wr0ngPassword'));

    expect(wrongPassword.body).toBe('{"message":"Invalid credentials"}');
    expectJsonError(wrongPassword, 401, 'Invalid credentials');
    expect(JSON.stringify(unknownUser)).toBe(JSON.stringify(wrongPassword));
    expect(wrongPassword.cookies).toBeUndefined();
    expect(cognitoMock.commandCalls(AdminInitiateAuthCommand)).toHaveLength(2);
  });

  it.each(['UserNotConfirmedException', 'PasswordResetRequiredException'])('answers the same 401 for %s', async (name) => {
    cognitoMock.on(AdminInitiateAuthCommand).rejects(awsError(name, 'detail that must not leak'));
    const res = await invoke(handler, loginEvent());
    expect(res.body).toBe('{"message":"Invalid credentials"}');
    expectJsonError(res, 401);
  });

  it('answers 429 when Cognito throttles sign-ins', async () => {
    cognitoMock.on(AdminInitiateAuthCommand).rejects(awsError('TooManyRequestsException'));
    expectJsonError(await invoke(handler, loginEvent()), 429, /Too many sign-in attempts/);
  });

  it('answers 401 when Cognito asks for a challenge instead of tokens', async () => {
    cognitoMock.on(AdminInitiateAuthCommand).resolves({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 's' });
    expectJsonError(await invoke(handler, loginEvent()), 401, 'Invalid credentials');
  });

  it('signs in: two session cookies with the right flags, the user in the body and no token', async () => {
    const auth = authResult('subscriber');
    cognitoMock.on(AdminInitiateAuthCommand).resolves(auth);
    const res = await invoke(handler, loginEvent());

    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
    expect(res.headers['Cache-Control']).toBe('no-store');
    // the admin flow of a confidential client: pool, client and the SECRET_HASH AWS requires
    expect(cognitoMock.commandCalls(AdminInitiateAuthCommand)[0]!.args[0].input).toEqual({
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      UserPoolId: 'eu-central-1_TestPool1',
      ClientId: 'test-client-id',
      AuthParameters: { USERNAME: 'alex_runner', PASSWORD: 'orbit-lantern-quartz-42', SECRET_HASH: secretHashOf('alex_runner') },
    });

    expect(res.cookies).toHaveLength(2);
    const c = cookiesByName(res);
    const access = c[ACCESS_COOKIE]!;
    const refresh = c[REFRESH_COOKIE]!;
    expect(valueOf(access)).toBe(auth.AuthenticationResult.AccessToken);
    expect(valueOf(refresh)).toBe(auth.AuthenticationResult.RefreshToken);
    for (const cookie of [access, refresh]) {
      expect(attrs(cookie)).toEqual(expect.arrayContaining(FLAGS));
      expect(cookie).not.toMatch(/Domain=/i);
    }
    // the access cookie outlives its token (the refresh needs the username it names); the token's own expiry is checked on every request
    expect(maxAge(access)).toBe(REFRESH_MAX_AGE_SECONDS);
    expect(maxAge(refresh)).toBe(REFRESH_MAX_AGE_SECONDS);

    const body = userResponse.parse(jsonBody(res));
    expect(body.user).toMatchObject({ id: principals.subscriber.sub, username: 'alex_runner', role: 'user', hasActiveSubscription: true });
    expect(Object.keys(jsonBody(res) as object)).toEqual(['user']);
    expectNoTokenIn(res, auth.AuthenticationResult.AccessToken, auth.AuthenticationResult.RefreshToken!, auth.AuthenticationResult.IdToken);
  });

  it('reads the limits before Cognito, then logs the sign-in with the caller IP (decision 0017: three calls)', async () => {
    cognitoMock.on(AdminInitiateAuthCommand).resolves(authResult('subscriber'));
    await invoke(handler, loginEvent());
    expect(ddbMock.calls().map((c) => c.args[0].constructor.name)).toEqual(['BatchGetCommand', 'GetCommand', 'TransactWriteCommand']);
    const gate = ddbMock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems!['fittrack-test']!.Keys!;
    expect(gate.map((k) => k.pk)).toEqual(['LOGIN#PAIR#alex_runner#203.0.113.10', 'LOGIN#IP#203.0.113.10', 'LOGIN#USER#alex_runner']);
    const tx = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    const log = tx.find((i) => i.Put)!.Put!.Item!;
    expect(log).toMatchObject({ action: 'login', userId: principals.subscriber.sub, ipAddress: '203.0.113.10', entity: 'LOG' });
    expect(log.details).not.toContain('orbit-lantern-quartz-42');
  });

  it('answers the admin role from the Cognito group', async () => {
    cognitoMock.on(AdminInitiateAuthCommand).resolves(authResult('admin'));
    const res = await invoke(handler, loginEvent('admin'));
    expect(res.statusCode).toBe(200);
    expect(userResponse.parse(jsonBody(res)).user).toMatchObject({ role: 'admin', hasActiveSubscription: false });
  });

  it('creates the missing profile of a Cognito user once, with the email from the ID token', async () => {
    const p = { sub: 'sub-operator-made', username: 'op_user', groups: [] };
    cognitoMock.on(AdminInitiateAuthCommand).resolves({
      AuthenticationResult: { AccessToken: accessToken(p), RefreshToken: 'r', IdToken: signJwt({ sub: p.sub, email: 'op@example.com' }) },
    });
    ddbMock.on(PutCommand).resolves({});
    const res = await invoke(handler, loginEvent('op_user'));
    expect(res.statusCode).toBe(200);
    expect(userResponse.parse(jsonBody(res)).user).toMatchObject({ id: p.sub, email: 'op@example.com', subscriptionStatus: 'none' });
    expect(ddbMock.commandCalls(PutCommand)[0]!.args[0].input).toMatchObject({
      Item: { pk: `USER#${p.sub}`, sk: 'PROFILE' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  });

  it('refuses a token from Cognito that does not verify (500, nothing set)', async () => {
    cognitoMock.on(AdminInitiateAuthCommand).resolves({ AuthenticationResult: { AccessToken: accessToken({ forged: true }), RefreshToken: 'r' } });
    const res = await invoke(handler, loginEvent());
    expectJsonError(res, 500, /^Internal server error \(request sample-post-auth-login\)$/);
    expect(res.cookies).toBeUndefined();
  });

  it.each([
    [{ username: 'alex' }, 'Password is required.'],
    [{ password: 'x' }, 'Username is required.'],
    [{ username: '   ', password: 'x' }, 'Username is required.'],
    [{ username: 'alex', password: 'x', remember: true }, 'Unknown field: remember'],
    [['alex', 'x'], 'Request body must be a JSON object'],
  ])('validates the body %j before calling Cognito', async (body, message) => {
    expectJsonError(await invoke(handler, loadEvent('post-auth-login', { body })), 400, message);
    expect(cognitoMock.calls()).toHaveLength(0);
  });

  it('answers 503 when Cognito is unreachable', async () => {
    cognitoMock.on(AdminInitiateAuthCommand).rejects(connectionRefused());
    const res = await invoke(handler, loginEvent());
    expectJsonError(res, 503, /temporarily unavailable/);
    expect(res.headers['Retry-After']).toBe('2');
  });
});

describe('POST /api/auth/signup', () => {
  const signupEvent = () => loadEvent('post-auth-signup');

  it('creates the Cognito user, the profile and the log in one transaction, then signs in (201)', async () => {
    const p = principals.user;
    cognitoMock.on(AdminCreateUserCommand).resolves({ User: { Attributes: [{ Name: "sub", Value: p.sub }] } });
    cognitoMock.on(AdminSetUserPasswordCommand).resolves({});
    cognitoMock.on(AdminInitiateAuthCommand).resolves(authResult('user'));
    const res = await invoke(handler, signupEvent());

    expect(res.statusCode).toBe(201);
    expectSecurityHeaders(res);
    expect(Object.keys(cookiesByName(res)).sort()).toEqual([ACCESS_COOKIE, REFRESH_COOKIE].sort());
    expect(userResponse.parse(jsonBody(res)).user).toEqual({
      id: p.sub,
      username: 'alex_runner',
      email: 'alex@example.com',
      role: 'user',
      subscriptionStatus: 'none',
      subscriptionExpiresAt: null,
      hasActiveSubscription: false,
      emailVerified: false,
    });
    expectNoTokenIn(res);
    // self sign-up is off at Cognito: the app creates the user without a mail, then sets the password as permanent
    expect(cognitoMock.commandCalls(AdminCreateUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'eu-central-1_TestPool1',
      Username: 'alex_runner',
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: 'alex@example.com' }],
    });
    expect(cognitoMock.commandCalls(AdminSetUserPasswordCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'eu-central-1_TestPool1',
      Username: 'alex_runner',
      Password: 'orbit-lantern-quartz-42',
      Permanent: true,
    });
    // one account per email: the address is looked up first, then claimed with the profile (decision 0024)
    expect(ddbMock.calls()).toHaveLength(2);
    expect(ddbMock.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual({ pk: 'EMAIL#alex@example.com', sk: 'OWNER' });
    const items = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items[0]!.Put).toMatchObject({
      TableName: 'fittrack-test',
      Item: { pk: `USER#${p.sub}`, sk: 'PROFILE', subscription: { status: 'none' }, emailVerified: false },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(items[1]!.Put).toMatchObject({ Item: { pk: 'EMAIL#alex@example.com', sk: 'OWNER', userId: p.sub }, ConditionExpression: 'attribute_not_exists(pk) OR userId = :sub' });
    expect(items[2]!.Put!.Item).toMatchObject({ action: 'signup', userId: p.sub, ipAddress: '203.0.113.10' });
    expect(items[3]!.Update).toMatchObject({ Key: { pk: expect.stringMatching(/^STATS#([0-9]|1[0-5])$/), sk: 'COUNTERS' } });
    expect(items[3]!.Update!.UpdateExpression).toMatch(/^ADD /);
    // the verification code is mailed with the new user's own access token
    expect(cognitoMock.commandCalls(GetUserAttributeVerificationCodeCommand)[0]!.args[0].input).toEqual({ AccessToken: expect.stringMatching(/^ey/), AttributeName: 'email' });
  });

  it('answers 409 for an address another account uses, before Cognito is asked', async () => {
    ddbMock.on(GetCommand, { Key: { pk: 'EMAIL#alex@example.com', sk: 'OWNER' } }).resolves({ Item: { pk: 'EMAIL#alex@example.com', sk: 'OWNER', userId: 'someone-else' } });
    const res = await invoke(handler, loadEvent('post-auth-signup', { body: { username: 'alex_runner', email: 'Alex@Example.com', password: 'orbit-lantern-quartz-42' } }));
    expectJsonError(res, 409, EMAIL_TAKEN);
    expect(cognitoMock.commandCalls(AdminCreateUserCommand)).toHaveLength(0);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it.each([
    ['UsernameExistsException', 409, 'That username is already taken. Please choose another.'],
    ['InvalidPasswordException', 400, PASSWORD_POLICY_TEXT],
    ['InvalidParameterException', 400, 'Please check your username and email and try again.'],
    ['TooManyRequestsException', 429, 'Too many sign-up attempts. Please wait and try again.'],
  ] as const)('maps %s to %i', async (name, status, message) => {
    cognitoMock.on(AdminCreateUserCommand).rejects(awsError(name, 'cognito internals'));
    const res = await invoke(handler, signupEvent());
    expectJsonError(res, status, message);
    expect(ddbMock.calls()).toHaveLength(1); // the email lookup; nothing written
    expect(res.cookies).toBeUndefined();
  });

  it('refuses a short or common password, a bad email and a bad username without calling Cognito', async () => {
    const base = { username: 'alex_runner', email: 'alex@example.com', password: 'orbit-lantern-quartz-42' };
    expectJsonError(await invoke(handler, loadEvent('post-auth-signup', { body: { ...base, password: 'Password1' } })), 400, PASSWORD_POLICY_TEXT);
    // long enough, but common, breached or built from the account's own name: refused before Cognito
    for (const password of ['password1234', 'Passw0rd1234', 'qwertyuiop123', 'iloveyou1234', 'alex_runner2026', 'aaaaaaaaaaaaaaaa']) {
      expectJsonError(await invoke(handler, loadEvent('post-auth-signup', { body: { ...base, password } })), 400, PASSWORD_TOO_COMMON_TEXT);
    }
    expectJsonError(await invoke(handler, loadEvent('post-auth-signup', { body: { ...base, email: 'alex' } })), 400, 'Email must be a valid email address.');
    expectJsonError(await invoke(handler, loadEvent('post-auth-signup', { body: { ...base, username: 'a b' } })), 400, /^Username may only contain/);
    expectJsonError(await invoke(handler, loadEvent('post-auth-signup', { body: { ...base, role: 'admin' } })), 400, 'Unknown field: role');
    expect(cognitoMock.calls()).toHaveLength(0);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the refresh token, clears both cookies and logs the sign-out (204)', async () => {
    cognitoMock.on(RevokeTokenCommand).resolves({});
    const res = await invoke(handler, loadEvent('post-auth-logout', { cookies: [accessCookie('subscriber'), refreshCookie('rt-1')] }));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBeUndefined();
    expectSecurityHeaders(res);
    expect(res.headers['Cache-Control']).toBe('no-store');
    expect(cognitoMock.commandCalls(RevokeTokenCommand)[0]!.args[0].input).toEqual({ ClientId: 'test-client-id', ClientSecret: 'test-client-secret', Token: 'rt-1' });
    const c = cookiesByName(res);
    expect(c[ACCESS_COOKIE]).toMatch(new RegExp(`^${ACCESS_COOKIE}=; Max-Age=0;`));
    expect(c[REFRESH_COOKIE]).toMatch(new RegExp(`^${REFRESH_COOKIE}=; Max-Age=0;`));
    expect(ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Put!.Item).toMatchObject({ action: 'logout' });
  });

  it('still signs out when the refresh token is already revoked', async () => {
    cognitoMock.on(AdminInitiateAuthCommand).rejects(awsError('NotAuthorizedException', 'Refresh Token has been revoked'));
    cognitoMock.on(RevokeTokenCommand).rejects(awsError('NotAuthorizedException'));
    const res = await invoke(handler, loadEvent('post-auth-logout', { cookies: [refreshCookie()] }));
    expect(res.statusCode).toBe(204);
    expect(Object.keys(cookiesByName(res)).sort()).toEqual([ACCESS_COOKIE, REFRESH_COOKIE].sort());
  });

  it('works without a session and without a content type (no body)', async () => {
    const res = await invoke(handler, loadEvent('post-auth-logout'));
    expect(res.statusCode).toBe(204);
    expect(cognitoMock.calls()).toHaveLength(0);
    expect(ddbMock.calls()).toHaveLength(0);
  });
});

describe('GET /api/auth/me', () => {
  it('answers the signed-in user from the profile', async () => {
    const res = await invoke(handler, loadEvent('get-auth-me', { cookies: signedInCookies('lapsed') }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['Cache-Control']).toBe('no-store');
    expect(jsonBody(res)).toEqual({
      user: {
        id: principals.lapsed.sub,
        username: 'lapsed_user',
        email: 'lapsed_user@example.com',
        role: 'user',
        subscriptionStatus: 'active',
        subscriptionExpiresAt: profileOf('lapsed').subscription!.expiresAt,
        hasActiveSubscription: false,
        emailVerified: false,
      },
    });
  });

  it('answers 401 without a session, and when the profile is gone', async () => {
    expectJsonError(await invoke(handler, loadEvent('get-auth-me')), 401, 'Authentication required');
    const ghost = `${ACCESS_COOKIE}=${accessToken({ sub: 'sub-deleted', username: 'ghost' })}`;
    expectJsonError(await invoke(handler, loadEvent('get-auth-me', { cookies: [ghost] })), 401);
  });

  it('reads the identity only from the cookie, never from an Authorization header', async () => {
    const token = accessToken({ ...principals.admin, groups: ['admin'] });
    const res = await invoke(handler, loadEvent('get-auth-me', { headers: { authorization: `Bearer ${token}` } }));
    expectJsonError(res, 401);
  });

  it.each([
    ['signed with another key (same kid)', () => accessToken({ forged: true })],
    ['issued for another app client', () => accessToken({ claims: { client_id: 'other-client' } })],
    ['an ID token', () => accessToken({ claims: { token_use: 'id' } })],
    ['from another issuer', () => accessToken({ claims: { iss: 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_Other' } })],
    ['unsigned (alg none)', () => signJwt({ sub: 'sub-admin-0004', 'cognito:groups': ['admin'], token_use: 'access' }, { alg: 'none' })],
    ['not a JWT', () => 'garbage'],
  ])('refuses an access token %s and clears the cookie', async (_what, token) => {
    const res = await invoke(handler, loadEvent('get-auth-me', { cookies: [`${ACCESS_COOKIE}=${token()}`] }));
    expectJsonError(res, 401);
    expect(cookiesByName(res)[ACCESS_COOKIE]).toMatch(/Max-Age=0;/);
    expect(cognitoMock.calls()).toHaveLength(0);
  });
});

describe('transparent session refresh', () => {
  it('refreshes an expired access token from the refresh cookie and sets a new access cookie', async () => {
    const fresh = authResult('subscriber', false);
    cognitoMock.on(AdminInitiateAuthCommand).resolves(fresh);
    const res = await invoke(
      handler,
      loadEvent('get-auth-me', { cookies: [accessCookie('subscriber', { expiresIn: -60 }), refreshCookie('rt-subscriber')] }),
    );

    expect(res.statusCode).toBe(200);
    expect(cognitoMock.commandCalls(AdminInitiateAuthCommand)).toHaveLength(1);
    // a confidential client names the user (from the expired token) and sends its SECRET_HASH
    expect(cognitoMock.commandCalls(AdminInitiateAuthCommand)[0]!.args[0].input).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      UserPoolId: 'eu-central-1_TestPool1',
      ClientId: 'test-client-id',
      AuthParameters: { REFRESH_TOKEN: 'rt-subscriber', USERNAME: 'alex_runner', SECRET_HASH: secretHashOf('alex_runner') },
    });
    expect(res.cookies).toHaveLength(1);
    const access = cookiesByName(res)[ACCESS_COOKIE]!;
    expect(valueOf(access)).toBe(fresh.AuthenticationResult.AccessToken);
    expect(attrs(access)).toEqual(expect.arrayContaining(FLAGS));
    expect(maxAge(access)).toBeGreaterThan(3500);
    expect(userResponse.parse(jsonBody(res)).user.id).toBe(principals.subscriber.sub);
    expectNoTokenIn(res, fresh.AuthenticationResult.AccessToken);
  });

  it('keeps the access cookie as long as the refresh cookie, and cannot refresh from the refresh cookie alone (the user is unknown): 401, both cleared, no Cognito call', async () => {
    cognitoMock.on(AdminInitiateAuthCommand).resolves(authResult('user', false));
    const res = await invoke(handler, loadEvent('get-auth-me', { cookies: [refreshCookie('rt-user')] }));
    expectJsonError(res, 401);
    expect(Object.keys(cookiesByName(res)).sort()).toEqual([ACCESS_COOKIE, REFRESH_COOKIE].sort());
    expect(cognitoMock.calls()).toHaveLength(0);
  });

  it('does not call Cognito while the access token is valid', async () => {
    const res = await invoke(handler, loadEvent('get-auth-me', { cookies: signedInCookies('user') }));
    expect(res.statusCode).toBe(200);
    expect(cognitoMock.calls()).toHaveLength(0);
    expect(res.cookies).toBeUndefined();
  });

  it('clears both cookies and answers 401 when Cognito refuses the refresh token', async () => {
    cognitoMock.on(AdminInitiateAuthCommand).rejects(awsError('NotAuthorizedException', 'Refresh Token has been revoked'));
    const res = await invoke(handler, loadEvent('get-auth-me', { cookies: [accessCookie('user', { expiresIn: -1 }), refreshCookie()] }));
    expectJsonError(res, 401, 'Authentication required');
    const c = cookiesByName(res);
    expect(c[ACCESS_COOKIE]).toMatch(/Max-Age=0;/);
    expect(c[REFRESH_COOKIE]).toMatch(/Max-Age=0;/);
  });

  it('clears both cookies when the refreshed token does not verify', async () => {
    cognitoMock.on(AdminInitiateAuthCommand).resolves({ AuthenticationResult: { AccessToken: accessToken({ forged: true }) } });
    const res = await invoke(handler, loadEvent('get-auth-me', { cookies: [accessCookie('user', { expiresIn: -1 }), refreshCookie()] }));
    expectJsonError(res, 401);
    expect(Object.keys(cookiesByName(res)).sort()).toEqual([ACCESS_COOKIE, REFRESH_COOKIE].sort());
  });

  it('answers 503, not a sign-out, when Cognito is unreachable during a refresh', async () => {
    cognitoMock.on(AdminInitiateAuthCommand).rejects(connectionRefused());
    const res = await invoke(handler, loadEvent('get-auth-me', { cookies: [accessCookie('user', { expiresIn: -1 }), refreshCookie()] }));
    expectJsonError(res, 503);
    expect(res.cookies).toBeUndefined();
  });

  it('verifies tokens against the JWKS fetched once (per cold start) from the configured URI', () => {
    expect(fetchedUrls).toEqual([process.env.JWKS_URI]);
  });
});

describe('domain routing', () => {
  it('answers 404 for a route key the table does not know', async () => {
    const res = await invoke(handler, loadEvent('get-auth-me', { routeKey: 'GET /api/auth/whoami' }));
    expectJsonError(res, 404, 'Not found');
  });

  it('answers 404 for a route of another domain', async () => {
    expectJsonError(await invoke(handler, loadEvent('get-config')), 404, 'Not found');
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
  });
});
