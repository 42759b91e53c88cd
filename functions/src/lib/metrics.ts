import { log } from './log';
/**
 * Business metrics as CloudWatch embedded metric format (AWS Lambda Powertools Metrics), namespace
 * `FitTrack`, dimension `service`. The library is imported on first use, so a function or a request
 * that emits nothing does not load it (issue 19's cold-import budget). The stack's alarms read these
 * names (infra/lib/constructs/monitoring.ts); the local stack disables them
 * (`POWERTOOLS_METRICS_DISABLED`), a test enables them and reads the console.
 */
export const METRICS_NAMESPACE = 'FitTrack';
export const metricNames = {
  /** a sign-in refused by Cognito (wrong password or unknown user) or by the limits (decision 0017) */
  failedSignIn: 'FailedSignIn',
  /** a new account */
  signUp: 'SignUp',
  /** a session started by a sign-in */
  signIn: 'SignIn',
  /** a payment webhook delivery, dimension `provider` and `outcome` (applied, duplicate-event, stale, ignored, reversed, recorded, failed) */
  webhookEvent: 'WebhookEvent',
  /** a Stripe webhook event of another API version than the SDK pins (the endpoint must be recreated; alarmed) */
  stripeApiVersionMismatch: 'StripeApiVersionMismatch',
  /** a payment recorded for the first time (it bought a period), dimension `provider` and `plan` */
  payment: 'Payment',
  /** money gone back on a payment (the period it bought ended), dimension `provider` and `kind` (refund, dispute) */
  refund: 'Refund',
} as const;
export type MetricName = (typeof metricNames)[keyof typeof metricNames];

/** The function's own name for its metrics (`POWERTOOLS_SERVICE_NAME`, set per function by the stack). */
export const serviceName = (fallback: string): string => process.env.POWERTOOLS_SERVICE_NAME || fallback;

/**
 * Emits `count` of one metric now (one EMF line), with the `service` dimension and any others
 * (kept few and low-cardinality: never an id). Never fails the request: an error is only logged.
 */
export async function countMetric(name: MetricName, service: string, count = 1, dimensions: Record<string, string> = {}): Promise<void> {
  try {
    const { Metrics, MetricUnit } = await import('@aws-lambda-powertools/metrics');
    const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: service });
    for (const [k, v] of Object.entries(dimensions)) metrics.addDimension(k, v);
    metrics.addMetric(name, MetricUnit.Count, count);
    metrics.publishStoredMetrics();
  } catch (err) {
    log.error('metric not emitted', { metric: name, error: String(err) });
  }
}
