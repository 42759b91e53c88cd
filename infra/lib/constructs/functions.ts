import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, Duration, RemovalPolicy, type BundlingOptions, type ILocalBundling } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { type Domain } from '@fittrack/functions/routes';

/**
 * nodejs24.x (DESIGN.md section 3). aws-cdk-lib 2.276 has the constant; the fallback keeps
 * the house default stable if an older aws-cdk-lib is ever resolved.
 */
const NODE_RUNTIME: lambda.Runtime =
  (lambda.Runtime as { NODEJS_24_X?: lambda.Runtime }).NODEJS_24_X ??
  new lambda.Runtime('nodejs24.x', lambda.RuntimeFamily.NODEJS, { supportsInlineCode: true });

/** `node --import tsx bundle-function.ts ENTRY OUTDIR ROOT`: `bundleFunction` (../bundling.ts) for the synth's synchronous bundling hook. */
const BUNDLE_CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'bundle-function.ts');

/**
 * Local bundling with esbuild. The entry is a field (not only in the closure) because CDK keys
 * its asset cache on the serialised bundling options: without it, seven functions would share
 * the first one's bundle.
 */
class EsbuildBundling implements ILocalBundling {
  constructor(
    readonly entry: string,
    private readonly projectRoot: string,
  ) {}

  tryBundle(outputDir: string): boolean {
    // CDK's hook is synchronous and esbuild's plugins are not: a child process (about 1 s). Throws on any error.
    execFileSync(process.execPath, ['--import', 'tsx', BUNDLE_CLI, path.resolve(this.projectRoot, this.entry), outputDir, this.projectRoot], {
      cwd: this.projectRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return true;
  }
}

function bundledCode(entry: string, projectRoot: string): lambda.Code {
  const bundling: BundlingOptions = {
    // Required by the type; never used, since local bundling either succeeds or fails the synth.
    image: NODE_RUNTIME.bundlingImage,
    local: new EsbuildBundling(path.relative(projectRoot, entry), projectRoot),
  };
  return lambda.Code.fromAsset(projectRoot, { assetHashType: AssetHashType.OUTPUT, bundling });
}

export interface HouseFunctionProps {
  /** Absolute path of the handler module (must `export const handler`). */
  readonly entry: string;
  readonly description: string;
  /** 512 for CRUD functions, 1024 for the ones that load a payment SDK. */
  readonly memorySize: 512 | 1024;
  readonly timeout?: Duration;
  readonly environment: Record<string, string>;
  /** Repository root: esbuild's working directory (node_modules, tsconfig). */
  readonly projectRoot: string;
  readonly logRetention: logs.RetentionDays;
  /** Concurrent executions reserved for this function (and its ceiling): one domain cannot starve the others. */
  readonly reservedConcurrency?: number;
  /**
   * Tests only: skip esbuild and deploy this code instead (same runtime, role, log group and
   * environment), so assertion tests do not bundle seven functions. `cdk synth` never sets it.
   */
  readonly stubCode?: lambda.Code;
}

/**
 * The one way to build a FitTrack Lambda: nodejs24.x on arm64, an ESM bundle made by esbuild
 * with the AWS SDK inside (no dependency on the runtime's SDK version), minified, no source
 * maps, JSON logs into its own log group with a retention, and its own role that starts with
 * nothing but writing to that log group (no AWS-managed policy). Grants are added by the caller.
 */
export class HouseFunction extends Construct {
  readonly fn: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: HouseFunctionProps) {
    super(scope, id);
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention,
      // audit-relevant: kept when the stack is deleted (it still expires by its retention)
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `FitTrack ${id} function`,
    });
    // Only its own log group (the Arn attribute already covers the group's streams).
    this.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );

    const common = {
      description: props.description,
      runtime: NODE_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout ?? Duration.seconds(10),
      environment: props.environment,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      reservedConcurrentExecutions: props.reservedConcurrency,
    } satisfies Partial<lambda.FunctionProps>;

    this.fn = new lambda.Function(this, 'Function', {
      ...common,
      code: props.stubCode ?? bundledCode(props.entry, props.projectRoot),
      handler: 'index.handler',
    });
  }
}

interface PaymentSecrets {
  readonly stripeSecretKey: { secretArn: string; grantRead(grantee: iam.IGrantable): iam.Grant };
  readonly stripeWebhookSecret: { secretArn: string; grantRead(grantee: iam.IGrantable): iam.Grant };
  readonly paypalCredentials: { secretArn: string; grantRead(grantee: iam.IGrantable): iam.Grant };
}

export interface FunctionsProps {
  /** domain → handler file relative to `srcDir` (functionEntries from functions/src/routes.ts). */
  readonly entries: Readonly<Record<Domain, string>>;
  /** Absolute path of functions/src. */
  readonly srcDir: string;
  /** Absolute path of the repository root. */
  readonly projectRoot: string;
  readonly tableName: string;
  readonly tableArn: string;
  readonly userPoolId: string;
  readonly userPoolArn: string;
  readonly userPoolClientId: string;
  /** The app client's secret: every function may refresh a session (SECRET_HASH). */
  readonly clientSecret: { secretArn: string; grantRead(grantee: iam.IGrantable): iam.Grant };
  readonly jwtIssuer: string;
  readonly jwksUri: string;
  readonly secrets: PaymentSecrets;
  readonly paymentMode: 'sandbox' | 'live';
  readonly productName: string;
  /** Public values served by GET /api/config; empty when not configured. */
  readonly stripePublishableKey: string;
  readonly paypalClientId: string;
  /** PayPal's webhook id (billing: the /webhooks/paypal signature check); empty when not configured. */
  readonly paypalWebhookId: string;
  /** Which PayPal the credentials belong to (every function: PAYPAL_ENVIRONMENT, read by lib/env.ts). */
  readonly paypalEnvironment: 'sandbox' | 'live';
  /** Reserved concurrency per function (infra/lib/capacity-limits.ts): one domain cannot starve the others. */
  readonly reservedConcurrency?: Readonly<Record<Domain, number>>;
  /** Stripe price ids of the two plans (live mode); empty in sandbox mode. */
  readonly stripePriceMonthly: string;
  readonly stripePriceYearly: string;
  readonly logRetention?: logs.RetentionDays;
  readonly stubCode?: lambda.Code;
}

/**
 * One DynamoDB grant: item actions on the partitions whose key starts with one of `leadingKeys`
 * (IAM `dynamodb:LeadingKeys`, `StringLike`: `USER#*`), on the table or on an index, optionally
 * only naming the listed top-level attributes (`dynamodb:Attributes`). TransactWriteItems is
 * authorised item by item through these per-item actions, each with its own leading key.
 */
export interface DynamoGrant {
  readonly actions: readonly DynamoAction[];
  readonly leadingKeys: readonly string[];
  /** an index name: the grant is on that index (a Query's leading key is the index partition key) */
  readonly index?: string;
  /** `ForAllValues:StringLike` on `dynamodb:Attributes`: a write may name only these attributes */
  readonly attributes?: readonly string[];
}
type DynamoAction = 'GetItem' | 'BatchGetItem' | 'Query' | 'ConditionCheckItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem';

const READ_ITEMS = ['GetItem', 'BatchGetItem', 'ConditionCheckItem'] as const;

/**
 * The attributes tracking may write under `USER#` (its day, diary entries, push-up sets, lifetime
 * totals and idempotency records): never `subscription`, `subscriptionVersion`, `sessions` or any
 * other profile field, so the tracking function cannot grant, extend or change a subscription
 * (issue 17 point 5). `steps@<date>`-style names are the totals' per-day entries.
 */
const TRACKING_USER_ATTRIBUTES = [
  'pk', 'sk', 'entity', 'date', 'id', 'createdAt', 'updatedAt', 'expiresAt',
  'steps', 'caloriesBurned', 'caloriesConsumed', 'pushups', 'count', 'setId', 'mealId', 'name', 'calories',
  'trackedDays', 'stepsSet', 'stepsReplaced', 'caloriesBurnedSet', 'caloriesBurnedReplaced', 'steps@*', 'caloriesBurned@*', 'fingerprint',
] as const;
/** The attributes feedback may write under `USER#`: the author's hourly feedback count and pointer to the item (decision 0021). */
const FEEDBACK_USER_ATTRIBUTES = ['pk', 'sk', 'entity', 'n', 'expiresAt', 'id', 'createdAt'] as const;
/** What account deletion may change on a feedback item: its author's user id, email and name (decision 0021). */
const FEEDBACK_AUTHOR_ATTRIBUTES = ['pk', 'sk', 'userId', 'email', 'name'] as const;

/**
 * Least privilege per item type (issue 17 point 5): what each function may do to which partitions.
 * Scan is never granted (no request may scan, DESIGN.md section 5). Every access the integration
 * run recorded (functions/src/lib/db/capacity/access-record.json) must be allowed here, and
 * infra/test/least-privilege.test.ts checks it, so the table cannot drift from the code.
 *
 * IAM cannot condition on the sort key, so a function that reads the caller's profile for the
 * session check (every signed-in route) can read any `USER#` item; and a Lambda role has no
 * per-user identity, so "the caller's own" items cannot be told apart from another user's here.
 */
const DYNAMO_GRANTS: Readonly<Record<Domain, readonly DynamoGrant[]>> = {
  // profiles (sessions, sign-up), sign-in limits, the log, the counters and the login counts
  auth: [
    { actions: READ_ITEMS, leadingKeys: ['USER#*', 'LOGIN#*', 'EMAIL#*'] },
    { actions: ['PutItem', 'UpdateItem'], leadingKeys: ['USER#*', 'LOGIN#*', 'LOG#*', 'STATS#*', 'LOGINS#*', 'EMAIL#*'] },
    // one account per email: a changed address is released (decision 0024)
    { actions: ['DeleteItem'], leadingKeys: ['EMAIL#*'] },
  ],
  // the catalogue copies, and the caller's profile for the session and subscription check
  catalog: [
    { actions: ['Query'], leadingKeys: ['CATALOG#*'] },
    { actions: ['GetItem'], leadingKeys: ['USER#*'] },
  ],
  // the user's day, entries, sets, totals and idempotency records, and a meal's catalogue item
  tracking: [
    { actions: [...READ_ITEMS, 'Query'], leadingKeys: ['USER#*', 'CATALOG#*'] },
    { actions: ['PutItem', 'UpdateItem', 'DeleteItem'], leadingKeys: ['USER#*'], attributes: TRACKING_USER_ATTRIBUTES },
  ],
  // the profile's subscription, payment records and their list entries, PayPal event records (and the
  // sandbox's simulated ones), the log and the counters; the admin payments list on gsi1 (decision 0306);
  // the account's data (decision 0021): export reads the account and its feedback, deletion checks the
  // password through the sign-in limits, deletes the account's items, and anonymises its feedback
  // (author fields only) and its log entries (found on gsi1), and releases its email address (decision 0024)
  billing: [
    { actions: [...READ_ITEMS, 'Query'], leadingKeys: ['USER#*', 'PAYMENT#*'] },
    { actions: READ_ITEMS, leadingKeys: ['FEEDBACK#*', 'LOGIN#*'] },
    { actions: ['Query'], leadingKeys: ['PAYMENTS#*', 'LOGUSER#*'], index: 'gsi1' },
    { actions: ['PutItem', 'UpdateItem'], leadingKeys: ['USER#*', 'PAYMENT#*', 'PAYPAL_EVENT#*', 'SANDBOX_EVENT#*', 'LOG#*', 'STATS#*', 'LOGIN#*', 'LOGINS#*'] },
    { actions: ['UpdateItem'], leadingKeys: ['FEEDBACK#*'], attributes: FEEDBACK_AUTHOR_ATTRIBUTES },
    { actions: ['DeleteItem'], leadingKeys: ['USER#*', 'EMAIL#*'] },
  ],
  // feedback items, the author's hourly count, the log and the counters; the admin list on gsi1
  feedback: [
    { actions: READ_ITEMS, leadingKeys: ['USER#*', 'FEEDBACK#*'] },
    { actions: ['Query'], leadingKeys: ['FEEDBACK'], index: 'gsi1' },
    { actions: ['PutItem', 'UpdateItem'], leadingKeys: ['FEEDBACK#*', 'LOG#*', 'STATS#*'] },
    { actions: ['PutItem', 'UpdateItem'], leadingKeys: ['USER#*'], attributes: FEEDBACK_USER_ATTRIBUTES },
  ],
  // the summary (counters, login counts, the newest-events item), and the system tests, which run a
  // sign-up, sign-in or feedback journey with a throwaway account and remove it again
  admin: [
    { actions: READ_ITEMS, leadingKeys: ['USER#*', 'STATS', 'STATS#*', 'LOGINS#*', 'LOGIN#*', 'FEEDBACK#*', 'LOG#NEWEST', 'EMAIL#*'] },
    { actions: ['PutItem', 'UpdateItem', 'DeleteItem'], leadingKeys: ['USER#*', 'FEEDBACK#*', 'LOG#*', 'STATS#*', 'LOGINS#*', 'LOGIN#*', 'EMAIL#*'] },
  ],
  // only its own items: the event record (idempotency), the payment record, the user's profile,
  // the log and the counters' shards. No delete, no Query. BatchGetItem: a refund or dispute reads
  // the payment record and the profile in one call.
  'stripe-webhook': [
    { actions: ['GetItem', 'BatchGetItem', 'ConditionCheckItem', 'PutItem', 'UpdateItem'], leadingKeys: ['STRIPE_EVENT#*', 'PAYMENT#*', 'USER#*', 'LOG#*', 'STATS#*'] },
  ],
};

/** The IAM statement of one grant. */
export function grantStatement(g: DynamoGrant, tableArn: string): iam.PolicyStatement {
  return new iam.PolicyStatement({
    actions: g.actions.map((a) => `dynamodb:${a}`),
    resources: [g.index ? `${tableArn}/index/${g.index}` : tableArn],
    conditions: {
      'ForAllValues:StringLike': {
        'dynamodb:LeadingKeys': [...g.leadingKeys],
        ...(g.attributes ? { 'dynamodb:Attributes': [...g.attributes] } : {}),
      },
    },
  });
}

/**
 * One Lambda per domain, from `functionEntries`, with the environment taken from the other
 * constructs and the least privilege each domain needs (the access matrix below).
 */
export class Functions extends Construct {
  readonly byDomain: Readonly<Record<Domain, lambda.Function>>;
  readonly house: Readonly<Record<Domain, HouseFunction>>;

  constructor(scope: Construct, id: string, props: FunctionsProps) {
    super(scope, id);
    const baseEnv: Record<string, string> = {
      TABLE_NAME: props.tableName,
      USER_POOL_ID: props.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClientId,
      COGNITO_CLIENT_SECRET_ARN: props.clientSecret.secretArn,
      JWT_ISSUER: props.jwtIssuer,
      JWKS_URI: props.jwksUri,
      PAYMENT_MODE: props.paymentMode,
      PRODUCT_NAME: props.productName,
      STRIPE_PUBLISHABLE_KEY: props.stripePublishableKey,
      PAYPAL_CLIENT_ID: props.paypalClientId,
      // the PayPal SDK's environment (billing) and the API responses' CSP (every function)
      PAYPAL_ENVIRONMENT: props.paypalEnvironment === 'sandbox' ? 'sandbox' : 'production',
    };
    const extraEnv: Partial<Record<Domain, Record<string, string>>> = {
      billing: {
        STRIPE_PRICE_MONTHLY: props.stripePriceMonthly,
        STRIPE_PRICE_YEARLY: props.stripePriceYearly,
        STRIPE_SECRET_KEY_ARN: props.secrets.stripeSecretKey.secretArn,
        PAYPAL_CREDENTIALS_ARN: props.secrets.paypalCredentials.secretArn,
        PAYPAL_WEBHOOK_ID: props.paypalWebhookId,
      },
      'stripe-webhook': {
        STRIPE_PRICE_MONTHLY: props.stripePriceMonthly,
        STRIPE_PRICE_YEARLY: props.stripePriceYearly,
        STRIPE_SECRET_KEY_ARN: props.secrets.stripeSecretKey.secretArn,
        STRIPE_WEBHOOK_SECRET_ARN: props.secrets.stripeWebhookSecret.secretArn,
      },
    };
    const paymentSdk = (d: Domain) => d === 'billing' || d === 'stripe-webhook';

    const house = {} as Record<Domain, HouseFunction>;
    for (const [domain, entry] of Object.entries(props.entries) as [Domain, string][]) {
      house[domain] = new HouseFunction(this, pascal(domain), {
        entry: path.join(props.srcDir, entry),
        description: `FitTrack ${domain} API (${entry})`,
        memorySize: paymentSdk(domain) ? 1024 : 512,
        timeout: Duration.seconds(paymentSdk(domain) ? 20 : 10),
        // POWERTOOLS_SERVICE_NAME: the `service` of every log line (lib/log.ts); metrics name their own
        environment: { ...baseEnv, POWERTOOLS_SERVICE_NAME: domain, ...extraEnv[domain] },
        projectRoot: props.projectRoot,
        logRetention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
        reservedConcurrency: props.reservedConcurrency?.[domain],
        stubCode: props.stubCode,
      });
    }
    this.house = house;
    this.byDomain = Object.fromEntries(Object.entries(house).map(([d, h]) => [d, h.fn])) as Record<Domain, lambda.Function>;

    const table = props.tableArn;
    const allow = (d: Domain, actions: string[], resources: string[]) => house[d].role.addToPolicy(new iam.PolicyStatement({ actions, resources }));

    // ---- access matrix -------------------------------------------------------------------
    // Every function may refresh an expired session: AdminInitiateAuth (REFRESH_TOKEN_AUTH) with
    // the client secret's SECRET_HASH. RevokeToken is unauthenticated but needs the secret. An admin
    // token is checked against the pool's current group membership and MFA settings on every
    // admin or subscriber route (lib/admin-gate.ts, decision 0018).
    for (const d of Object.keys(house) as Domain[]) {
      if (d === 'stripe-webhook') continue; // no session
      allow(d, ['cognito-idp:AdminInitiateAuth', 'cognito-idp:AdminListGroupsForUser', 'cognito-idp:AdminGetUser'], [props.userPoolArn]);
      props.clientSecret.grantRead(house[d].role);
    }
    // DynamoDB: per item type, DYNAMO_GRANTS above.
    for (const [d, grants] of Object.entries(DYNAMO_GRANTS) as [Domain, readonly DynamoGrant[]][]) {
      for (const g of grants) house[d].role.addToPolicy(grantStatement(g, table));
    }
    // auth: sign-up creates the user (AdminCreateUser, AdminSetUserPassword; AdminDeleteUser when the password is refused).
    // An authenticator code answers Cognito's SOFTWARE_TOKEN_MFA challenge (AdminRespondToAuthChallenge);
    // setting one up is authorised by the user's own access token (no IAM). Change password sets the new one
    // with AdminSetUserPassword; a reset reads the account's sub with AdminGetUser (granted above); ForgotPassword
    // and ConfirmForgotPassword are public APIs that need the client's SECRET_HASH, no IAM (decision 0019).
    // Change email sets the address with AdminUpdateUserAttributes; its code is asked for and checked with the
    // user's own access token (GetUserAttributeVerificationCode, VerifyUserAttribute: no IAM, decision 0024).
    allow(
      'auth',
      ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminRespondToAuthChallenge', 'cognito-idp:AdminUpdateUserAttributes'],
      [props.userPoolArn],
    );
    props.secrets.stripeSecretKey.grantRead(house.billing.role);
    props.secrets.paypalCredentials.grantRead(house.billing.role);
    // billing: account deletion (POST /api/account/delete, decision 0021) cancels the Stripe subscription, then deletes the user.
    allow('billing', ['cognito-idp:AdminDeleteUser'], [props.userPoolArn]);
    // admin: system tests with a throwaway account that is created, inspected and deleted again (DESIGN.md departure 7).
    allow(
      'admin',
      ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminDeleteUser'],
      [props.userPoolArn],
    );
    props.secrets.stripeSecretKey.grantRead(house['stripe-webhook'].role);
    props.secrets.stripeWebhookSecret.grantRead(house['stripe-webhook'].role);
  }

  /** Adds a variable to every function (e.g. ALLOWED_ORIGINS once the site URL is known). */
  addEnvironment(key: string, value: string): void {
    for (const fn of Object.values(this.byDomain)) fn.addEnvironment(key, value);
  }
}

const pascal = (s: string) => s.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase());
