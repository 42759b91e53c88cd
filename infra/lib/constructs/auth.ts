import { Duration, RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { PASSWORD_MIN_LENGTH } from '@fittrack/functions/contract/auth-rules';

const ADMIN_GROUP = 'admin';

export interface AuthProps {
  /** Lifetime of access (and ID) tokens; 15 to 60 minutes. Default 30 minutes. */
  readonly accessTokenValidity?: Duration;
  /** Lifetime of refresh tokens. Default 30 days. */
  readonly refreshTokenValidity?: Duration;
}

/**
 * Cognito user pool and the app client the functions use (DESIGN.md section 6, note 0014).
 * Cognito is reachable only through the app: self sign-up is off (the auth Lambda creates users
 * with AdminCreateUser), and the app client is confidential (a generated secret, kept in Secrets
 * Manager for the functions, which send its SECRET_HASH) and allows only the admin flows
 * (ADMIN_USER_PASSWORD_AUTH and refresh), which need IAM credentials. Nothing learnt from a token
 * (pool id, client id) signs anyone in or up at Cognito directly.
 */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  /** The app client's secret, for the functions (COGNITO_CLIENT_SECRET_ARN). */
  readonly clientSecret: secretsmanager.Secret;
  readonly adminGroup: cognito.UserPoolGroup;
  /** Issuer of the pool's tokens, checked by aws-jwt-verify in every protected handler. */
  readonly jwtIssuer: string;
  readonly jwksUri: string;

  constructor(scope: Construct, id: string, props: AuthProps = {}) {
    super(scope, id);
    const accessTokenValidity = props.accessTokenValidity ?? Duration.minutes(30);
    const minutes = accessTokenValidity.toMinutes();
    if (minutes < 15 || minutes > 60) throw new Error(`accessTokenValidity must be 15-60 minutes, got ${minutes}`);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { username: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: false,
      // Email addresses are confirmed by a mailed 6-digit code (decision 0024): the auth function asks
      // for it (GetUserAttributeVerificationCode) after sign-up and a change of address; Cognito's
      // own email sends it. Cognito mails only for auto-verified attributes, and ForgotPassword
      // reaches only a verified address.
      autoVerify: { email: true },
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE,
        emailSubject: 'Your FitTrack code',
        emailBody: 'Your FitTrack code is {####}. Enter it in the app to confirm your email address. If you did not ask for it, ignore this email.',
      },
      standardAttributes: { email: { required: false, mutable: true } },
      // The length only (note 0015): no composition rules; the auth function refuses common and
      // easily guessed passwords with a strength library, and its zod schema has the same minimum.
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      // Forgot password mails its code to the verified address (decision 0019); NONE would be admin_only.
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Two-step sign-in with an authenticator app (TOTP) for the accounts that set it up: every
      // administrator must before the admin routes open (lib/admin-gate.ts, decision 0018). No SMS.
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      // ADMIN_USER_PASSWORD_AUTH (CDK adds ALLOW_REFRESH_TOKEN_AUTH): no USER_PASSWORD_AUTH, no SRP, no custom auth
      authFlows: { adminUserPassword: true },
      disableOAuth: true, // no hosted UI, no redirects: only the functions talk to Cognito
      generateSecret: true,
      // a token holder may not change attributes at Cognito directly (email changes go through the app)
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes({ nickname: true }),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity,
      idTokenValidity: accessTokenValidity,
      refreshTokenValidity: props.refreshTokenValidity ?? Duration.days(30),
    });

    this.clientSecret = new secretsmanager.Secret(this, 'WebClientSecret', {
      description: 'FitTrack: the Cognito app client secret (the functions compute SECRET_HASH with it)',
      // CloudFormation's own GetAtt ClientSecret (no custom resource, unlike userPoolClientSecret)
      secretStringValue: SecretValue.resourceAttribute((this.userPoolClient.node.defaultChild as cognito.CfnUserPoolClient).attrClientSecret),
    });
    Validations.of(this.clientSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'The value is the Cognito app client secret, generated by Cognito and copied from the client; it is rotated by replacing the client, not by a rotation Lambda.',
    });

    this.adminGroup = this.userPool.addGroup('AdminGroup', {
      groupName: ADMIN_GROUP,
      description: 'FitTrack administrators: feedback, activity logs and system tests',
    });

    const region = Stack.of(this).region;
    this.jwtIssuer = `https://cognito-idp.${region}.amazonaws.com/${this.userPool.userPoolId}`;
    this.jwksUri = `${this.jwtIssuer}/.well-known/jwks.json`;

    const pool = Validations.of(this.userPool);
    pool.acknowledge({
      id: 'AwsSolutions-COG1',
      reason:
        'Passwords are at least 12 characters without composition rules (NIST SP 800-63B); the auth Lambda refuses common and ' +
        'easily guessed ones with zxcvbn-ts (note 0015). Brute force is limited by the auth Lambda and API Gateway throttling on /api/auth/*.',
    });
    pool.acknowledge({
      id: 'AwsSolutions-COG2',
      reason: 'The product has no MFA step in its sign-in journey (SPEC auth screen); MFA is a later feature.',
    });
    pool.acknowledge({
      id: 'AwsSolutions-COG8',
      reason:
        'Essentials feature plan on purpose (cost): the Plus threat protection is replaced by per-account and per-IP login ' +
        'limits in the auth Lambda and API Gateway throttling on /api/auth/*.',
    });
  }
}
