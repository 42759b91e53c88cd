import { AdminGetUserCommand, AdminListGroupsForUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../test/api-client';
import { generateSync } from 'otplib';
import { MFA_CODE_REQUIRED } from '../contract/auth-rules';
import { createAdminAccount, randomPassword } from './admin-account';

describe('createAdminAccount (admin:create and the local first start)', () => {
  it('creates an administrator in group admin with a generated password and two-step sign-in set up', async () => {
    const env = process.env;
    const cognito = new CognitoIdentityProviderClient({ endpoint: env.COGNITO_ENDPOINT, region: 'us-east-1' });
    const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: env.DYNAMODB_ENDPOINT, region: 'us-east-1' }));
    const username = `ops${Date.now().toString(36)}`;
    const client = { clientId: env.USER_POOL_CLIENT_ID!, clientSecret: env.COGNITO_CLIENT_SECRET! };
    const { password, totpSecret, otpauthUrl } = await createAdminAccount({ cognito, doc, userPoolId: env.USER_POOL_ID!, client, tableName: env.TABLE_NAME!, username, email: `${username}@example.com` });
    expect(otpauthUrl).toBe(`otpauth://totp/FitTrack%3A${username}?secret=${totpSecret}&issuer=FitTrack&algorithm=SHA1&digits=6&period=30`);
    expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{20}$/);
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID!, Username: username }));
    expect(user.UserStatus).toBe('CONFIRMED');
    const groups = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: env.USER_POOL_ID!, Username: username }));
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['admin']);
    expect(user.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    // the password alone is not enough: 401 asking for the code, and no session
    const c = new ApiClient();
    const withoutCode = await c.post('/api/auth/login', { username, password });
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.body).toEqual({ message: MFA_CODE_REQUIRED, mfa: 'totp' });
    expect(withoutCode.setCookies).toEqual([]);
    const login = await c.post<{ user: { role: string } }>('/api/auth/login', { username, password, code: generateSync({ secret: totpSecret }) });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('admin');
    const logs = await c.get('/api/admin/logs');
    expect(logs.status).toBe(200);
  });

  it('generates different policy-compliant passwords', () => {
    const seen = new Set(Array.from({ length: 50 }, () => randomPassword()));
    expect(seen.size).toBe(50);
    for (const p of seen) expect(p).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{20}$/);
  });
});
