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
} as const;
export type MetricName = (typeof metricNames)[keyof typeof metricNames];

/** Emits `count` of one metric now (one EMF line). Never fails the request: an error is only logged. */
export async function countMetric(name: MetricName, service: string, count = 1): Promise<void> {
  try {
    const { Metrics, MetricUnit } = await import('@aws-lambda-powertools/metrics');
    const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: service });
    metrics.addMetric(name, MetricUnit.Count, count);
    metrics.publishStoredMetrics();
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', msg: 'metric not emitted', metric: name, error: String(err) }));
  }
}
