import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { buildStack } from './helpers';

const { template } = buildStack();

describe('auth: Cognito user pool', () => {
  it('signs in by username, allows self sign-up, with the product password policy', () => {
    template.resourceCountIs('AWS::Cognito::UserPool', 1);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      AliasAttributes: Match.absent(),
      UsernameAttributes: Match.absent(),
      UsernameConfiguration: { CaseSensitive: false },
      DeletionProtection: 'ACTIVE',
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireUppercase: true,
          RequireLowercase: true,
          RequireNumbers: true,
          RequireSymbols: false,
        }),
      },
    });
    template.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });

  it('has one app client: password + refresh flows, no secret, no OAuth, revocable tokens', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient'));
    const p = client!.Properties;
    expect([...p.ExplicitAuthFlows].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH']);
    expect(p.GenerateSecret).toBe(false);
    expect(p.PreventUserExistenceErrors).toBe('ENABLED');
    expect(p.EnableTokenRevocation).toBe(true);
    expect(p.AllowedOAuthFlows).toBeUndefined();
    expect(p.CallbackURLs).toBeUndefined();
    const toMinutes = (v: number, unit: string) => (unit === 'minutes' ? v : unit === 'hours' ? v * 60 : v * 1440);
    const access = toMinutes(p.AccessTokenValidity, p.TokenValidityUnits.AccessToken);
    expect(access).toBeGreaterThanOrEqual(15);
    expect(access).toBeLessThanOrEqual(60);
    expect(toMinutes(p.RefreshTokenValidity, p.TokenValidityUnits.RefreshToken)).toBe(30 * 24 * 60);
  });

  it('has the admin group', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolGroup', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
  });
});
