import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Stack, Token, type StackProps } from 'aws-cdk-lib';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { type Construct } from 'constructs';
import { apiPathPrefixes, functionEntries, routes, type Domain } from '@fittrack/functions/routes';
import { tableDefinition } from '@fittrack/functions/table';
import { type AccountQuotas, DEFAULT_QUOTAS, capacityLimits, quotaProblems } from './capacity-limits';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { Functions } from './constructs/functions';
import { LogDigest } from './constructs/log-digest';
import { Monitoring } from './constructs/monitoring';
import { OriginVerify } from './constructs/origin-verify';
import { Payments } from './constructs/payments';
import { Site } from './constructs/site';
import { WAF_CLOUDFRONT_REGION, WebAcl, type WebAclProps } from './constructs/waf';
import { EdgeStack } from './edge-stack';

/** Repository root (infra/lib/ → ../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Shipped instead of frontend/dist when the frontend has not been built (synth still works). */
export const PLACEHOLDER_SITE_DIR = path.join(REPO_ROOT, 'infra', 'site-placeholder');

export const WEBHOOK_DOMAIN: Domain = 'stripe-webhook';
/** The name of PayPal's webhook route (functions/src/routes.ts), served by the billing function. */
export const PAYPAL_WEBHOOK_ROUTE = 'post-webhooks-paypal';

export interface AppStackProps extends StackProps {
  readonly productName?: string;
  /** 'sandbox' (default) until the payment secrets are filled; then 'live'. */
  readonly paymentMode?: 'sandbox' | 'live';
  readonly stripePublishableKey?: string;
  readonly paypalClientId?: string;
  /** The id of the PayPal webhook that points at <site>/webhooks/paypal (its signature check needs it; not a secret). */
  readonly paypalWebhookId?: string;
  /**
   * Which PayPal the credentials belong to: 'live' (default) or 'sandbox' (PayPal's own test
   * environment, for a deployed test stack). Reaches every function as PAYPAL_ENVIRONMENT
   * (production | sandbox) and the site's Content-Security-Policy (PayPal's sandbox origin).
   */
  readonly paypalEnvironment?: 'sandbox' | 'live';
  /** Stripe price ids (price_...) of the monthly and yearly plans; required for live card payments. */
  readonly stripePriceMonthly?: string;
  readonly stripePriceYearly?: string;
  /** Custom domain of the site, with an ACM certificate in us-east-1. */
  readonly domainName?: string;
  readonly certificateArn?: string;
  /**
   * Who the alarms and the budget notifications reach. Required: a stack whose alarms reach nobody
   * is refused (issue 17 point 4).
   */
  readonly alarmEmail?: string;
  /**
   * The number of monthly users the limits are sized for (throttles, reserved concurrency, the
   * table's on-demand ceilings: infra/lib/capacity-limits.ts). Default 10,000,000.
   */
  readonly monthlyUsers?: number;
  /** The account's quotas the limits must fit in (AWS's defaults otherwise); synthesis stops with what to raise. */
  readonly quotas?: Partial<AccountQuotas>;
  /** The monthly AWS cost budget in US dollars (AWS Budgets: 80 % spent, 100 % forecast). Default 1,000. */
  readonly monthlyBudgetUsd?: number;
  /**
   * ARN of an existing CloudFront web ACL (scope CLOUDFRONT, us-east-1) to use instead of FitTrack's
   * own. Default: the stack makes one (see `AppStack.webAcl`).
   */
  readonly webAclArn?: string;
  /** POST requests per client IP in 5 minutes on /api/auth/ before the WAF answers 429. Default 100. */
  readonly authRateLimit?: number;
  /** Built frontend. Default: frontend/dist if it exists, else infra/site-placeholder. */
  readonly siteContentDir?: string;
  /** Tests only: deploy this code instead of bundling the handlers (see HouseFunction). */
  readonly stubFunctionCode?: lambda.Code;
}

/** The API paths of the sign-in endpoints (rate-limited by the WAF). */
export const AUTH_PATH_PREFIX = '/api/auth/';

/**
 * FitTrack in one stack: data, auth, payments secrets, functions, API, site, monitoring, and the
 * WAF web ACL of the distribution. CloudFront web ACLs exist only in us-east-1, so (unless
 * `webAclArn` is given):
 * - a stack in us-east-1, or one synthesised without a region (offline `cdk synth`), holds the web
 *   ACL itself; the latter can then only be deployed to us-east-1 (WAF refuses the scope elsewhere);
 * - a stack in any other region adds a sibling `EdgeStack` (`<id>-Edge`, us-east-1, same account)
 *   with the web ACL, referenced across regions (docs/decisions/0008-origin-secret-and-waf.md).
 */
export class AppStack extends Stack {
  readonly data: Data;
  readonly auth: Auth;
  readonly payments: Payments;
  readonly functions: Functions;
  readonly api: Api;
  readonly site: Site;
  readonly monitoring: Monitoring;
  readonly budget: budgets.CfnBudget;
  /** The table's stream consumer that keeps the newest activity-log events (decision 0023). */
  readonly logDigest: LogDigest;
  readonly originVerify: OriginVerify;
  /** The web ACL, when this stack holds it (us-east-1 or no region). */
  readonly webAcl?: WebAcl;
  /** The us-east-1 stack with the web ACL, when this stack is in another region. */
  readonly edge?: EdgeStack;

  constructor(scope: Construct, id: string, props: AppStackProps = {}) {
    super(scope, id, props);
    const productName = props.productName ?? 'FitTrack';
    if (props.domainName && !props.certificateArn) throw new Error('domainName needs certificateArn (ACM, us-east-1)');
    if (!props.alarmEmail) throw new Error('alarmEmail is required so that the alarms and the budget reach somebody: deploy with -c alarmEmail=ops@example.com');
    const limits = capacityLimits(props.monthlyUsers);
    const given = Object.fromEntries(Object.entries(props.quotas ?? {}).filter(([, v]) => v !== undefined));
    const problems = quotaProblems(limits, { ...DEFAULT_QUOTAS, ...given });
    if (problems.length > 0) {
      throw new Error(`The limits for ${limits.monthlyUsers.toLocaleString('en-US')} monthly users do not fit the account: ${problems.join('; ')}. Or size the stack for fewer users with -c monthlyUsers=<n>.`);
    }

    this.data = new Data(this, 'Data', { definition: tableDefinition, maxThroughput: { table: limits.table, indexes: limits.indexes } });
    this.auth = new Auth(this, 'Auth');
    this.payments = new Payments(this, 'Payments');

    this.functions = new Functions(this, 'Functions', {
      entries: functionEntries,
      srcDir: path.join(REPO_ROOT, 'functions', 'src'),
      projectRoot: REPO_ROOT,
      tableName: this.data.table.tableName,
      tableArn: this.data.table.tableArn,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolArn: this.auth.userPool.userPoolArn,
      userPoolClientId: this.auth.userPoolClient.userPoolClientId,
      clientSecret: this.auth.clientSecret,
      jwtIssuer: this.auth.jwtIssuer,
      jwksUri: this.auth.jwksUri,
      secrets: this.payments,
      // live unless a stack opts into the sandbox: a deployed sandbox would sell premium for a test card
      paymentMode: props.paymentMode ?? 'live',
      productName,
      stripePublishableKey: props.stripePublishableKey ?? '',
      paypalClientId: props.paypalClientId ?? '',
      paypalWebhookId: props.paypalWebhookId ?? '',
      paypalEnvironment: props.paypalEnvironment ?? 'live',
      stripePriceMonthly: props.stripePriceMonthly ?? '',
      stripePriceYearly: props.stripePriceYearly ?? '',
      reservedConcurrency: limits.reservedConcurrency,
      stubCode: props.stubFunctionCode,
    });

    this.logDigest = new LogDigest(this, 'LogDigest', {
      table: this.data.table,
      tableName: this.data.table.tableName,
      srcDir: path.join(REPO_ROOT, 'functions', 'src'),
      projectRoot: REPO_ROOT,
      reservedConcurrency: limits.streamConsumerConcurrency,
      stubCode: props.stubFunctionCode,
    });

    const webhookRoute = routes.find((r) => r.domain === WEBHOOK_DOMAIN);
    if (!webhookRoute) throw new Error(`The route table has no ${WEBHOOK_DOMAIN} route`);
    // PayPal's webhook is a route of the billing function (it holds the PayPal SDK and credentials).
    const paypalWebhookRoute = routes.find((r) => r.name === PAYPAL_WEBHOOK_ROUTE);
    if (!paypalWebhookRoute) throw new Error(`The route table has no ${PAYPAL_WEBHOOK_ROUTE} route`);

    const webAclProps: WebAclProps = {
      authPathPrefix: AUTH_PATH_PREFIX,
      authRateLimit: props.authRateLimit,
      // the signature-checked webhooks: their bodies are the providers' JSON, verified by the handler
      uninspectedBodyPaths: routes.filter((r) => r.access === 'stripe').map((r) => r.path),
      // every API prefix but the providers' webhooks (a few provider addresses send every user's events)
      apiPathPrefixes: apiPathPrefixes.filter((p) => p !== '/webhooks/'),
    };
    let webAclArn = props.webAclArn;
    if (!webAclArn) {
      if (Token.isUnresolved(this.region) || this.region === WAF_CLOUDFRONT_REGION) {
        this.webAcl = new WebAcl(this, 'WebAcl', webAclProps);
        webAclArn = this.webAcl.arn;
      } else {
        this.edge = new EdgeStack(scope, `${id}-Edge`, {
          ...webAclProps,
          stackName: `${this.stackName}-Edge`,
          env: { account: props.env?.account, region: WAF_CLOUDFRONT_REGION },
          description: `FitTrack: the CloudFront web ACL of ${this.stackName} (CloudFront web ACLs live in us-east-1)`,
        });
        webAclArn = this.edge.webAcl.arn;
      }
    }

    // Requests to the API must come through CloudFront: it adds the origin secret, the functions check it.
    this.originVerify = new OriginVerify(this, 'OriginVerify');
    this.functions.addEnvironment(this.originVerify.envName, this.originVerify.headerValue);

    this.api = new Api(this, 'Api', {
      routes,
      functions: this.functions.byDomain,
      // 4xx and 5xx per route on the dashboard (issue 17 point 6) and the webhook alarm: every route
      detailedMetricsRouteKeys: routes.map((r) => `${r.method} ${r.path}`),
      throttle: limits.stage,
      routeThrottles: limits.routes,
    });

    const distDir = path.join(REPO_ROOT, 'frontend', 'dist');
    const contentDir =
      props.siteContentDir ?? (fs.existsSync(path.join(distDir, 'index.html')) ? distDir : PLACEHOLDER_SITE_DIR);
    this.site = new Site(this, 'Site', {
      apiDomainName: this.api.domainName,
      apiPathPrefixes,
      apiOriginHeaders: { [this.originVerify.headerName]: this.originVerify.headerValue },
      webAclArn,
      contentDir,
      paymentProviders: (props.paymentMode ?? 'live') === 'live',
      paypalSandbox: props.paypalEnvironment === 'sandbox',
      domainNames: props.domainName ? [props.domainName] : undefined,
      certificate: props.certificateArn
        ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
        : undefined,
    });
    // The CSRF check accepts state-changing requests from the site's own origin only.
    this.functions.addEnvironment('ALLOWED_ORIGINS', this.site.url);
    // Behind CloudFront the API's sourceIp is the edge; the ViewerIp function passes the viewer's.
    this.functions.addEnvironment('TRUST_VIEWER_IP_HEADER', 'true');

    this.monitoring = new Monitoring(this, 'Monitoring', {
      dashboardName: `${id}-${this.region}`.replace(/[^A-Za-z0-9_-]/g, '-'),
      apiId: this.api.httpApi.apiId,
      apiStageName: this.api.stage.stageName,
      functions: { ...this.functions.byDomain, 'log-digest': this.logDigest.fn },
      streamConsumer: this.logDigest.fn,
      tableName: this.data.table.tableName,
      webhookRoute,
      webhookFunction: this.functions.byDomain[WEBHOOK_DOMAIN],
      paypalWebhookRoute,
      alarmEmail: props.alarmEmail,
    });

    // The month's AWS cost: an email at 80 % spent and at 100 % forecast (issue 17 point 4).
    const budgetUsd = props.monthlyBudgetUsd ?? 1000;
    if (!(budgetUsd > 0)) throw new Error(`monthlyBudgetUsd must be a positive number, got ${budgetUsd}`);
    this.budget = new budgets.CfnBudget(this, 'Budget', {
      budget: {
        budgetName: `${this.stackName}-monthly`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: budgetUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: (
        [
          ['ACTUAL', 80],
          ['FORECASTED', 100],
        ] as const
      ).map(([notificationType, threshold]) => ({
        notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
        subscribers: [{ subscriptionType: 'EMAIL', address: props.alarmEmail! }],
      })),
    });

    new CfnOutput(this, 'SiteUrl', { value: this.site.url, description: 'The site (and API) origin' });
    new CfnOutput(this, 'StripeWebhookUrl', {
      value: `${this.site.url}${webhookRoute.path}`,
      description: 'Register this endpoint in the Stripe dashboard',
    });
    new CfnOutput(this, 'PayPalWebhookUrl', {
      value: `${this.site.url}${paypalWebhookRoute.path}`,
      description: 'Register this endpoint as a PayPal webhook (PAYMENT.CAPTURE.COMPLETED, .REFUNDED, .REVERSED); deploy with -c paypalWebhookId=<its id>',
    });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'DistributionId', { value: this.site.distribution.distributionId });
    new CfnOutput(this, 'StripeSecretKeyArn', { value: this.payments.stripeSecretKey.secretArn });
    new CfnOutput(this, 'StripeWebhookSecretArn', { value: this.payments.stripeWebhookSecret.secretArn });
    new CfnOutput(this, 'PayPalCredentialsArn', { value: this.payments.paypalCredentials.secretArn });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn });
  }
}
