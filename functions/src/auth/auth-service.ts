import {
  AdminCreateUserCommand,
  AdminRespondToAuthChallengeCommand,
  AdminDeleteUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  GetUserAttributeVerificationCodeCommand,
  RevokeTokenCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_POLICY_TEXT, type LoginRequest, type MfaSetupResponse, type SignupRequest, type User } from '../contract/auth';
import { MFA_CODE_REQUIRED, MFA_CODE_WRONG } from '../contract/auth-rules';
import { associateAuthenticator, otpauthUrl, verifyAuthenticator } from './mfa';
import { activityLogItems, logActivity } from '../lib/activity-log';
import { appClient, clientSecret, cognito, decodeTrustedIdToken, secretHash } from '../lib/cognito';
import { HttpError, badRequest, conflict, unauthorized } from '../lib/http-error';
import { getEnv } from '../lib/env';
import { type Session } from '../lib/request';
import { clearSessionCookies, sessionCookies, sessionEndsAt, sessionFromAccessToken, sessionKeyOf } from '../lib/session';
import { createProfileIfAbsent, createProfileWithEmail, emailOwner, endAllSessionsItem, endSession, getProfile, sessionStartItem } from '../lib/profile-repository';
import { sleep, transact, unexpectedFailure } from '../lib/db/toolkit';
import { type Profile, newProfile, toUser } from '../lib/users';
import { ACCOUNT_CEILING_DELAY_MS, loginGate, recordFailedSignIn, refusal } from './login-limit';
import { countMetric, metricNames } from '../lib/metrics';
import { assertStrongPassword } from './password-strength';
import { log } from '../lib/log';

const INVALID_CREDENTIALS = 'Invalid credentials';

const SIGN_IN_REFUSED = ['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException', 'UserNotConfirmedException', 'PasswordResetRequiredException'];

const errName = (err: unknown) => (err as { name?: string })?.name ?? '';

const MFA_FIELDS = { mfa: 'totp' } as const;
const codeRequired = () => new HttpError(401, MFA_CODE_REQUIRED, {}, MFA_FIELDS);
/** A wrong, expired or reused code: a failed sign-in like a wrong password (it is counted). */
const codeWrong = () => new HttpError(401, MFA_CODE_WRONG, {}, MFA_FIELDS);

/**
 * Signs in with Cognito's admin flow ADMIN_USER_PASSWORD_AUTH (IAM credentials and the client's
 * SECRET_HASH: the only sign-in the app client allows); unknown user and wrong password are
 * indistinguishable. An account with an authenticator app gets Cognito's SOFTWARE_TOKEN_MFA
 * challenge: without `code` the answer is 401 `{ message, mfa: "totp" }` and no session; with it,
 * AdminRespondToAuthChallenge answers the challenge at once (decision 0018).
 */
export async function authenticate(username: string, password: string, code?: string): Promise<AuthenticationResultType> {
  try {
    const res = await cognito().send(
      new AdminInitiateAuthCommand({
        ...appClient(),
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password, SECRET_HASH: await secretHash(username) },
      }),
    );
    if (res.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
      if (!code) throw codeRequired();
      const challengeUser = res.ChallengeParameters?.USER_ID_FOR_SRP ?? username;
      const answered = await cognito()
        .send(
          new AdminRespondToAuthChallengeCommand({
            ...appClient(),
            ChallengeName: 'SOFTWARE_TOKEN_MFA',
            Session: res.Session,
            ChallengeResponses: { USERNAME: challengeUser, SOFTWARE_TOKEN_MFA_CODE: code, SECRET_HASH: await secretHash(challengeUser) },
          }),
        )
        .catch((err: unknown) => {
          if (['CodeMismatchException', 'ExpiredCodeException', 'NotAuthorizedException'].includes(errName(err))) throw codeWrong();
          throw err;
        });
      if (!answered.AuthenticationResult?.AccessToken) throw codeWrong();
      return answered.AuthenticationResult;
    }
    // any other challenge (e.g. an operator-made user that must change its password) cannot be met here
    if (!res.AuthenticationResult?.AccessToken) throw unauthorized(INVALID_CREDENTIALS);
    return res.AuthenticationResult;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // Cognito answers NotAuthorizedException for both (PreventUserExistenceErrors); cognito-local
    // answers InvalidPasswordException and UserNotFoundException. All map to one message.
    if (SIGN_IN_REFUSED.includes(errName(err))) {
      throw unauthorized(INVALID_CREDENTIALS);
    }
    if (errName(err) === 'TooManyRequestsException' || errName(err) === 'TooManyFailedAttemptsException') throw new HttpError(429, 'Too many sign-in attempts. Please wait and try again.');
    throw err;
  }
}

/** The session Cognito's answer starts: who, its key in the profile (lib/session.ts) and its cookies. */
/** Revokes a refresh token (and every access token it issued) at Cognito: a confidential client sends its secret. */
export const revoke = async (token: string) =>
  cognito().send(new RevokeTokenCommand({ ClientId: appClient().ClientId, ClientSecret: await clientSecret(), Token: token }));

export async function startSession(auth: AuthenticationResultType): Promise<{ session: Session; key: string; cookies: string[] }> {
  const s = await sessionFromAccessToken(auth.AccessToken!);
  if (!s || !auth.RefreshToken) throw new Error('Cognito returned an access token that does not verify, or no refresh token');
  return { session: s.session, key: sessionKeyOf(auth.RefreshToken), cookies: sessionCookies(auth) };
}

interface AuthOutcome {
  user: User;
  cookies: string[];
}

export const EMAIL_TAKEN = 'An account with that email address already exists. Sign in, or reset your password if you have forgotten it.';

/**
 * Asks Cognito to mail a code that confirms the account's current email address (locally the
 * outbox, $LOCAL_DATA_DIR/mail). Authorised by the user's own access token: Cognito offers no admin
 * variant, and the app client allows no attribute writes, so the token can only confirm, never change it.
 */
export const sendVerificationCode = async (accessToken: string) =>
  cognito().send(new GetUserAttributeVerificationCodeCommand({ AccessToken: accessToken, AttributeName: 'email' }));

/**
 * Sign-up. One account per email (decision 0024): an address another account uses is refused 409
 * before Cognito is asked (a read of its `EMAIL#` item), and the claim written with the profile in
 * one transaction is the race-safe check: of two concurrent sign-ups with one address, the second
 * transaction fails its condition and its Cognito user is removed again. Then the verification code
 * is mailed (`mailCode: false` for the admin's throwaway system-test accounts).
 */
export async function signup(input: SignupRequest, ip: string, o: { mailCode?: boolean } = {}): Promise<AuthOutcome> {
  await assertStrongPassword(input.password, input);
  if (await emailOwner(input.email)) throw conflict(EMAIL_TAKEN);
  let sub: string;
  // Self sign-up is off at Cognito: the app creates the user (no invitation mail), then sets the
  // chosen password as permanent. A refused password removes the user it just created.
  const { UserPoolId } = appClient();
  try {
    const res = await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: input.username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: input.email }],
      }),
    );
    sub = res.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? '';
    if (!sub) throw new Error('Cognito created a user without a sub');
    try {
      await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId, Username: input.username, Password: input.password, Permanent: true }));
    } catch (err) {
      await cognito().send(new AdminDeleteUserCommand({ UserPoolId, Username: input.username }));
      throw err;
    }
  } catch (err) {
    switch (errName(err)) {
      case 'UsernameExistsException':
        throw conflict('That username is already taken. Please choose another.');
      case 'InvalidPasswordException':
        throw badRequest(PASSWORD_POLICY_TEXT);
      case 'InvalidParameterException':
        throw badRequest('Please check your username and email and try again.');
      case 'TooManyRequestsException':
        throw new HttpError(429, 'Too many sign-up attempts. Please wait and try again.');
      default:
        throw err;
    }
  }
  const auth = await authenticate(input.username, input.password);
  const { session, key, cookies } = await startSession(auth);
  const mailCode = o.mailCode ?? true;
  // The profile is created with its first session and its claim of the address: the cookies are good from the first request.
  const profile: Profile = {
    ...newProfile({ id: sub, username: input.username, email: input.email }),
    sessions: { [key]: sessionEndsAt() },
    emailVerified: false,
    ...(mailCode ? { verificationSentAt: new Date().toISOString() } : {}),
  };
  const created = await createProfileWithEmail(profile, activityLogItems({ action: 'signup', userId: sub, details: `New account ${input.username}`, ipAddress: ip }));
  if (created === 'email-taken') {
    // another sign-up claimed the address a moment ago: this account is undone
    if (auth.RefreshToken) await revoke(auth.RefreshToken).catch((err: unknown) => log.warn('token not revoked', { error: String(err) }));
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId, Username: input.username }));
    throw conflict(EMAIL_TAKEN);
  }
  if (mailCode) {
    // a code that cannot be sent now can be asked for again from the banner
    await sendVerificationCode(auth.AccessToken!).catch((err: unknown) => log.warn('verification code not sent', { error: errName(err) || String(err) }));
  }
  await countMetric(metricNames.signUp, 'auth');
  return { user: toUser(profile, session.role), cookies };
}

/** Records a failed or refused sign-in (its counters, log entry and metric); never fails the answer. */
export async function recordFailure(username: string, ip: string, kind: 'failed' | 'refused', now: Date): Promise<void> {
  await Promise.all([
    recordFailedSignIn(username, ip, kind, now).catch((err: unknown) => log.error('failed sign-in not recorded', { error: String(err) })),
    countMetric(metricNames.failedSignIn, 'auth'),
  ]);
}

/**
 * Call 1 of every password check (decision 0017): a refused attempt is counted and answered 429
 * without asking Cognito or looking at the password; past the account's ceiling a clean address waits.
 */
export async function passLoginGate(username: string, ip: string, now: Date): Promise<void> {
  const gate = await loginGate(username, ip, now);
  if (gate === 'refuse') {
    await recordFailure(username, ip, 'refused', now);
    throw refusal();
  }
  if (gate === 'slow') await sleep(ACCOUNT_CEILING_DELAY_MS);
}

/**
 * Sign-in (decision 0017): the limits are read first (call 1). A refused attempt answers 429 without
 * asking Cognito or looking at the password; past the account's ceiling an address without failures
 * of its own is slowed, not refused. Then Cognito; a failure is counted (call 2). A success reads the
 * profile and writes the new session with the login log (calls 2 and 3: the one route allowed three,
 * local/dynamo-budget.ts).
 */
export async function login(input: LoginRequest, ip: string): Promise<AuthOutcome> {
  const now = new Date();
  await passLoginGate(input.username, ip, now);
  let auth: AuthenticationResultType;
  try {
    auth = await authenticate(input.username, input.password, input.code);
  } catch (err) {
    // a wrong password or a wrong code counts; a right password still waiting for its code does not
    if (err instanceof HttpError && err.status === 401 && err.message !== MFA_CODE_REQUIRED) await recordFailure(input.username, ip, 'failed', now);
    throw err;
  }
  const { session, key, cookies } = await startSession(auth);
  let profile = await getProfile(session.sub);
  if (!profile) {
    // A Cognito user without a profile (e.g. created by an operator): create it once.
    const id = decodeTrustedIdToken(auth.IdToken);
    profile = { ...newProfile({ id: session.sub, username: session.username, email: id.email ?? '' }), emailVerified: id.emailVerified === true };
    await createProfileIfAbsent(profile);
  }
  // The new session and the login log in one transaction.
  const outcome = await transact([
    sessionStartItem(profile, key, sessionEndsAt()),
    ...activityLogItems({ action: 'login', userId: session.sub, details: `User ${session.username} signed in`, ipAddress: ip }),
  ]);
  if (!outcome.ok) throw unexpectedFailure(outcome);
  await countMetric(metricNames.signIn, 'auth');
  return { user: toUser(profile, session.role), cookies };
}

/**
 * Ends the session in the profile (its access cookie is refused from the next request, lib/profile-check.ts),
 * revokes the refresh token at Cognito and clears the cookies.
 */
export async function logout(
  refreshToken: string | undefined,
  ending: { sub: string; username: string; key: string } | undefined,
  ip: string,
): Promise<string[]> {
  if (ending) await endSession(ending.sub, ending.key);
  if (refreshToken) {
    await revoke(refreshToken).catch((err) => {
        // An already revoked or unknown token is fine: the goal state is reached.
        if (!['NotAuthorizedException', 'UnsupportedTokenTypeException', 'InvalidParameterException'].includes(errName(err))) throw err;
      });
  }
  if (ending) await logActivity({ action: 'logout', userId: ending.sub, details: `User ${ending.username} signed out`, ipAddress: ip });
  return clearSessionCookies();
}

/**
 * Sign out everywhere: every session of the account ends at once (the profile's map is emptied in
 * the same transaction as the log entry), this browser's cookies are cleared. Refresh tokens left at
 * Cognito cannot start a session again: a refreshed access token still needs its key in the profile.
 */
export async function logoutEverywhere(session: Session, ip: string): Promise<string[]> {
  const outcome = await transact([
    endAllSessionsItem(session.sub),
    ...activityLogItems({ action: 'logout', userId: session.sub, details: `User ${session.username} signed out everywhere`, ipAddress: ip }),
  ]);
  if (!outcome.ok) throw unauthorized(); // the profile is gone: nothing left to sign out
  return clearSessionCookies();
}

/** Step 1 of setting up two-step sign-in: a new authenticator secret for the signed-in user, shown once. */
export async function startMfaSetup(session: Session, accessToken: string | undefined): Promise<MfaSetupResponse> {
  if (!accessToken) throw unauthorized();
  const secret = await associateAuthenticator(cognito(), accessToken);
  return { secret, otpauthUrl: otpauthUrl(secret, session.username, getEnv().productName) };
}

/** Step 2: the app's code turns two-step sign-in on (Cognito asks for a code at every sign-in from then); logged. */
export async function finishMfaSetup(session: Session, accessToken: string | undefined, code: string, ip: string): Promise<void> {
  if (!accessToken) throw unauthorized();
  await verifyAuthenticator(cognito(), accessToken, code);
  await logActivity({ action: 'mfa_enabled', userId: session.sub, details: `User ${session.username} set up two-step sign-in`, ipAddress: ip });
}
