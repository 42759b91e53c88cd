import { createHmac, randomInt } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { associateAuthenticator, otpauthUrl, verifyAuthenticator } from '../auth/mfa';
import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { profileItem } from '../lib/profile-repository';
import { newProfile } from '../lib/users';

/** A random password that satisfies the pool policy: 20 characters, upper, lower and digits. */
export function randomPassword(length = 20): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]!);
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** The app client an administrator signs in through (the confidential client: id and secret). */
export interface AppClientCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * Sets up two-step sign-in for an account that has none yet (decision 0018): signs in once with the
 * password (admin flow, SECRET_HASH), associates an authenticator secret, verifies it with the code
 * it generates now, and revokes that sign-in's refresh token. Returns the secret (base32) and its
 * otpauth:// URL, for the operator's authenticator app.
 */
export async function enrolAuthenticator(o: {
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  client: AppClientCredentials;
  username: string;
  password: string;
  issuer?: string;
}): Promise<{ totpSecret: string; otpauthUrl: string }> {
  const secretHash = createHmac('sha256', o.client.clientSecret).update(o.username + o.client.clientId).digest('base64');
  const auth = await o.cognito.send(
    new AdminInitiateAuthCommand({
      UserPoolId: o.userPoolId,
      ClientId: o.client.clientId,
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: o.username, PASSWORD: o.password, SECRET_HASH: secretHash },
    }),
  );
  const tokens = auth.AuthenticationResult;
  if (!tokens?.AccessToken) throw new Error(`Signing in as ${o.username} to set up the authenticator did not give a session (${auth.ChallengeName ?? 'no challenge'})`);
  const totpSecret = await associateAuthenticator(o.cognito, tokens.AccessToken);
  await verifyAuthenticator(o.cognito, tokens.AccessToken, generateSync({ secret: totpSecret }));
  if (tokens.RefreshToken) await o.cognito.send(new RevokeTokenCommand({ ClientId: o.client.clientId, ClientSecret: o.client.clientSecret, Token: tokens.RefreshToken }));
  return { totpSecret, otpauthUrl: otpauthUrl(totpSecret, o.username, o.issuer ?? 'FitTrack') };
}

/**
 * Creates an administrator: a Cognito user in group `admin` with a generated permanent password
 * (no invitation e-mail), plus its profile item, with two-step sign-in already set up (an admin
 * must have it before the admin routes open). Used by the local first start and by
 * `npm run admin:create` against AWS. Returns the password and the authenticator secret; they are
 * shown once and stored nowhere by this function.
 */
export async function createAdminAccount(o: {
  cognito: CognitoIdentityProviderClient;
  doc: DynamoDBDocumentClient;
  userPoolId: string;
  client: AppClientCredentials;
  tableName: string;
  username: string;
  email: string;
}): Promise<{ username: string; password: string; sub: string; totpSecret: string; otpauthUrl: string }> {
  const password = randomPassword();
  const created = await o.cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: o.userPoolId,
      Username: o.username,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: o.email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('Cognito did not return the new user sub');
  await o.cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: o.userPoolId, Username: o.username, Password: password, Permanent: true }));
  await o.cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: o.userPoolId, Username: o.username, GroupName: 'admin' }));
  await o.doc.send(
    new PutCommand({
      TableName: o.tableName,
      // the operator's address is set verified at Cognito above
      Item: profileItem({ ...newProfile({ id: sub, username: o.username, email: o.email }), emailVerified: true }),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  const mfa = await enrolAuthenticator({ cognito: o.cognito, userPoolId: o.userPoolId, client: o.client, username: o.username, password });
  return { username: o.username, password, sub, ...mfa };
}
