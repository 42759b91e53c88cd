import { randomInt } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
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

/**
 * Creates an administrator: a Cognito user in group `admin` with a generated permanent password
 * (no invitation e-mail), plus its profile item. Used by the local first start and by
 * `npm run admin:create` against AWS. Returns the password; it is shown once and stored nowhere
 * by this function.
 */
export async function createAdminAccount(o: {
  cognito: CognitoIdentityProviderClient;
  doc: DynamoDBDocumentClient;
  userPoolId: string;
  tableName: string;
  username: string;
  email: string;
}): Promise<{ username: string; password: string; sub: string }> {
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
      Item: profileItem(newProfile({ id: sub, username: o.username, email: o.email })),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { username: o.username, password, sub };
}
