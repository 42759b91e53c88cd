import { Duration } from 'aws-cdk-lib';
import * as cw from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subs from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, metricNames } from '@fittrack/functions/lib/metrics';

export interface MonitoringProps {
  readonly dashboardName: string;
  readonly apiId: string;
  readonly apiStageName: string;
  /** Domain → function. */
  readonly functions: Readonly<Record<string, lambda.IFunction>>;
  /** The table's stream consumer (log-digest): alarmed when it falls behind. */
  readonly streamConsumer?: lambda.IFunction;
  readonly tableName: string;
  /** The webhook route ("POST /webhooks/stripe"); its stage must have detailed metrics on. */
  readonly webhookRoute: { readonly method: string; readonly path: string };
  readonly webhookFunction: lambda.IFunction;
  /** The PayPal webhook route ("POST /webhooks/paypal", served by the billing function). */
  readonly paypalWebhookRoute: { readonly method: string; readonly path: string };
  /** Percentage of 5xx over 5 minutes that raises the API alarm. Default 5. */
  readonly api5xxRatePercent?: number;
  /** Failed sign-ins in 5 minutes that raise the alarm. Default 300. */
  readonly failedSignInsPerFiveMinutes?: number;
  /** Optional e-mail subscribed to the alarm topic. */
  readonly alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);

/**
 * Dashboard and alarms: API 5xx rate, errors and throttles of every function, DynamoDB
 * throttling, Stripe webhook failures (any non-2xx answer to Stripe, or a crash), Stripe events of
 * another API version, and PayPal webhook failures.
 * Alarms notify one SNS topic that operators subscribe to.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly dashboard: cw.Dashboard;
  readonly alarms: cw.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'AlarmTopic', { displayName: 'FitTrack alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new subs.EmailSubscription(props.alarmEmail));
    const action = new cwActions.SnsAction(this.topic);
    const alarm = (aid: string, p: Omit<cw.AlarmProps, 'evaluationPeriods'>) => {
      const a = new cw.Alarm(this, aid, {
        treatMissingData: cw.TreatMissingData.NOT_BREACHING,
        evaluationPeriods: 1,
        ...p,
      });
      a.addAlarmAction(action);
      a.addOkAction(action);
      this.alarms.push(a);
      return a;
    };

    // API: 5xx rate (percentage of requests), from the stage metrics.
    const apiMetric = (metricName: string, extra: Record<string, string> = {}) =>
      new cw.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: props.apiId, Stage: props.apiStageName, ...extra },
        statistic: cw.Stats.SUM,
        period: FIVE_MINUTES,
      });
    const api5xxRate = new cw.MathExpression({
      label: 'API 5xx rate (%)',
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { errors: apiMetric('5xx'), requests: apiMetric('Count') },
      period: FIVE_MINUTES,
    });
    alarm('Api5xxRate', {
      metric: api5xxRate,
      alarmDescription: 'More than the allowed share of API requests failed with 5xx in 5 minutes',
      threshold: props.api5xxRatePercent ?? 5,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    // Every function: errors and throttles.
    for (const [domain, fn] of Object.entries(props.functions)) {
      alarm(`${domain}-Errors`, {
        metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: cw.Stats.SUM }),
        alarmDescription: `The ${domain} function threw (unhandled errors or timeouts)`,
        threshold: 1,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
      alarm(`${domain}-Throttles`, {
        metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: cw.Stats.SUM }),
        alarmDescription: `The ${domain} function was throttled (account concurrency exhausted)`,
        threshold: 1,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
    }

    // The newest-events consumer falling behind the table's stream (decision 0023): the admin's list lags.
    if (props.streamConsumer) {
      alarm('LogDigestIteratorAge', {
        metric: props.streamConsumer.metric('IteratorAge', { period: FIVE_MINUTES, statistic: cw.Stats.MAXIMUM }),
        alarmDescription: 'The newest-events consumer is more than a minute behind the table stream',
        threshold: 60_000,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
      });
    }

    // DynamoDB throttling (on-demand tables still throttle above their scaling rate).
    const ddb = (metricName: string) =>
      new cw.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: props.tableName },
        statistic: cw.Stats.SUM,
        period: FIVE_MINUTES,
      });
    const ddbThrottles = new cw.MathExpression({
      label: 'DynamoDB throttled requests',
      expression: 'reads + writes',
      usingMetrics: { reads: ddb('ReadThrottleEvents'), writes: ddb('WriteThrottleEvents') },
      period: FIVE_MINUTES,
    });
    alarm('DynamoDbThrottles', {
      metric: ddbThrottles,
      alarmDescription: 'DynamoDB throttled reads or writes on the FitTrack table',
      threshold: 1,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    });

    // Stripe webhook: any 4xx (bad signature: wrong webhook secret or forged calls) or 5xx on the
    // route, or a crash of the function. Stripe retries, so each one is worth a look.
    const route = { Method: props.webhookRoute.method, Resource: props.webhookRoute.path };
    const webhookFailures = new cw.MathExpression({
      label: 'Stripe webhook failures',
      expression: 'FILL(c4, 0) + FILL(c5, 0) + FILL(crashes, 0)',
      usingMetrics: {
        c4: apiMetric('4xx', route),
        c5: apiMetric('5xx', route),
        crashes: props.webhookFunction.metricErrors({ period: FIVE_MINUTES, statistic: cw.Stats.SUM }),
      },
      period: FIVE_MINUTES,
    });
    alarm('StripeWebhookFailures', {
      metric: webhookFailures,
      alarmDescription: 'The Stripe webhook answered non-2xx or crashed: check the webhook secret and the webhook logs',
      threshold: 1,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    });

    // Stripe events of another API version than the SDK pins (decision 0305): the endpoint was
    // created with the wrong version; each such event is handled from a re-fetched object, but the
    // endpoint must be recreated (README, deploy guide).
    alarm('StripeApiVersionMismatch', {
      metric: new cw.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: metricNames.stripeApiVersionMismatch,
        dimensionsMap: { service: 'stripe-webhook' },
        statistic: cw.Stats.SUM,
        period: FIVE_MINUTES,
      }),
      alarmDescription: 'Stripe sent a webhook event of another API version than the SDK pins: recreate the webhook endpoint with the pinned version (README, deploy guide)',
      threshold: 1,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    });

    // PayPal webhook: its own alarm (it shares the billing function, whose crashes the function
    // alarm already watches): any 4xx (a delivery PayPal's verification refused: wrong webhook id, or
    // forged calls) or 5xx on the route, or a delivery the handler failed (PayPal redelivers it).
    const paypalRoute = { Method: props.paypalWebhookRoute.method, Resource: props.paypalWebhookRoute.path };
    const paypalFailures = new cw.MathExpression({
      label: 'PayPal webhook failures',
      expression: 'FILL(p4, 0) + FILL(p5, 0) + FILL(failed, 0)',
      usingMetrics: {
        p4: apiMetric('4xx', paypalRoute),
        p5: apiMetric('5xx', paypalRoute),
        failed: new cw.Metric({
          namespace: METRICS_NAMESPACE,
          metricName: metricNames.webhookEvent,
          dimensionsMap: { service: 'billing', provider: 'paypal', outcome: 'failed' },
          statistic: cw.Stats.SUM,
          period: FIVE_MINUTES,
        }),
      },
      period: FIVE_MINUTES,
    });
    alarm('PayPalWebhookFailures', {
      metric: paypalFailures,
      alarmDescription: 'The PayPal webhook answered non-2xx or failed a delivery: check PAYPAL_WEBHOOK_ID (-c paypalWebhookId) and the billing logs',
      threshold: 1,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    });

    // Failed sign-ins (wrong passwords and refusals by the limits, decision 0017), from the auth
    // function's embedded metrics (functions/src/lib/metrics.ts). A steady trickle is normal; a
    // burst is an attack on accounts (credential stuffing) that the limits are absorbing.
    const failedSignIns = new cw.Metric({
      namespace: METRICS_NAMESPACE,
      metricName: metricNames.failedSignIn,
      dimensionsMap: { service: 'auth' },
      statistic: cw.Stats.SUM,
      period: FIVE_MINUTES,
    });
    alarm('FailedSignInRate', {
      metric: failedSignIns,
      alarmDescription: 'Unusually many failed sign-ins in 5 minutes: check the admin activity log (Failed Sign-in entries) and the WAF',
      threshold: props.failedSignInsPerFiveMinutes ?? 300,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    });

    const fns = Object.entries(props.functions);
    this.dashboard = new cw.Dashboard(this, 'Dashboard', {
      dashboardName: props.dashboardName,
      defaultInterval: Duration.hours(6),
    });
    this.dashboard.addWidgets(
      new cw.GraphWidget({ title: 'API requests', left: [apiMetric('Count')], width: 8 }),
      new cw.GraphWidget({ title: 'API errors', left: [apiMetric('4xx'), apiMetric('5xx')], right: [api5xxRate], width: 8 }),
      new cw.GraphWidget({
        title: 'API latency p90',
        left: [apiMetric('Latency').with({ statistic: 'p90' }), apiMetric('IntegrationLatency').with({ statistic: 'p90' })],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new cw.GraphWidget({ title: 'Lambda errors', left: fns.map(([d, f]) => f.metricErrors({ label: d, period: FIVE_MINUTES })), width: 8 }),
      new cw.GraphWidget({ title: 'Lambda throttles', left: fns.map(([d, f]) => f.metricThrottles({ label: d, period: FIVE_MINUTES })), width: 8 }),
      new cw.GraphWidget({
        title: 'Lambda duration p90',
        left: fns.map(([d, f]) => f.metricDuration({ label: d, statistic: 'p90', period: FIVE_MINUTES })),
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new cw.GraphWidget({
        title: 'DynamoDB capacity',
        left: [ddb('ConsumedReadCapacityUnits'), ddb('ConsumedWriteCapacityUnits')],
        right: [ddbThrottles],
        width: 12,
      }),
      new cw.GraphWidget({ title: 'Stripe webhook failures', left: [webhookFailures], width: 12 }),
    );
    // Business metrics (functions/src/lib/metrics.ts, embedded metric format) and the API's answers
    // per route (detailed route metrics, enabled for every route by the stack).
    const business = (metricName: string, service: string, label: string) =>
      new cw.Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service }, statistic: cw.Stats.SUM, period: FIVE_MINUTES, label });
    const perRoute = (metricName: '4xx' | '5xx') =>
      new cw.MathExpression({
        label: `${metricName} by route`,
        expression: `SEARCH('{AWS/ApiGateway,ApiId,Method,Resource,Stage} MetricName="${metricName}" ApiId="${props.apiId}"', 'Sum', 300)`,
        usingMetrics: {},
        period: FIVE_MINUTES,
      });
    this.dashboard.addWidgets(
      new cw.GraphWidget({
        title: 'Accounts',
        left: [business(metricNames.signUp, 'auth', 'sign-ups'), business(metricNames.signIn, 'auth', 'sign-ins'), failedSignIns.with({ label: 'failed sign-ins' })],
        width: 12,
      }),
      new cw.GraphWidget({
        title: 'Payment webhooks by outcome',
        left: [
          new cw.MathExpression({
            label: 'webhook events',
            expression: `SEARCH('{${METRICS_NAMESPACE},service,provider,outcome} MetricName="${metricNames.webhookEvent}"', 'Sum', 300)`,
            usingMetrics: {},
            period: FIVE_MINUTES,
          }),
        ],
        width: 12,
      }),
    );
    // Payments and money going back (billing and stripe-webhook emit them), by provider and plan / kind
    const search = (label: string, dims: string, metricName: string) =>
      new cw.MathExpression({ label, expression: `SEARCH('{${METRICS_NAMESPACE},${dims}} MetricName="${metricName}"', 'Sum', 300)`, usingMetrics: {}, period: FIVE_MINUTES });
    this.dashboard.addWidgets(
      new cw.GraphWidget({ title: 'Payments', left: [search('payments', 'service,provider,plan', metricNames.payment)], width: 12 }),
      new cw.GraphWidget({ title: 'Refunds and disputes', left: [search('refunds', 'service,provider,kind', metricNames.refund)], width: 12 }),
    );
    this.dashboard.addWidgets(
      new cw.GraphWidget({ title: 'API 4xx by route', left: [perRoute('4xx')], width: 12 }),
      new cw.GraphWidget({ title: 'API 5xx by route', left: [perRoute('5xx')], width: 12 }),
    );
    this.dashboard.addWidgets(new cw.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24 }));
  }
}
