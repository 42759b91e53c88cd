import {
  AssociateSoftwareTokenCommand,
  type CognitoIdentityProviderClient,
  GetUserCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { MFA_CODE_WRONG } from '../contract/auth-rules';
import { HttpError, badRequest, conflict } from '../lib/http-error';

/**
 * Setting up two-step sign-in with an authenticator app (TOTP) at Cognito (issue 15 point 5,
 * decision 0018). The three calls are authorised by the user's own access token (Cognito checks it;
 * the token carries the `aws.cognito.signin.user.admin` scope), never by the browser: the token sits
 * in an HttpOnly cookie and the function sends it. `createAdminAccount` runs the same two steps with
 * a generated code, so a new administrator starts enrolled.
 */

const errName = (err: unknown) => (err as { name?: string })?.name ?? '';

/** The key URI authenticator apps read from the QR code (issuer and account shown in the app). */
export function otpauthUrl(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/** Step 1: a new secret for the user (replaces one that was never verified); 409 when one is already set up. */
export async function associateAuthenticator(client: CognitoIdentityProviderClient, accessToken: string): Promise<string> {
  // Replacing a working authenticator is a separate, deliberate act (not offered yet): refuse here,
  // so that a second click, or a stolen session, cannot swap the admin's second factor.
  const user = await client.send(new GetUserCommand({ AccessToken: accessToken }));
  if ((user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA')) throw conflict('Two-step sign-in is already set up for this account.');
  const res = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  if (!res.SecretCode) throw new Error('Cognito returned no secret for the authenticator');
  return res.SecretCode;
}

/** Step 2: the app's first code proves the secret was stored; TOTP becomes the preferred (and only) second step. */
export async function verifyAuthenticator(client: CognitoIdentityProviderClient, accessToken: string, code: string): Promise<void> {
  try {
    const res = await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: code, FriendlyDeviceName: 'Authenticator app' }));
    if (res.Status !== 'SUCCESS') throw badRequest(MFA_CODE_WRONG);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (['CodeMismatchException', 'EnableSoftwareTokenMFAException', 'ExpiredCodeException'].includes(errName(err))) throw badRequest(MFA_CODE_WRONG);
    if (errName(err) === 'InvalidParameterException') throw badRequest('Start the set-up again: the code belongs to a secret that was not created.');
    throw err;
  }
  await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
}
