import { AdminGetUserCommand, AdminUpdateUserAttributesCommand, VerifyUserAttributeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type ChangeEmailRequest, type User } from '../contract/auth';
import { activityLogItems } from '../lib/activity-log';
import { appClient, cognito } from '../lib/cognito';
import { ddb, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { transact, unexpectedFailure } from '../lib/db/toolkit';
import { HttpError, badRequest, conflict, unauthorized } from '../lib/http-error';
import { log } from '../lib/log';
import { emailClaimItem, emailReleaseItem, getProfile } from '../lib/profile-repository';
import { type Session } from '../lib/request';
import { normaliseEmail, toUser } from '../lib/users';
import { EMAIL_TAKEN, sendVerificationCode } from './auth-service';
import { verifyCurrentPassword } from './password-service';

/**
 * Email verification and change email (issue 15 point 6, decision 0024). Cognito mails the 6-digit
 * code (GetUserAttributeVerificationCode) and checks it (VerifyUserAttribute), both authorised by
 * the signed-in user's own access token; the profile mirrors the outcome (`emailVerified`), so
 * GET /api/auth/me answers it from the read it makes anyway.
 */

const errName = (err: unknown) => (err as { name?: string })?.name ?? '';

export const VERIFY_CODE_WRONG = 'That code is wrong or has expired. Check the latest email or send a new code.';
export const ALREADY_VERIFIED = 'Your email address is already confirmed.';
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
/** A new code may be asked for once a minute (Cognito has its own hourly limits on top). */
const VERIFICATION_RESEND_SECONDS = 60;

const cognitoLimit = (err: unknown) => ['LimitExceededException', 'TooManyFailedAttemptsException', 'TooManyRequestsException'].includes(errName(err));

/**
 * Confirms the account's address with the mailed code. The profile is read first (it is the
 * request's session check, call 1); a wrong, expired or reused code is one 400 and changes nothing;
 * then the profile is marked verified with the log entry (call 2).
 */
export async function verifyEmail(session: Session, accessToken: string | undefined, code: string, ip: string): Promise<User> {
  if (!accessToken) throw unauthorized();
  const profile = await getProfile(session.sub);
  if (!profile) throw unauthorized();
  if (profile.emailVerified) throw badRequest(ALREADY_VERIFIED);
  try {
    await cognito().send(new VerifyUserAttributeCommand({ AccessToken: accessToken, AttributeName: 'email', Code: code }));
  } catch (err) {
    if (['CodeMismatchException', 'ExpiredCodeException'].includes(errName(err))) throw badRequest(VERIFY_CODE_WRONG);
    if (cognitoLimit(err)) throw new HttpError(429, TOO_MANY);
    throw err;
  }
  const outcome = await transact([
    {
      Update: {
        TableName: tableName(),
        Key: keys.profile(session.sub),
        UpdateExpression: 'SET emailVerified = :t REMOVE verificationSentAt',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':t': true },
      },
    },
    ...activityLogItems({ action: 'email_verified', userId: session.sub, details: `User ${session.username} confirmed the email address`, ipAddress: ip }),
  ]);
  if (!outcome.ok) throw outcome.failed === 0 ? unauthorized() : unexpectedFailure(outcome);
  return toUser({ ...profile, emailVerified: true }, session.role);
}

/**
 * Mails a new code. At most one a minute per account: the profile's `verificationSentAt` is read
 * (call 1) and moved on by a conditional update (call 2), so two concurrent requests send one code.
 * Answers the seconds to wait when it is too soon (429).
 */
export async function resendVerification(session: Session, accessToken: string | undefined, now = new Date()): Promise<void> {
  if (!accessToken) throw unauthorized();
  const profile = await getProfile(session.sub);
  if (!profile) throw unauthorized();
  if (profile.emailVerified) throw badRequest(ALREADY_VERIFIED);
  const last = profile.verificationSentAt;
  const wait = last ? Math.ceil(VERIFICATION_RESEND_SECONDS - (now.getTime() - new Date(last).getTime()) / 1000) : 0;
  const tooSoon = (seconds: number) =>
    new HttpError(429, `A code was sent a moment ago. You can ask for another in ${seconds} second${seconds === 1 ? '' : 's'}.`, { 'Retry-After': String(seconds) });
  if (wait > 0) throw tooSoon(wait);
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(session.sub),
        UpdateExpression: 'SET verificationSentAt = :now',
        ConditionExpression: last ? 'verificationSentAt = :last' : 'attribute_exists(pk) AND attribute_not_exists(verificationSentAt)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ...(last ? { ':last': last } : {}) },
      }),
    );
  } catch (err) {
    if (errName(err) === 'ConditionalCheckFailedException') throw tooSoon(VERIFICATION_RESEND_SECONDS);
    throw err;
  }
  try {
    await sendVerificationCode(accessToken);
  } catch (err) {
    if (cognitoLimit(err)) throw new HttpError(429, TOO_MANY);
    throw err;
  }
}

/**
 * Change email (re-verified). The password is checked exactly like a sign-in (the limits of decision
 * 0017: call 1, a failure counted as call 2). The account's current address comes from Cognito
 * (AdminGetUser). One transaction moves the profile to the new address, unverified, claims the new
 * address and releases the old one (call 2): an address another account uses fails its claim (409),
 * and nothing has changed. Then Cognito takes the address and mails its code to it.
 *
 * Cognito is set in two steps so that the code goes to the new address in AWS and in cognito-local
 * alike (cognito-local mails a changed address's code to the old one): the address with
 * `email_verified=true` (no message), then unverified, then GetUserAttributeVerificationCode. The
 * second step may mail a code too (cognito-local does); the newest code is the one that counts, and
 * the answer says so. If Cognito refuses, the transaction is undone.
 */
export async function changeEmail(session: Session, accessToken: string | undefined, input: ChangeEmailRequest, ip: string): Promise<void> {
  if (!accessToken) throw unauthorized();
  await verifyCurrentPassword(session, input.password, ip);
  const { UserPoolId } = appClient();
  const cognitoUser = await cognito().send(new AdminGetUserCommand({ UserPoolId, Username: session.username }));
  const attr = (name: string) => cognitoUser.UserAttributes?.find((a) => a.Name === name)?.Value;
  const oldEmail = attr('email') ?? '';
  const wasVerified = attr('email_verified') === 'true';
  if (normaliseEmail(oldEmail) === normaliseEmail(input.email)) throw badRequest('That is already your email address.');
  const now = new Date().toISOString();
  const profileUpdate = (email: string, verified: boolean, sentAt: string | undefined) => ({
    Update: {
      TableName: tableName(),
      Key: keys.profile(session.sub),
      UpdateExpression: sentAt ? 'SET email = :e, emailVerified = :v, verificationSentAt = :s' : 'SET email = :e, emailVerified = :v REMOVE verificationSentAt',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':e': email, ':v': verified, ...(sentAt ? { ':s': sentAt } : {}) },
    },
  });
  const outcome = await transact([
    profileUpdate(input.email, false, now),
    emailClaimItem(input.email, session.sub),
    ...(oldEmail ? [emailReleaseItem(oldEmail, session.sub)] : []),
    ...activityLogItems({ action: 'email_changed', userId: session.sub, details: `User ${session.username} changed the email address`, ipAddress: ip }),
  ]);
  if (!outcome.ok) {
    if (outcome.failed === 1) throw conflict(EMAIL_TAKEN);
    throw outcome.failed === 0 ? unauthorized() : unexpectedFailure(outcome);
  }
  try {
    await cognito().send(
      new AdminUpdateUserAttributesCommand({ UserPoolId, Username: session.username, UserAttributes: [{ Name: 'email', Value: input.email }, { Name: 'email_verified', Value: 'true' }] }),
    );
    // (Cognito takes email_verified only together with the address)
    await cognito().send(
      new AdminUpdateUserAttributesCommand({ UserPoolId, Username: session.username, UserAttributes: [{ Name: 'email', Value: input.email }, { Name: 'email_verified', Value: 'false' }] }),
    );
  } catch (err) {
    // Cognito kept the old address: so does the account
    await transact([
      profileUpdate(oldEmail, wasVerified, undefined),
      ...(oldEmail ? [emailClaimItem(oldEmail, session.sub)] : []),
      emailReleaseItem(input.email, session.sub),
    ]).catch((undo: unknown) => log.error('change email not undone', { error: String(undo) }));
    if (errName(err) === 'InvalidParameterException') throw badRequest('Please check the email address and try again.');
    throw err;
  }
  await sendVerificationCode(accessToken).catch((err: unknown) => log.warn('verification code not sent', { error: errName(err) || String(err) }));
}
