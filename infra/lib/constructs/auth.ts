import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

const ADMIN_GROUP = 'admin';

export interface AuthProps {
  /** Lifetime of access (and ID) tokens; 15 to 60 minutes. Default 30 minutes. */
  readonly accessTokenValidity?: Duration;
  /** Lifetime of refresh tokens. Default 30 days. */
  readonly refreshTokenValidity?: Duration;
}

/**
 * Cognito user pool and the app client the auth Lambda uses (DESIGN.md section 6).
 * Sign-in is by username; sign-up is open (the auth Lambda confirms the account itself with
 * AdminConfirmSignUp, since the product has no e-mail verification step). The browser never
 * talks to Cognito: the client has no secret and only the USER_PASSWORD_AUTH and refresh flows.
 */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
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
      selfSignUpEnabled: true,
      autoVerify: {},
      standardAttributes: { email: { required: false, mutable: true } },
      passwordPolicy: {
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: cognito.AccountRecovery.NONE,
      mfa: cognito.Mfa.OFF,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      authFlows: { userPassword: true },
      disableOAuth: true, // no hosted UI, no redirects: only the auth Lambda talks to Cognito
      generateSecret: false,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity,
      idTokenValidity: accessTokenValidity,
      refreshTokenValidity: props.refreshTokenValidity ?? Duration.days(30),
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
        'The product password policy is min 8 with upper, lower and digit, without symbols (SPEC sign-up); ' +
        'brute force is limited per account and per IP by the auth Lambda and by API Gateway throttling on /api/auth/*.',
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
