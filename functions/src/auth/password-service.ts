import { AdminGetUserCommand, AdminSetUserPasswordCommand, ConfirmForgotPasswordCommand, ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_POLICY_TEXT, type ChangePasswordRequest, type ForgotPasswordRequest, type ResetPasswordRequest } from '../contract/auth';
import { MFA_CODE_REQUIRED } from '../contract/auth-rules';
import { activityLogItems } from '../lib/activity-log';
import { appClient, cognito, secretHash } from '../lib/cognito';
import { transact, unexpectedFailure } from '../lib/db/toolkit';
import { HttpError, badRequest, unauthorized } from '../lib/http-error';
import { log } from '../lib/log';
import { endAllSessionsItem } from '../lib/profile-repository';
import { type Session } from '../lib/request';
import { clearSessionCookies, sessionEndsAt } from '../lib/session';
import { authenticate, passLoginGate, recordFailure, revoke, startSession } from './auth-service';
import { assertStrongPassword } from './password-strength';

/**
 * Forgot, reset and change password (issue 15 point 6, decision 0019). Cognito sends the reset code
 * (in AWS by its default email, locally cognito-local's message sender, which the preload
 * local/cognito-local-mfa.mjs also writes to $LOCAL_DATA_DIR/mail/). ForgotPassword and
 * ConfirmForgotPassword are the two public Cognito APIs the app uses: they carry the client's
 * SECRET_HASH (a confidential client, note 0014), so they are callable only through the app too.
 */

const errName = (err: unknown) => (err as { name?: string })?.name ?? '';

export const RESET_CODE_WRONG = 'That code is wrong or has expired. Check the latest email or ask for a new code.';
export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct.';
const TOO_MANY_RESETS = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Sends a reset code to the account's email. The answer never says whether the account exists:
 * an unknown user, a user without a verified address and a disabled one all get the same answer.
 */
export async function forgotPassword(input: ForgotPasswordRequest): Promise<void> {
  try {
    await cognito().send(new ForgotPasswordCommand({ ClientId: appClient().ClientId, SecretHash: await secretHash(input.username), Username: input.username }));
  } catch (err) {
    const name = errName(err);
    if (name === 'LimitExceededException' || name === 'TooManyRequestsException') throw new HttpError(429, TOO_MANY_RESETS);
    // unknown user (cognito-local), no verified email / disabled user (Cognito): the same answer as a sent code
    if (['UserNotFoundException', 'InvalidParameterException', 'NotAuthorizedException', 'UnsupportedError', 'CodeDeliveryFailureException'].includes(name)) {
      log.info('forgot-password: no code sent', { reason: name });
      return;
    }
    throw err;
  }
}

/**
 * Sets the new password with the mailed code, then ends every session of the account (its profile's
 * session map is emptied with the log entry in one transaction). A wrong, expired or reused code and
 * an unknown user get the same 400; a weak password is refused before Cognito is asked.
 */
export async function resetPassword(input: ResetPasswordRequest, ip: string): Promise<void> {
  await assertStrongPassword(input.password, { username: input.username });
  try {
    await cognito().send(
      new ConfirmForgotPasswordCommand({
        ClientId: appClient().ClientId,
        SecretHash: await secretHash(input.username),
        Username: input.username,
        ConfirmationCode: input.code,
        Password: input.password,
      }),
    );
  } catch (err) {
    const name = errName(err);
    if (['CodeMismatchException', 'ExpiredCodeException', 'UserNotFoundException', 'NotAuthorizedException', 'InvalidParameterException'].includes(name)) throw badRequest(RESET_CODE_WRONG);
    if (name === 'InvalidPasswordException') throw badRequest(PASSWORD_POLICY_TEXT);
    if (['LimitExceededException', 'TooManyFailedAttemptsException', 'TooManyRequestsException'].includes(name)) throw new HttpError(429, TOO_MANY_RESETS);
    throw err;
  }
  const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: appClient().UserPoolId, Username: input.username }));
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('Cognito returned a user without a sub');
  const outcome = await transact([
    endAllSessionsItem(sub),
    ...activityLogItems({ action: 'password_reset', userId: sub, details: `User ${user.Username ?? input.username} reset the password with an emailed code`, ipAddress: ip }),
  ]);
  // an account without a profile (never signed in) has no session to end
  if (!outcome.ok && outcome.failed !== 0) throw unexpectedFailure(outcome);
}

/**
 * Checks a signed-in user's password exactly as a sign-in does (the same limits of decision 0017,
 * so this cannot be used to guess passwords faster): call 1 is the limits' BatchGet (which also makes
 * the request's profile check), a wrong password is counted (call 2). A right password of an account
 * with two-step sign-in is known from Cognito's challenge; otherwise the tokens it got are revoked.
 */
export async function verifyCurrentPassword(session: Session, password: string, ip: string, wrong = CURRENT_PASSWORD_WRONG): Promise<void> {
  const now = new Date();
  await passLoginGate(session.username, ip, now);
  try {
    const auth = await authenticate(session.username, password);
    if (auth.RefreshToken) await revoke(auth.RefreshToken).catch((err: unknown) => log.warn('token not revoked', { error: String(err) }));
  } catch (err) {
    if (err instanceof HttpError && err.status === 401 && err.message === MFA_CODE_REQUIRED) return; // the password is right
    if (err instanceof HttpError && err.status === 401) {
      await recordFailure(session.username, ip, 'failed', now);
      throw new HttpError(400, wrong);
    }
    throw err;
  }
}

/**
 * Change password: the current one is checked (verifyCurrentPassword), the new one must be strong,
 * then AdminSetUserPassword. Every session of the account ends; this browser is signed in again
 * with the new password (its new session is the only one left, written in the same update), unless
 * the account has two-step sign-in: then it is signed out too and signs in with its code.
 */
export async function changePassword(session: Session, input: ChangePasswordRequest, ip: string): Promise<{ cookies: string[]; signedOut: boolean }> {
  if (input.currentPassword === input.newPassword) throw badRequest('The new password must be different from the current one.');
  await assertStrongPassword(input.newPassword, { username: session.username });
  await verifyCurrentPassword(session, input.currentPassword, ip);
  try {
    await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: appClient().UserPoolId, Username: session.username, Password: input.newPassword, Permanent: true }));
  } catch (err) {
    if (errName(err) === 'InvalidPasswordException') throw badRequest(PASSWORD_POLICY_TEXT);
    throw err;
  }
  let keep: Record<string, number> = {};
  let cookies = clearSessionCookies();
  try {
    const started = await startSession(await authenticate(session.username, input.newPassword));
    keep = { [started.key]: sessionEndsAt() };
    cookies = started.cookies;
  } catch (err) {
    if (!(err instanceof HttpError && err.message === MFA_CODE_REQUIRED)) throw err;
  }
  const outcome = await transact([
    endAllSessionsItem(session.sub, keep),
    ...activityLogItems({ action: 'password_changed', userId: session.sub, details: `User ${session.username} changed the password`, ipAddress: ip }),
  ]);
  if (!outcome.ok) throw outcome.failed === 0 ? unauthorized() : unexpectedFailure(outcome);
  return { cookies, signedOut: Object.keys(keep).length === 0 };
}
