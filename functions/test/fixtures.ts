import { AdminGetUserCommand, AdminListGroupsForUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../src/lib/cookies';
import { sessionKeyOf } from '../src/lib/session';
import { type Profile, hasActiveSubscription, hasLiveSession } from '../src/lib/users';
import { type TokenOptions, accessToken } from './jwt';

/** The callers of the authorisation tests. */
export const principals = {
  /** signed in, no subscription */
  user: { sub: 'sub-user-0001', username: 'nosub_user', groups: [] as string[] },
  /** signed in, subscription expired yesterday */
  lapsed: { sub: 'sub-lapsed-0002', username: 'lapsed_user', groups: [] as string[] },
  /** signed in with an active subscription */
  subscriber: { sub: 'sub-subscriber-0003', username: 'alex_runner', groups: [] as string[] },
  /** Cognito group admin, no subscription */
  admin: { sub: 'sub-admin-0004', username: 'admin', groups: ['admin'] },
} as const;
export type PrincipalName = keyof typeof principals;

const DAY = 24 * 3600 * 1000;
/** Fixed for the test file, so a profile's dates are the same on every call. */
const T0 = Date.now();

export function profileOf(name: PrincipalName): Profile {
  const p = principals[name];
  const subscription: Profile['subscription'] =
    name === 'subscriber'
      ? { status: 'active', plan: 'yearly', expiresAt: new Date(T0 + 300 * DAY).toISOString(), provider: 'stripe' }
      : name === 'lapsed'
        ? { status: 'active', plan: 'monthly', expiresAt: new Date(T0 - DAY).toISOString(), provider: 'paypal' }
        : { status: 'none' };
  const sessions = { [sessionKeyOf(refreshTokenOf(name))]: Math.floor(T0 / 1000) + 30 * 24 * 3600 };
  return { id: p.sub, username: p.username, email: `${p.username}@example.com`, subscription, sessions, createdAt: '2025-12-01T00:00:00.000Z' };
}

/** The refresh token of each principal's one live session (its key is in the principal's profile). */
export const refreshTokenOf = (name: PrincipalName) => `rt-${name}`;

export const profileItem = (name: PrincipalName) => ({ pk: `USER#${principals[name].sub}`, sk: 'PROFILE', entity: 'PROFILE', ...profileOf(name) });

/** Every DynamoDB (DocumentClient) and Cognito call of the test file goes to these stubs. */
export const ddbMock = mockClient(DynamoDBDocumentClient);
export const cognitoMock = mockClient(CognitoIdentityProviderClient);

/**
 * Resets both stubs; DynamoDB then answers each principal's profile item (no item for other
 * keys) and accepts activity-log transactions. Cognito answers nothing until a test says so.
 */
/**
 * Like the pool: each principal's current groups, and the admin has an authenticator
 * (lib/admin-gate.ts asks on every admin token). Matched by username; a test that stubs
 * AdminGetUserCommand for every input calls this again afterwards.
 */
export function stubPoolMembership(): void {
  for (const p of Object.values(principals)) {
    cognitoMock.on(AdminListGroupsForUserCommand, { Username: p.username }).resolves({ Groups: p.groups.map((GroupName) => ({ GroupName })) });
    cognitoMock
      .on(AdminGetUserCommand, { Username: p.username })
      .resolves({ Username: p.username, Enabled: true, UserMFASettingList: p.groups.includes('admin') ? ['SOFTWARE_TOKEN_MFA'] : [] });
  }
}

/** The Cognito calls a test made, without lib/admin-gate.ts's questions about the principals themselves. */
export function cognitoCallsBesidesAdminGate() {
  const names = new Set<string>(Object.values(principals).map((p) => p.username));
  return cognitoMock.calls().filter((c) => {
    const cmd = c.args[0] as { input: { Username?: string } };
    const gate = cmd instanceof AdminListGroupsForUserCommand || cmd instanceof AdminGetUserCommand;
    return !(gate && names.has(cmd.input.Username ?? ''));
  });
}

export function resetAwsMocks(): void {
  cognitoMock.reset();
  stubPoolMembership();
  ddbMock.reset();
  ddbMock.on(GetCommand).resolves({});
  for (const name of Object.keys(principals) as PrincipalName[]) {
    ddbMock.on(GetCommand, { Key: { pk: `USER#${principals[name].sub}`, sk: 'PROFILE' } }).resolves({ Item: profileItem(name) });
  }
  // Like DynamoDB, a transaction whose first item checks the caller's profile (lib/profile-check.ts)
  // is cancelled, with the profile as stored, when the session is not live or (when the condition
  // asks) there is no active subscription; other transactions succeed.
  ddbMock.on(TransactWriteCommand).callsFake((input: { TransactItems?: { ConditionCheck?: ProfileConditionCheck }[] }) => {
    const check = input.TransactItems?.[0]?.ConditionCheck;
    if (check?.Key?.sk !== 'PROFILE') return {};
    const profile = profileBySub(String(check.Key.pk).slice(5));
    const live = hasLiveSession(profile, check.ExpressionAttributeNames?.['#key'] ?? '');
    const entitled = !check.ConditionExpression?.includes('#s.#st') || hasActiveSubscription(profile);
    if (live && entitled) return {};
    throw new TransactionCanceledException({
      message: 'Transaction cancelled',
      $metadata: {},
      CancellationReasons: input.TransactItems!.map((_i, n) =>
        n === 0 ? { Code: 'ConditionalCheckFailed', ...(profile ? { Item: marshall(profileItem(nameBySub(profile.id)!)) } : {}) } : { Code: 'None' },
      ),
    });
  });
  // A BatchGet finds the principals' profiles (the profile check rides in a request's first BatchGet, lib/profile-check.ts).
  ddbMock.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Record<string, unknown>[] }> }) => {
    const [table, { Keys }] = Object.entries(input.RequestItems)[0]!;
    const found = Keys.filter((k) => k.sk === 'PROFILE' && profileBySub(String(k.pk).slice(5)))
      .map((k) => profileItem(nameBySub(String(k.pk).slice(5))!));
    return { Responses: { [table]: found } };
  });
}

interface ProfileConditionCheck {
  Key?: Record<string, unknown>;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
}

const nameBySub = (sub: string): PrincipalName | undefined =>
  (Object.keys(principals) as PrincipalName[]).find((n) => principals[n].sub === sub);
const profileBySub = (sub: string): Profile | undefined => {
  const name = nameBySub(sub);
  return name ? profileOf(name) : undefined;
};

/** The access cookie of a principal (a valid token unless options say otherwise). */
export const accessCookie = (name: PrincipalName, o: Omit<TokenOptions, 'sub' | 'username' | 'groups'> = {}): string =>
  `${ACCESS_COOKIE}=${accessToken({ ...principals[name], groups: [...principals[name].groups], ...o })}`;

export const refreshCookie = (value = 'refresh-token-opaque-1'): string => `${REFRESH_COOKIE}=${value}`;

/** The cookies of a principal's live session: its access cookie (options as for accessCookie) and refresh cookie. */
export const signedInCookies = (name: PrincipalName, o: Omit<TokenOptions, 'sub' | 'username' | 'groups'> = {}): string[] => [
  accessCookie(name, o),
  refreshCookie(refreshTokenOf(name)),
];

/** An error shaped like the ones the AWS SDK throws for a service exception. */
export function awsError(name: string, message = name): Error {
  return Object.assign(new Error(message), { name, $fault: 'client', $metadata: { httpStatusCode: 400 } });
}

/** An error shaped like the SDK's when the endpoint refuses the connection. */
export function connectionRefused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), {
    code: 'ECONNREFUSED',
    errno: -111,
    syscall: 'connect',
    address: '127.0.0.1',
    port: 8000,
    $metadata: { attempts: 2, totalRetryDelay: 80 },
  });
}
