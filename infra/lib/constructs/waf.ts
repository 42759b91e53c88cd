import { ArnFormat, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { API_REQUESTS_PER_IP_PER_5_MIN } from '@fittrack/functions/lib/db/capacity/model';

/** CloudFront web ACLs (scope CLOUDFRONT) can only be created in this region. */
export const WAF_CLOUDFRONT_REGION = 'us-east-1';

/** The JSON body of the rate-limit answer, in the API's `{ message }` shape. */
export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a few minutes and try again.';

export interface WebAclProps {
  /**
   * Path prefix of the credential endpoints ("/api/auth/"): POST requests under it are rate-limited
   * per client IP.
   */
  readonly authPathPrefix: string;
  /** Requests per client IP and window on `authPathPrefix` (POST) before WAF answers 429. Default 100. */
  readonly authRateLimit?: number;
  /** Window of the rate-based rule in seconds (60, 120, 300 or 600). Default 300. */
  readonly authRateWindowSeconds?: 60 | 120 | 300 | 600;
  /**
   * Exact paths whose bodies the body-inspecting rule groups (Common, Known bad inputs) skip: the
   * Stripe webhook, whose body is authenticated by Stripe's signature over the raw bytes and carries
   * customer-controlled text that would only produce false positives (a blocked webhook is a lost
   * payment event). IP reputation still applies there.
   */
  readonly uninspectedBodyPaths?: readonly string[];
  /**
   * Path prefixes of the API ("/api/", "/paypal/"): every request under them counts towards the
   * per-address limit `apiRateLimit`. The providers' webhooks (/webhooks/) are not under them: a
   * few Stripe and PayPal addresses send every user's events, and their signatures are checked.
   */
  readonly apiPathPrefixes: readonly string[];
  /**
   * Requests per client IP in 5 minutes under `apiPathPrefixes` before the WAF answers 429. Default
   * API_REQUESTS_PER_IP_PER_5_MIN, the figure the capacity model bounds one caller's partitions by.
   */
  readonly apiRateLimit?: number;
}

/** Names of the rules, in priority order (also their CloudWatch metric names). */
export const WAF_RULES = {
  ipReputation: 'AWS-AWSManagedRulesAmazonIpReputationList',
  authRateLimit: 'AuthRateLimit',
  apiRateLimit: 'ApiRateLimit',
  knownBadInputs: 'AWS-AWSManagedRulesKnownBadInputsRuleSet',
  common: 'AWS-AWSManagedRulesCommonRuleSet',
} as const;

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const pathStartsWith = (prefix: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: prefix,
    // "/API/auth/%6cogin", "/api//auth/login": compare the path as the API will route it
    textTransformations: [
      { priority: 0, type: 'URL_DECODE' },
      { priority: 1, type: 'NORMALIZE_PATH' },
      { priority: 2, type: 'LOWERCASE' },
    ],
  },
});

const pathIs = (path: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'EXACTLY',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const methodIs = (method: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { method: {} },
    positionalConstraint: 'EXACTLY',
    searchString: method,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/**
 * The site's AWS WAF web ACL (scope CLOUDFRONT, so it must be created in us-east-1; see EdgeStack
 * and docs/decisions/0008-origin-secret-and-waf.md). Default allow, then:
 * 1. Amazon IP reputation list (known bots, scanners, malicious sources): block.
 * 2. Rate limit per client IP on POST requests under /api/auth/ (sign-in, sign-up, ...): 429 with
 *    a JSON `{ message }`. GET /api/auth/me is not counted: every page load calls it. This sits in
 *    front of the per-account and per-IP sign-in limits of the auth Lambda and the API's route
 *    throttling, and stops a flood before it costs Lambda invocations.
 * 3. Rate limit per client IP on every request to the API (/api/, /paypal/): 429 with the same
 *    JSON. One client sending ~50 requests a second of GET /api/config used to take the stage's
 *    whole throttle from everyone (issue 17); now it is refused at the edge after 3,000 in 5 minutes.
 * 4. Known bad inputs (Log4j, Java deserialisation, localhost Host, exploitable paths): block.
 * 5. Core rule set (OWASP-style XSS, LFI, RFI, SSRF, bad bots, size limits): block, except the
 *    8 KB body limit, which only counts: the functions refuse bodies over 16 KB themselves (413
 *    JSON), and a 5,000-character feedback message in a non-Latin script is over 8 KB.
 * Every rule publishes CloudWatch metrics and sampled requests. The requests a rule blocks or
 * counts are logged to CloudWatch Logs (`aws-waf-logs-<stack>`, 90 days, kept when the stack is
 * deleted), with the cookie and authorization headers redacted: the sessions are cookies.
 */
export class WebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  /** ARN of the web ACL: the distribution's `webAclId`. */
  readonly arn: string;
  /** Where the WAF logs what it blocks or counts. */
  readonly logGroup: logs.LogGroup;
  readonly logging: wafv2.CfnLoggingConfiguration;

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);
    if (!props.authPathPrefix.startsWith('/')) throw new Error('WebAcl: authPathPrefix must start with /');
    const limit = props.authRateLimit ?? 100;
    if (!Number.isInteger(limit) || limit < 10) throw new Error(`WebAcl: authRateLimit must be a whole number of at least 10 (the WAF minimum), got ${limit}`);
    const apiLimit = props.apiRateLimit ?? API_REQUESTS_PER_IP_PER_5_MIN;
    if (!Number.isInteger(apiLimit) || apiLimit < 10) throw new Error(`WebAcl: apiRateLimit must be a whole number of at least 10 (the WAF minimum), got ${apiLimit}`);
    if (props.apiPathPrefixes.length === 0 || props.apiPathPrefixes.some((p) => !p.startsWith('/'))) throw new Error('WebAcl: apiPathPrefixes must be paths starting with /');
    const skipBodies = props.uninspectedBodyPaths ?? [];
    // Managed groups that inspect bodies skip the listed paths (scope-down: NOT one of them).
    const notUninspected: wafv2.CfnWebACL.StatementProperty | undefined =
      skipBodies.length === 0
        ? undefined
        : { notStatement: { statement: skipBodies.length === 1 ? pathIs(skipBodies[0]!) : { orStatement: { statements: skipBodies.map(pathIs) } } } };

    const managed = (
      name: string,
      priority: number,
      opts: { scopeDown?: wafv2.CfnWebACL.StatementProperty; countOnly?: string[] } = {},
    ): wafv2.CfnWebACL.RuleProperty => ({
      name: `AWS-${name}`,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          scopeDownStatement: opts.scopeDown,
          ruleActionOverrides: opts.countOnly?.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
        },
      },
      visibilityConfig: visibility(`AWS-${name}`),
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'FitTrack: managed rule groups, a rate limit per address on the API and a tighter one on sign-in',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('FitTrackWebAcl'),
      customResponseBodies: {
        TooManyRequests: { contentType: 'APPLICATION_JSON', content: JSON.stringify({ message: RATE_LIMIT_MESSAGE }) },
      },
      rules: [
        managed('AWSManagedRulesAmazonIpReputationList', 0),
        {
          name: WAF_RULES.authRateLimit,
          priority: 1,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyRequests' } } },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit,
              evaluationWindowSec: props.authRateWindowSeconds ?? 300,
              scopeDownStatement: { andStatement: { statements: [pathStartsWith(props.authPathPrefix.toLowerCase()), methodIs('POST')] } },
            },
          },
          visibilityConfig: visibility(WAF_RULES.authRateLimit),
        },
        {
          name: WAF_RULES.apiRateLimit,
          priority: 2,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyRequests' } } },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: apiLimit,
              evaluationWindowSec: 300,
              scopeDownStatement:
                props.apiPathPrefixes.length === 1
                  ? pathStartsWith(props.apiPathPrefixes[0]!.toLowerCase())
                  : { orStatement: { statements: props.apiPathPrefixes.map((p) => pathStartsWith(p.toLowerCase())) } },
            },
          },
          visibilityConfig: visibility(WAF_RULES.apiRateLimit),
        },
        managed('AWSManagedRulesKnownBadInputsRuleSet', 3, { scopeDown: notUninspected }),
        managed('AWSManagedRulesCommonRuleSet', 4, { scopeDown: notUninspected, countOnly: ['SizeRestrictions_BODY'] }),
      ],
    });
    this.arn = this.webAcl.attrArn;

    // WAF logs: the name must start with aws-waf-logs-, and the destination is the group's ARN
    // without CloudFormation's trailing ":*" (WAF refuses it). WAF adds the log group's resource policy.
    const stack = Stack.of(this);
    const logGroupName = `aws-waf-logs-${stack.stackName}`;
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName,
      retention: logs.RetentionDays.THREE_MONTHS,
      // audit-relevant: kept when the stack is deleted (it still expires by its retention)
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.logging = new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [stack.formatArn({ service: 'logs', resource: 'log-group', resourceName: logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
      // the session is a cookie, and no header that carries a credential belongs in a log
      redactedFields: [{ singleHeader: { Name: 'cookie' } }, { singleHeader: { Name: 'authorization' } }],
      // what was blocked or counted, not every allowed request (at the peak ~9,500 a second)
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
          },
        ],
      },
    });
    this.logging.node.addDependency(this.logGroup);
  }
}
