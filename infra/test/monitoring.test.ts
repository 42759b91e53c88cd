import { describe, expect, it } from 'vitest';
import { functionEntries, routes } from '@fittrack/functions/routes';
import { METRICS_NAMESPACE, metricNames } from '@fittrack/functions/lib/metrics';
import { buildStack } from './helpers';

const { stack, template } = buildStack();
const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties);
const json = (v: unknown) => JSON.stringify(v);

describe('monitoring', () => {
  it('alarms on errors and throttles of every function', () => {
    for (const fn of Object.values(stack.functions.byDomain)) {
      const fnId = stack.getLogicalId(fn.node.defaultChild as never);
      const mine = alarms.filter((a) => a.Namespace === 'AWS/Lambda' && json(a.Dimensions).includes(fnId));
      expect(mine.map((a) => a.MetricName).sort(), fnId).toEqual(['Errors', 'Throttles']);
    }
    expect(Object.keys(functionEntries)).toHaveLength(Object.keys(stack.functions.byDomain).length);
  });

  it('alarms on the API 5xx rate, DynamoDB throttling and Stripe webhook failures', () => {
    const math = alarms.filter((a) => a.Metrics);
    const byExpr = (re: RegExp) => math.find((a) => a.Metrics.some((m: { Expression?: string }) => re.test(m.Expression ?? '')));
    const rate = byExpr(/100 \* errors \/ requests/);
    expect(rate).toBeDefined();
    expect(json(rate!.Metrics)).toContain('"5xx"');
    expect(rate!.Threshold).toBe(5);
    expect(json(byExpr(/reads \+ writes/)!.Metrics)).toContain('WriteThrottleEvents');
    const webhook = byExpr(/c4.*c5.*crashes/)!;
    const route = routes.find((r) => r.domain === 'stripe-webhook')!;
    expect(json(webhook.Metrics)).toContain(`"Value":"${route.path}"`);
  });

  it('alarms on Stripe events of another API version, from the metric the webhook emits (decision 0305)', () => {
    const mismatch = alarms.find((a) => a.MetricName === metricNames.stripeApiVersionMismatch);
    expect(mismatch).toMatchObject({ Namespace: METRICS_NAMESPACE, Dimensions: [{ Name: 'service', Value: 'stripe-webhook' }], Statistic: 'Sum', Threshold: 1 });
    expect(mismatch!.AlarmDescription).toMatch(/API version/);
  });

  it('alarms on PayPal webhook failures: 4xx and 5xx on its route and failed deliveries (its own alarm)', () => {
    const paypal = alarms.find((a) => a.Metrics?.some((m: { Expression?: string }) => /p4.*p5.*failed/.test(m.Expression ?? '')))!;
    expect(paypal).toBeDefined();
    const route = routes.find((r) => r.name === 'post-webhooks-paypal')!;
    const metrics = json(paypal.Metrics);
    expect(metrics).toContain(`"Value":"${route.path}"`);
    expect(metrics).toContain('"4xx"');
    expect(metrics).toContain('"5xx"');
    expect(metrics).toContain(`"MetricName":"${metricNames.webhookEvent}"`);
    expect(metrics).toContain('{"Name":"provider","Value":"paypal"}');
    expect(metrics).toContain('{"Name":"outcome","Value":"failed"}');
    expect(paypal.AlarmDescription).toMatch(/PayPal webhook/);
  });

  it('alarms on failed sign-ins, from the metric the auth function emits (decision 0017)', () => {
    const failed = alarms.find((a) => a.MetricName === metricNames.failedSignIn);
    expect(failed).toMatchObject({ Namespace: METRICS_NAMESPACE, Dimensions: [{ Name: 'service', Value: 'auth' }], Statistic: 'Sum', Period: 300 });
    expect(failed!.Threshold).toBeGreaterThan(0);
  });

  it('shows the business metrics and the API answers per route on the dashboard (issue 17 point 6)', () => {
    const body = json(Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0]!.Properties.DashboardBody);
    for (const name of [metricNames.signUp, metricNames.signIn, metricNames.failedSignIn, metricNames.webhookEvent, metricNames.payment, metricNames.refund]) expect(body, name).toContain(name);
    expect(body).toMatch(/SEARCH\(.*MetricName=.*4xx/);
    expect(body).toMatch(/SEARCH\(.*MetricName=.*5xx/);
  });

  it('every alarm notifies the alarm topic', () => {
    const topicId = stack.getLogicalId(stack.monitoring.topic.node.defaultChild as never);
    for (const a of alarms) expect(a.AlarmActions).toEqual([{ Ref: topicId }]);
  });

  it('has a dashboard and the outputs operators need', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const outputs = template.toJSON().Outputs;
    for (const o of ['SiteUrl', 'StripeWebhookUrl', 'UserPoolId', 'UserPoolClientId', 'TableName']) expect(outputs[o], o).toBeDefined();
    expect(json(outputs.StripeWebhookUrl.Value)).toContain('/webhooks/stripe');
    expect(outputs.TableName.Value).toEqual({ Ref: 'FitTrackTable' });
  });
});
