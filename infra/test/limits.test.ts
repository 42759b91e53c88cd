import { describe, expect, it } from 'vitest';
import { App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { type Domain, functionEntries, routes } from '@fittrack/functions/routes';
import { API_REQUESTS_PER_IP_PER_5_MIN } from '@fittrack/functions/lib/db/capacity/model';
import { ROUTE_TRAFFIC, peakRate } from '@fittrack/functions/lib/db/capacity/traffic';
import { AppStack, PLACEHOLDER_SITE_DIR } from '../lib/app-stack';
import { DEFAULT_QUOTAS, MIN_ROUTE_RATE, ROUTE_HEADROOM, UNRESERVED_MINIMUM, capacityLimits, quotaProblems } from '../lib/capacity-limits';
import { RATE_LIMIT_MESSAGE, WAF_RULES } from '../lib/constructs/waf';
import { DEPLOY_PROPS, TEST_ENV, buildStack, cdkJsonContext } from './helpers';

/**
 * Issue 17 point 4, abuse bounded in AWS: a per-address WAF rule on the whole API, throttles and
 * reserved concurrency sized from the capacity model, the table's on-demand ceilings, a budget,
 * alarms that reach somebody, and WAF logs with a retention.
 */
const { stack, template, edge } = buildStack();
const edgeTemplate = Template.fromStack(edge!);
const limits = capacityLimits();
const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);

describe('limits sized from the capacity model', () => {
  it('each route may take twice its modelled peak (at least 10 a second); the stage the sum of the peaks and a half', () => {
    let total = 0;
    for (const r of routes) {
      const key = `${r.method} ${r.path}` as keyof typeof ROUTE_TRAFFIC;
      const peak = peakRate(ROUTE_TRAFFIC[key]);
      total += peak;
      expect(limits.routes[key], key).toEqual({ rateLimit: Math.max(MIN_ROUTE_RATE, Math.ceil(peak * ROUTE_HEADROOM)), burstLimit: 2 * Math.max(MIN_ROUTE_RATE, Math.ceil(peak * ROUTE_HEADROOM)) });
    }
    expect(limits.stage.rateLimit).toBe(Math.ceil(total * 1.5));
    // sign-in at the morning peak: 150 a second modelled, so not the old 10 for everyone together
    expect(limits.routes['POST /api/auth/login']!.rateLimit).toBeGreaterThanOrEqual(300);
  });

  it('scales with the users the stack is built for; admin traffic does not', () => {
    const small = capacityLimits(100_000);
    expect(small.stage.rateLimit).toBeLessThan(limits.stage.rateLimit / 50);
    expect(small.routes['GET /api/admin/logs']).toEqual(limits.routes['GET /api/admin/logs']);
    expect(small.table.maxRead).toBeLessThan(limits.table.maxRead);
    expect(Object.values(small.reservedConcurrency).every((n) => n >= 5)).toBe(true);
    expect(() => capacityLimits(10)).toThrow(/monthlyUsers/);
  });

  it('says what to raise when the limits do not fit the account (AWS defaults for 10M users)', () => {
    const problems = quotaProblems(limits, DEFAULT_QUOTAS);
    expect(problems.join('\n')).toMatch(/L-B99A9384.*lambdaConcurrencyQuota/);
    expect(problems.join('\n')).toMatch(/L-8A5B8E43.*apiRequestsQuota/);
    expect(quotaProblems(limits, { ...DEFAULT_QUOTAS, ...DEPLOY_PROPS.quotas })).toEqual([]);
    expect(quotaProblems(capacityLimits(100_000), DEFAULT_QUOTAS)).toEqual([]);
  });
});

describe('the stack refuses a deploy that would not hold', () => {
  const make = (props: Record<string, unknown>) => () => new AppStack(new App({ context: cdkJsonContext() }), 'FitTrack', { env: TEST_ENV, siteContentDir: PLACEHOLDER_SITE_DIR, ...props });

  it('without -c alarmEmail: the alarms would reach nobody', () => {
    expect(make({ quotas: DEPLOY_PROPS.quotas })).toThrow('alarmEmail is required so that the alarms and the budget reach somebody: deploy with -c alarmEmail=ops@example.com');
  });

  it('when the limits do not fit the account quotas, naming the quota and the flag', () => {
    expect(make({ alarmEmail: 'ops@example.com' })).toThrow(/10,000,000 monthly users do not fit the account: .*lambdaConcurrencyQuota.*-c monthlyUsers=<n>/);
    expect(make({ alarmEmail: 'ops@example.com', monthlyUsers: 100_000 })).not.toThrow();
  });
});

describe('abuse bounded in AWS (synthesised template)', () => {
  const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;

  it('a per-address WAF rate rule on all of /api/ and /paypal/ that blocks with 429 JSON, besides the tighter sign-in rule', () => {
    const acl = Object.values(edgeTemplate.findResources('AWS::WAFv2::WebACL'))[0]!.Properties;
    type Rule = { Name: string; Priority: number; Action: unknown; Statement: { RateBasedStatement: Record<string, unknown> } };
    const rules = acl.Rules as Rule[];
    const api = rules.find((r) => r.Name === WAF_RULES.apiRateLimit)!;
    const auth = rules.find((r) => r.Name === WAF_RULES.authRateLimit)!;
    expect(api.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' } } });
    expect(api.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: API_REQUESTS_PER_IP_PER_5_MIN, EvaluationWindowSec: 300 });
    const prefixes = JSON.stringify(api.Statement.RateBasedStatement.ScopeDownStatement);
    expect(prefixes).toContain('"SearchString":"/api/"');
    expect(prefixes).toContain('"SearchString":"/paypal/"');
    expect(prefixes).not.toContain('/webhooks/'); // the providers send every user's events from a few addresses
    expect(auth.Priority).toBeLessThan(api.Priority);
    expect((auth.Statement.RateBasedStatement.Limit as number) < API_REQUESTS_PER_IP_PER_5_MIN).toBe(true);
    expect(JSON.parse((acl.CustomResponseBodies as { TooManyRequests: { Content: string } }).TooManyRequests.Content)).toEqual({ message: RATE_LIMIT_MESSAGE });
  });

  it('WAF logs go to CloudWatch Logs (aws-waf-logs-, 90 days, retained), blocked and counted requests only, credentials redacted', () => {
    const groups = edgeTemplate.findResources('AWS::Logs::LogGroup');
    const [groupId, group] = Object.entries(groups)[0]!;
    expect(group.Properties).toMatchObject({ LogGroupName: 'aws-waf-logs-FitTrack-Edge', RetentionInDays: 90 });
    expect(group.DeletionPolicy).toBe('Retain');
    const logging = Object.values(edgeTemplate.findResources('AWS::WAFv2::LoggingConfiguration'))[0]!;
    expect(logging.Properties.ResourceArn).toEqual({ 'Fn::GetAtt': [edge!.getLogicalId(edge!.webAcl.webAcl), 'Arn'] });
    // the log group's ARN without CloudFormation's ":*" (WAF refuses it)
    const dest = JSON.stringify(logging.Properties.LogDestinationConfigs);
    expect(dest).toContain(':log-group:aws-waf-logs-FitTrack-Edge');
    expect(dest).not.toContain(':*');
    expect(logging.DependsOn).toContain(groupId);
    expect(logging.Properties.RedactedFields).toEqual([{ SingleHeader: { Name: 'cookie' } }, { SingleHeader: { Name: 'authorization' } }]);
    expect(logging.Properties.LoggingFilter).toEqual({
      DefaultBehavior: 'DROP',
      Filters: [{ Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }] }],
    });
  });

  it('reserved concurrency per function from the model; together they leave the account its unreserved minimum', () => {
    for (const d of Object.keys(functionEntries) as Domain[]) {
      expect(resources[id(stack.functions.byDomain[d])]!.Properties.ReservedConcurrentExecutions, d).toBe(limits.reservedConcurrency[d]);
    }
    const sum = Object.values(limits.reservedConcurrency).reduce((a, b) => a + b, 0);
    expect(sum).toBeLessThanOrEqual(DEPLOY_PROPS.quotas.lambdaConcurrency - UNRESERVED_MINIMUM);
    // the busiest domain cannot take the others' share: tracking's reservation is its ceiling too
    expect(limits.reservedConcurrency.tracking).toBeGreaterThan(limits.reservedConcurrency.catalog);
  });

  it("the table's and the index's on-demand maximum throughput", () => {
    const t = Object.values(template.findResources('AWS::DynamoDB::GlobalTable'))[0]!.Properties as {
      WriteOnDemandThroughputSettings?: { MaxWriteRequestUnits: number };
      Replicas: { ReadOnDemandThroughputSettings?: { MaxReadRequestUnits: number } }[];
      GlobalSecondaryIndexes: { IndexName: string; WriteOnDemandThroughputSettings?: { MaxWriteRequestUnits: number } }[];
    };
    expect(JSON.stringify(t)).toContain(`"MaxWriteRequestUnits":${limits.table.maxWrite}`);
    expect(JSON.stringify(t)).toContain(`"MaxReadRequestUnits":${limits.table.maxRead}`);
    expect(JSON.stringify(t.GlobalSecondaryIndexes)).toContain(`"MaxWriteRequestUnits":${limits.indexes.gsi1!.maxWrite}`);
    expect(limits.table.maxWrite).toBeGreaterThan(0);
  });

  it('an AWS Budgets cost budget that emails the alarm address at 80 % spent and 100 % forecast', () => {
    const b = Object.values(template.findResources('AWS::Budgets::Budget'))[0]!.Properties;
    expect(b.Budget).toMatchObject({ BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 1000, Unit: 'USD' } });
    expect(b.NotificationsWithSubscribers).toEqual([
      { Notification: { NotificationType: 'ACTUAL', ComparisonOperator: 'GREATER_THAN', Threshold: 80, ThresholdType: 'PERCENTAGE' }, Subscribers: [{ SubscriptionType: 'EMAIL', Address: 'ops@example.com' }] },
      { Notification: { NotificationType: 'FORECASTED', ComparisonOperator: 'GREATER_THAN', Threshold: 100, ThresholdType: 'PERCENTAGE' }, Subscribers: [{ SubscriptionType: 'EMAIL', Address: 'ops@example.com' }] },
    ]);
  });

  it('the alarm topic has the email subscriber', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
  });
});
