import { AdminGetUserCommand, AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { MFA_SETUP_REQUIRED } from '../contract/auth-rules';
import { appClient, cognito } from './cognito';
import { HttpError, forbidden } from './http-error';
import { type Session } from './request';

/**
 * What an access token cannot say: whether its holder is STILL an administrator, and whether the
 * administrator has set up two-step sign-in (issue 15 points 2 and 5, decision 0018). The token's
 * `cognito:groups` claim is what Cognito knew when it issued the token (up to an hour ago), so every
 * request that an admin token would open asks Cognito: removal from the group ends admin access on
 * the next request. The access middleware imports this module only for a token that claims the
 * admin role, so nobody else's request loads the Cognito client (decision 0006).
 */

export const ADMIN_REQUIRED = 'Administrator privileges required';

/** Is the caller still in the `admin` group (AdminListGroupsForUser: the pool's current membership)? */
export async function isStillAdmin(session: Session): Promise<boolean> {
  const res = await cognito().send(new AdminListGroupsForUserCommand({ UserPoolId: appClient().UserPoolId, Username: session.username, Limit: 60 }));
  return (res.Groups ?? []).some((g) => g.GroupName === 'admin');
}

/** Has the account a verified authenticator app (Cognito asks it for a code at every sign-in)? */
async function hasAuthenticator(session: Session): Promise<boolean> {
  const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: appClient().UserPoolId, Username: session.username }));
  return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') && user.Enabled !== false;
}

/**
 * Admin routes: the caller must still be in the group (else 403 ADMIN_REQUIRED) and have set up two-step
 * sign-in (else 403 `{ message: MFA_SETUP_REQUIRED, mfa: "setup-required" }`, which the admin page
 * turns into the set-up screen). Both asked at once.
 */
export async function assertAdminWithMfa(session: Session): Promise<void> {
  const [admin, mfa] = await Promise.all([isStillAdmin(session), hasAuthenticator(session)]);
  if (!admin) throw forbidden(ADMIN_REQUIRED);
  if (!mfa) throw new HttpError(403, MFA_SETUP_REQUIRED, {}, { mfa: 'setup-required' });
}
