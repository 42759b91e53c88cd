import { AdminGetUserCommand, AdminListGroupsForUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../test/api-client';
import { createAdminAccount, randomPassword } from './admin-account';

describe('createAdminAccount (admin:create and the local first start)', () => {
  it('creates a signed-in-able administrator in group admin with a generated password', async () => {
    const env = process.env;
    const cognito = new CognitoIdentityProviderClient({ endpoint: env.COGNITO_ENDPOINT, region: 'us-east-1' });
    const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: env.DYNAMODB_ENDPOINT, region: 'us-east-1' }));
    const username = `ops${Date.now().toString(36)}`;
    const { password } = await createAdminAccount({ cognito, doc, userPoolId: env.USER_POOL_ID!, tableName: env.TABLE_NAME!, username, email: `${username}@example.com` });
    expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{20}$/);
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID!, Username: username }));
    expect(user.UserStatus).toBe('CONFIRMED');
    const groups = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: env.USER_POOL_ID!, Username: username }));
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['admin']);
    const login = await new ApiClient().post<{ user: { role: string } }>('/api/auth/login', { username, password });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('admin');
  });

  it('generates different policy-compliant passwords', () => {
    const seen = new Set(Array.from({ length: 50 }, () => randomPassword()));
    expect(seen.size).toBe(50);
    for (const p of seen) expect(p).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{20}$/);
  });
});
