import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { buildStack } from './helpers';
import { PASSWORD_MIN_LENGTH } from '@fittrack/functions/contract/auth-rules';

const { template } = buildStack();

describe('auth: Cognito user pool', () => {
  it('signs in by username, no self sign-up (only the app creates users), with the product password policy', () => {
    template.resourceCountIs('AWS::Cognito::UserPool', 1);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      AliasAttributes: Match.absent(),
      UsernameAttributes: Match.absent(),
      UsernameConfiguration: { CaseSensitive: false },
      DeletionProtection: 'ACTIVE',
      Policies: {
        // the same minimum as the zod schema, no composition rules (strength is checked by the auth Lambda)
        PasswordPolicy: Match.objectLike({
          MinimumLength: PASSWORD_MIN_LENGTH,
          RequireUppercase: false,
          RequireLowercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        }),
      },
    });
    template.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });

  it('confirms email addresses with a mailed code, and forgot password reaches the verified address (decision 0024)', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      // Cognito mails a verification code only for auto-verified attributes
      AutoVerifiedAttributes: ['email'],
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE', EmailMessage: Match.stringLikeRegexp('\\{####\\}') }),
      // admin_only would refuse ForgotPassword; the code goes to the verified email only
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      // the address changes at once and is unverified until its code is entered (no keep-original)
      UserAttributeUpdateSettings: Match.absent(),
    });
    const [pool] = Object.values(template.findResources('AWS::Cognito::UserPool'));
    const email = (pool!.Properties.Schema as { Name: string; Mutable: boolean }[]).find((a) => a.Name === 'email');
    expect(email?.Mutable).toBe(true);
    // AdminUpdateUserAttributes (change email) over IAM; GetUserAttributeVerificationCode and
    // VerifyUserAttribute are authorised by the user's access token and take no IAM permission
    const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('cognito-idp:AdminUpdateUserAttributes');
  });

  it('offers two-step sign-in with an authenticator app (TOTP) and no SMS: admins must set it up (decision 0018)', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { MfaConfiguration: 'OPTIONAL', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
  });

  it('has one app client, confidential and with the admin flows only (Cognito only through the app): no password or SRP sign-in, a secret, no OAuth, revocable tokens', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient'));
    const p = client!.Properties;
    expect([...p.ExplicitAuthFlows].sort()).toEqual(['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    expect(p.GenerateSecret).toBe(true);
    expect(p.WriteAttributes).toEqual(['nickname']); // no email change at Cognito with a user's own token
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

  it('keeps the client secret in Secrets Manager, readable only by the functions that hold a session, which get its ARN and AdminInitiateAuth', () => {
    const secrets = template.findResources('AWS::SecretsManager::Secret', { Properties: { Description: Match.stringLikeRegexp('Cognito app client secret') } });
    expect(Object.keys(secrets)).toHaveLength(1);
    const [secretId] = Object.keys(secrets);
    const fns = Object.values(template.findResources('AWS::Lambda::Function')).filter((f) => f.Properties.Environment?.Variables?.USER_POOL_ID);
    const withSecret = fns.filter((f) => JSON.stringify(f.Properties.Environment.Variables.COGNITO_CLIENT_SECRET_ARN ?? '').includes(secretId!));
    expect(withSecret.length).toBe(fns.length);
    expect(fns.every((f) => f.Properties.Environment.Variables.COGNITO_CLIENT_SECRET === undefined)).toBe(true); // never the value itself
    const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('cognito-idp:AdminInitiateAuth');
    expect(policies).not.toContain('cognito-idp:AdminConfirmSignUp');
    expect(policies).toContain('cognito-idp:AdminCreateUser');
  });

  it('has the admin group', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolGroup', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
  });
});
