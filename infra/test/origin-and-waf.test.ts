import { describe, expect, it } from 'vitest';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { apiPathPrefixes, functionEntries, routes, type Domain } from '@fittrack/functions/routes';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '@fittrack/functions/lib/origin-secret';
import { AUTH_PATH_PREFIX, AppStack, PAYPAL_WEBHOOK_ROUTE, PLACEHOLDER_SITE_DIR, WEBHOOK_DOMAIN } from '../lib/app-stack';
import { RATE_LIMIT_MESSAGE, WAF_CLOUDFRONT_REGION, WAF_RULES } from '../lib/constructs/waf';
import { buildStack, cdkJsonContext, DEPLOY_PROPS, nagFindings } from './helpers';

/**
 * Docs/decisions/0008: the API only answers requests that came through CloudFront (an origin
 * secret header, checked by the functions), and the distribution sits behind a WAF web ACL that
 * lives in us-east-1.
 */
const { stack, template, edge } = buildStack();
const json = template.toJSON() as { Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>; Outputs: Record<string, { Value: unknown }> };
const dist = () => Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
const secretId = () => stack.getLogicalId(stack.originVerify.secret.node.defaultChild as CfnElement);
/** The CloudFormation dynamic reference to the origin secret, as it appears in the template. */
const dynamicRef = () => ({ 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId() }, ':SecretString:::}}']] });
type Origin = { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[]; S3OriginConfig?: unknown; CustomOriginConfig?: unknown };
type Behavior = { PathPattern: string; TargetOriginId: string };

describe('origin secret: only CloudFront reaches the API', () => {
  it('generates the value in Secrets Manager per stack (letters and digits, never in the template)', () => {
    const secret = json.Resources[secretId()]!;
    expect(secret.Type).toBe('AWS::SecretsManager::Secret');
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true, IncludeSpace: false });
    expect(secret.Properties.SecretString).toBeUndefined();
  });

  it('CloudFront sends the header to the API origin, and only there (not to S3)', () => {
    const origins = dist().Origins as Origin[];
    const api = origins.filter((o) => o.CustomOriginConfig);
    expect(api).toHaveLength(1);
    expect(api[0]!.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: dynamicRef() }]);
    for (const o of origins.filter((x) => x.S3OriginConfig)) expect(o.OriginCustomHeaders).toBeUndefined();
  });

  it.each(Object.keys(functionEntries) as Domain[])('%s function expects the same value (dynamic reference, not plain text)', (d) => {
    const fnId = stack.getLogicalId(stack.functions.byDomain[d].node.defaultChild as CfnElement);
    const env = json.Resources[fnId]!.Properties.Environment as { Variables: Record<string, unknown> };
    expect(env.Variables[ORIGIN_VERIFY_ENV]).toEqual(dynamicRef());
    expect(env.Variables.TRUST_VIEWER_IP_HEADER).toBe('true');
  });

  it('the value only ever appears as the dynamic reference in the template', () => {
    const text = JSON.stringify(json);
    const refs = text.split('{{resolve:secretsmanager:').length - 1;
    // the API origin header + one environment variable per function
    expect(refs).toBe(1 + Object.keys(functionEntries).length);
    expect(stack.originVerify.headerName).toBe(ORIGIN_VERIFY_HEADER);
  });

  it('the Stripe webhook goes through CloudFront (so it carries the header): behaviour to the API origin, URL on the site', () => {
    const webhook = routes.find((r) => r.domain === WEBHOOK_DOMAIN)!;
    const d = dist();
    const apiOriginId = (d.Origins as Origin[]).find((o) => o.OriginCustomHeaders)!.Id;
    const behaviour = (d.CacheBehaviors as Behavior[]).find((b) => webhook.path.startsWith(b.PathPattern.replace(/\*$/, '')));
    expect(behaviour?.PathPattern).toBe('/webhooks/*');
    expect(behaviour?.TargetOriginId).toBe(apiOriginId);
    expect(apiPathPrefixes).toContain('/webhooks/');
    expect(stack.resolve(json.Outputs.StripeWebhookUrl!.Value)).toEqual(stack.resolve(`${stack.site.url}${webhook.path}`));
    expect(JSON.stringify(json.Outputs.StripeWebhookUrl!.Value)).not.toContain('execute-api');
  });

  it('the PayPal webhook goes through CloudFront and API Gateway to the billing function, with its webhook id; URL on the site', () => {
    const webhook = routes.find((r) => r.name === PAYPAL_WEBHOOK_ROUTE)!;
    expect(`${webhook.method} ${webhook.path}`).toBe('POST /webhooks/paypal');
    expect(webhook.access, 'no session: PayPal’s signature is the credential').toBe('stripe');
    const d = dist();
    const apiOriginId = (d.Origins as Origin[]).find((o) => o.OriginCustomHeaders)!.Id;
    const behaviour = (d.CacheBehaviors as Behavior[]).find((b) => webhook.path.startsWith(b.PathPattern.replace(/\*$/, '')));
    expect(behaviour?.PathPattern).toBe('/webhooks/*');
    expect(behaviour?.TargetOriginId).toBe(apiOriginId);
    const route = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).find((r) => r.Properties.RouteKey === 'POST /webhooks/paypal');
    const integrationRef = ((route!.Properties.Target as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1][1] as { Ref: string }).Ref;
    const billingId = stack.getLogicalId(stack.functions.byDomain.billing.node.defaultChild as CfnElement);
    expect(json.Resources[integrationRef]!.Properties.IntegrationUri).toEqual({ 'Fn::GetAtt': [billingId, 'Arn'] });
    const env = (json.Resources[billingId]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env).toHaveProperty('PAYPAL_WEBHOOK_ID');
    expect(stack.resolve(json.Outputs.PayPalWebhookUrl!.Value)).toEqual(stack.resolve(`${stack.site.url}${webhook.path}`));
    expect(JSON.stringify(json.Outputs.PayPalWebhookUrl!.Value)).not.toContain('execute-api');
  });

  it('every API route is served by a CloudFront behaviour to the API origin', () => {
    const patterns = (dist().CacheBehaviors as Behavior[]).map((b) => b.PathPattern.replace(/\*$/, ''));
    for (const r of routes) expect(patterns.some((p) => r.path.startsWith(p)), `${r.method} ${r.path}`).toBe(true);
  });
});

describe('WAF: web ACL in us-east-1, associated with the distribution', () => {
  const edgeTemplate = Template.fromStack(edge!);
  const acl = () => Object.values(edgeTemplate.findResources('AWS::WAFv2::WebACL'))[0]!.Properties;
  type Rule = { Name: string; Priority: number; Action?: unknown; OverrideAction?: unknown; Statement: Record<string, Record<string, unknown>> };
  const rule = (name: string) => (acl().Rules as Rule[]).find((r) => r.Name === name)!;

  it('a stack outside us-east-1 gets a sibling edge stack there (same account) holding the CLOUDFRONT web ACL', () => {
    expect(stack.region).toBe('eu-west-1');
    expect(edge!.region).toBe(WAF_CLOUDFRONT_REGION);
    expect(edge!.account).toBe(stack.account);
    expect(edge!.stackName).toBe('FitTrack-Edge');
    edgeTemplate.resourceCountIs('AWS::WAFv2::WebACL', 1);
    template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(acl()).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    expect(stack.dependencies).toContain(edge);
  });

  it('the distribution uses that web ACL (cross-region output, no custom resource)', () => {
    const ref = (dist().WebACLId as { 'Fn::GetStackOutput': { StackName: string; Region: string; OutputName: string } })['Fn::GetStackOutput'];
    expect(ref).toMatchObject({ StackName: 'FitTrack-Edge', Region: WAF_CLOUDFRONT_REGION });
    const outputs = edgeTemplate.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs[ref.OutputName]?.Value).toEqual({ 'Fn::GetAtt': [edge!.getLogicalId(edge!.webAcl.webAcl), 'Arn'] });
    // weak cross-stack references (cdk.json): no export reader/writer custom resources
    expect(Object.values(json.Resources).filter((r) => r.Type.startsWith('Custom::') && r.Type !== 'Custom::CDKBucketDeployment')).toEqual([]);
    // the web ACL and its logging (CloudFront's WAF logs live in us-east-1 with it)
    expect(Object.keys(edgeTemplate.toJSON().Resources).sort()).toEqual(
      [edge!.webAcl.webAcl, edge!.webAcl.logGroup.node.defaultChild!, edge!.webAcl.logging].map((c) => edge!.getLogicalId(c as CfnElement)).sort(),
    );
  });

  it('runs the AWS managed groups: IP reputation, known bad inputs, common rule set (blocking)', () => {
    const names = (acl().Rules as Rule[]).sort((a, b) => a.Priority - b.Priority).map((r) => r.Name);
    expect(names).toEqual([WAF_RULES.ipReputation, WAF_RULES.authRateLimit, WAF_RULES.apiRateLimit, WAF_RULES.knownBadInputs, WAF_RULES.common]);
    for (const [name, group] of [
      [WAF_RULES.ipReputation, 'AWSManagedRulesAmazonIpReputationList'],
      [WAF_RULES.knownBadInputs, 'AWSManagedRulesKnownBadInputsRuleSet'],
      [WAF_RULES.common, 'AWSManagedRulesCommonRuleSet'],
    ] as const) {
      const r = rule(name);
      expect(r.OverrideAction, name).toEqual({ None: {} }); // the group's own block actions apply
      expect(r.Statement.ManagedRuleGroupStatement).toMatchObject({ VendorName: 'AWS', Name: group });
    }
    for (const r of acl().Rules as (Rule & { VisibilityConfig: unknown })[]) {
      expect(r.VisibilityConfig, r.Name).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
    }
  });

  it('the common rule set only counts the 8 KB body limit (the functions refuse over 16 KB) and blocks the rest', () => {
    expect(rule(WAF_RULES.common).Statement.ManagedRuleGroupStatement!.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
    expect(rule(WAF_RULES.knownBadInputs).Statement.ManagedRuleGroupStatement!.RuleActionOverrides).toBeUndefined();
  });

  it('body-inspecting groups skip exactly the signature-checked webhooks (Stripe, PayPal); IP reputation covers everything', () => {
    const paths = routes.filter((r) => r.domain === WEBHOOK_DOMAIN || r.name === PAYPAL_WEBHOOK_ROUTE).map((r) => r.path);
    expect(paths).toEqual(['/webhooks/stripe', '/webhooks/paypal']);
    const pathIs = (path: string) => ({
      ByteMatchStatement: { FieldToMatch: { UriPath: {} }, PositionalConstraint: 'EXACTLY', SearchString: path, TextTransformations: [{ Priority: 0, Type: 'NONE' }] },
    });
    const skip = { NotStatement: { Statement: { OrStatement: { Statements: paths.map(pathIs) } } } };
    for (const name of [WAF_RULES.common, WAF_RULES.knownBadInputs]) {
      expect(rule(name).Statement.ManagedRuleGroupStatement!.ScopeDownStatement, name).toEqual(skip);
    }
    expect(rule(WAF_RULES.ipReputation).Statement.ManagedRuleGroupStatement!.ScopeDownStatement).toBeUndefined();
  });

  it('rate-limits POST /api/auth/* per client IP and answers 429 with JSON { message }', () => {
    const r = rule(WAF_RULES.authRateLimit);
    expect(r.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' } } });
    const rate = r.Statement.RateBasedStatement as { AggregateKeyType: string; Limit: number; EvaluationWindowSec: number; ScopeDownStatement: unknown };
    expect(rate).toMatchObject({ AggregateKeyType: 'IP', Limit: 100, EvaluationWindowSec: 300 });
    const [path, method] = (rate.ScopeDownStatement as { AndStatement: { Statements: { ByteMatchStatement: Record<string, unknown> }[] } }).AndStatement.Statements;
    expect(path!.ByteMatchStatement).toMatchObject({ FieldToMatch: { UriPath: {} }, PositionalConstraint: 'STARTS_WITH', SearchString: AUTH_PATH_PREFIX });
    expect((path!.ByteMatchStatement.TextTransformations as { Type: string }[]).map((t) => t.Type)).toEqual(['URL_DECODE', 'NORMALIZE_PATH', 'LOWERCASE']);
    expect(method!.ByteMatchStatement).toMatchObject({ FieldToMatch: { Method: {} }, PositionalConstraint: 'EXACTLY', SearchString: 'POST' });
    const body = (acl().CustomResponseBodies as Record<string, { ContentType: string; Content: string }>).TooManyRequests!;
    expect(body.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(body.Content)).toEqual({ message: RATE_LIMIT_MESSAGE });
    // the prefix covers the credential endpoints of the route table
    const credential = routes.filter((x) => x.domain === 'auth' && x.method === 'POST').map((x) => x.path);
    expect(credential).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/signup']));
    for (const p of credential) expect(p.startsWith(AUTH_PATH_PREFIX), p).toBe(true);
  });

  it('the limit is a stack setting', () => {
    const strict = buildStack({ authRateLimit: 20 });
    const rules = Object.values(Template.fromStack(strict.edge!).findResources('AWS::WAFv2::WebACL'))[0]!.Properties.Rules as Rule[];
    expect(rules.find((x) => x.Name === WAF_RULES.authRateLimit)!.Statement.RateBasedStatement).toMatchObject({ Limit: 20 });
  });
});

describe('WAF placement by region', () => {
  const webAclIdOf = (t: Template) => Object.values(t.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig.WebACLId;

  it('a us-east-1 stack holds the web ACL itself (no edge stack)', () => {
    const app = new App({ context: cdkJsonContext() });
    const s = new AppStack(app, 'FitTrack', { env: { account: '123456789012', region: 'us-east-1' }, ...DEPLOY_PROPS, siteContentDir: PLACEHOLDER_SITE_DIR });
    const t = Template.fromStack(s);
    expect(s.edge).toBeUndefined();
    expect(app.node.children.filter((c) => c instanceof Stack)).toHaveLength(1);
    t.resourceCountIs('AWS::WAFv2::WebACL', 1);
    expect(webAclIdOf(t)).toEqual({ 'Fn::GetAtt': [s.getLogicalId(s.webAcl!.webAcl), 'Arn'] });
  });

  it('without a region (offline `cdk synth`, no AWS account) the stack synthesises alone, web ACL included, nag-clean', () => {
    const app = new App({ context: cdkJsonContext() });
    const s = new AppStack(app, 'FitTrack', { ...DEPLOY_PROPS, siteContentDir: PLACEHOLDER_SITE_DIR });
    const t = Template.fromStack(s);
    expect(s.edge).toBeUndefined();
    t.resourceCountIs('AWS::WAFv2::WebACL', 1);
    expect(webAclIdOf(t)).toEqual({ 'Fn::GetAtt': [s.getLogicalId(s.webAcl!.webAcl), 'Arn'] });
    expect([...nagFindings(s, 'error'), ...nagFindings(s, 'warning')]).toEqual([]);
  });

  it('an existing web ACL can be passed instead (no web ACL, no edge stack)', () => {
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/shared/11111111-2222-3333-4444-555555555555';
    const s = buildStack({ webAclArn: arn });
    expect(s.edge).toBeUndefined();
    s.template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(webAclIdOf(s.template)).toBe(arn);
  });
});
