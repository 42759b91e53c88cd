import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

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
}

/** Names of the rules, in priority order (also their CloudWatch metric names). */
export const WAF_RULES = {
  ipReputation: 'AWS-AWSManagedRulesAmazonIpReputationList',
  authRateLimit: 'AuthRateLimit',
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
 * 3. Known bad inputs (Log4j, Java deserialisation, localhost Host, exploitable paths): block.
 * 4. Core rule set (OWASP-style XSS, LFI, RFI, SSRF, bad bots, size limits): block, except the
 *    8 KB body limit, which only counts: the functions refuse bodies over 16 KB themselves (413
 *    JSON), and a 5,000-character feedback message in a non-Latin script is over 8 KB.
 * Every rule publishes CloudWatch metrics and sampled requests.
 */
export class WebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  /** ARN of the web ACL: the distribution's `webAclId`. */
  readonly arn: string;

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);
    if (!props.authPathPrefix.startsWith('/')) throw new Error('WebAcl: authPathPrefix must start with /');
    const limit = props.authRateLimit ?? 100;
    if (!Number.isInteger(limit) || limit < 10) throw new Error(`WebAcl: authRateLimit must be a whole number of at least 10 (the WAF minimum), got ${limit}`);
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
      description: 'FitTrack: managed rule groups and a rate limit on the sign-in endpoints',
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
        managed('AWSManagedRulesKnownBadInputsRuleSet', 2, { scopeDown: notUninspected }),
        managed('AWSManagedRulesCommonRuleSet', 3, { scopeDown: notUninspected, countOnly: ['SizeRestrictions_BODY'] }),
      ],
    });
    this.arn = this.webAcl.attrArn;
  }
}
