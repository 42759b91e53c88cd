import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AppStack } from '../lib/app-stack';

/**
 * The CDK app (`npm run synth`, `npx cdk deploy`). Deployment settings come from CDK context
 * (`-c key=value` or cdk.context.json), never from environment variables inside constructs:
 *   paymentMode=sandbox|live, stripePublishableKey, paypalClientId, paypalWebhookId, paypalEnvironment=sandbox|live
 *   (PayPal's sandbox for a test stack; live by default), stripePriceMonthly, stripePriceYearly,
 *   domainName + certificateArn (ACM in us-east-1), alarmEmail (required), stackName (default FitTrack),
 *   monthlyUsers (the limits' size, default 10M; infra/lib/capacity-limits.ts), lambdaConcurrencyQuota,
 *   tableReadQuota, tableWriteQuota, apiRequestsQuota (the account's quotas when raised), monthlyBudgetUsd (default 1000),
 *   authRateLimit (WAF: POSTs per IP in 5 min on /api/auth/, default 100), webAclArn (an existing
 *   CloudFront web ACL instead of FitTrack's own).
 * Outside us-east-1 the app has a second stack, `<stackName>-Edge` in us-east-1, with the CloudFront
 * web ACL (AppStack adds it; `npm run deploy` deploys both, the edge stack first).
 * cdk-nag (AwsSolutions) runs as a policy-validation plugin: any unacknowledged finding fails synth.
 */
const app = new App();
const ctx = (key: string): string | undefined => {
  const v: unknown = app.node.tryGetContext(key);
  return typeof v === 'string' && v.length > 0 ? v : undefined;
};
// Live by default: a deployed sandbox would sell premium for the test card 4242 4242 4242 4242.
// Until the secrets are filled, live payments answer 503 (nobody pays, nobody gets premium free).
// A staging stack may opt into the sandbox explicitly with -c paymentMode=sandbox.
const paymentMode = ctx('paymentMode') ?? 'live';
if (paymentMode !== 'sandbox' && paymentMode !== 'live') throw new Error(`paymentMode must be sandbox or live, got ${paymentMode}`);
// The PayPal the credentials belong to: live unless a test stack says sandbox (PayPal's own test accounts).
const paypalEnvironment = ctx('paypalEnvironment') ?? 'live';
if (paypalEnvironment !== 'sandbox' && paypalEnvironment !== 'live') throw new Error(`paypalEnvironment must be sandbox or live, got ${paypalEnvironment}`);
const authRateLimit = ctx('authRateLimit') === undefined ? undefined : Number(ctx('authRateLimit'));
if (authRateLimit !== undefined && !(Number.isInteger(authRateLimit) && authRateLimit >= 10)) {
  throw new Error(`authRateLimit must be a whole number of at least 10 (the WAF minimum), got ${ctx('authRateLimit')}`);
}

const wholeNumber = (key: string): number | undefined => {
  const v = ctx(key);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${key} must be a positive whole number, got ${v}`);
  return n;
};

new AppStack(app, ctx('stackName') ?? 'FitTrack', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  description: 'FitTrack: subscription fitness tracker (CloudFront + WAF, S3, HTTP API, Lambda, DynamoDB, Cognito)',
  paymentMode,
  stripePublishableKey: ctx('stripePublishableKey'),
  paypalClientId: ctx('paypalClientId'),
  paypalWebhookId: ctx('paypalWebhookId'),
  paypalEnvironment,
  stripePriceMonthly: ctx('stripePriceMonthly'),
  stripePriceYearly: ctx('stripePriceYearly'),
  domainName: ctx('domainName'),
  certificateArn: ctx('certificateArn'),
  alarmEmail: ctx('alarmEmail'),
  monthlyUsers: wholeNumber('monthlyUsers'),
  quotas: { lambdaConcurrency: wholeNumber('lambdaConcurrencyQuota'), tableReadUnits: wholeNumber('tableReadQuota'), tableWriteUnits: wholeNumber('tableWriteQuota'), apiRequestsPerSecond: wholeNumber('apiRequestsQuota') },
  monthlyBudgetUsd: wholeNumber('monthlyBudgetUsd'),
  authRateLimit,
  webAclArn: ctx('webAclArn'),
});

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
