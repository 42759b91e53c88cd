/**
 * Runtime configuration, read from the environment once per cold start.
 * Locally the gateway sets the same variables to point at DynamoDB Local and
 * cognito-local; nothing else in functions/ knows where it runs.
 * Every variable is documented in .env.example.
 */
export interface Env {
  tableName: string;
  region: string;
  dynamoEndpoint: string | undefined;
  cognitoEndpoint: string | undefined;
  userPoolId: string;
  userPoolClientId: string;
  /** The app client's secret: plain locally, a Secrets Manager ARN in AWS (read by lib/cognito.ts). */
  cognitoClientSecret: string | null;
  cognitoClientSecretArn: string | null;
  jwtIssuer: string;
  jwksUri: string;
  allowedOrigins: string[];
  productName: string;
  paymentMode: 'sandbox' | 'live';
  stripePublishableKey: string | null;
  paypalClientId: string | null;
  /** Payment-provider secrets (billing): plain values locally, Secrets Manager ARNs in AWS (read by billing/secrets.ts). */
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  stripeSecretKeyArn: string | null;
  stripeWebhookSecretArn: string | null;
  paypalClientSecret: string | null;
  paypalCredentialsArn: string | null;
  /** Stripe price ids of the two plans (their amounts must match billing/prices.ts). */
  stripePriceMonthly: string | null;
  stripePriceYearly: string | null;
  /** The id of the PayPal webhook (developer dashboard): PayPal's signature check of /webhooks/paypal needs it. */
  paypalWebhookId: string | null;
  /** PayPal REST environment of the credentials. */
  paypalEnvironment: 'production' | 'sandbox';
  /** Tests only: send Stripe / PayPal API calls to a local stub with recorded answers. */
  stripeApiBase: string | null;
  paypalApiBase: string | null;
  /**
   * Value of the x-origin-verify header CloudFront adds to every API request (lib/origin-secret.ts);
   * set by the stack, null locally (no check).
   */
  originVerifySecret: string | null;
}

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const e = process.env;
  const region = e.AWS_REGION ?? e.AWS_DEFAULT_REGION ?? 'us-east-1';
  const userPoolId = e.USER_POOL_ID ?? '';
  const jwtIssuer = e.JWT_ISSUER ?? `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  cached = {
    tableName: e.TABLE_NAME ?? 'fittrack',
    region,
    dynamoEndpoint: e.DYNAMODB_ENDPOINT || undefined,
    cognitoEndpoint: e.COGNITO_ENDPOINT || undefined,
    userPoolId,
    userPoolClientId: e.USER_POOL_CLIENT_ID ?? '',
    cognitoClientSecret: e.COGNITO_CLIENT_SECRET || null,
    cognitoClientSecretArn: e.COGNITO_CLIENT_SECRET_ARN || null,
    jwtIssuer,
    jwksUri: e.JWKS_URI ?? `${jwtIssuer}/.well-known/jwks.json`,
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    productName: e.PRODUCT_NAME ?? 'FitTrack',
    // Live when the operator says so (AWS: the keys are in Secrets Manager) or when provider keys
    // are configured in the environment; sandbox (the local default) only without any keys.
    paymentMode: e.PAYMENT_MODE === 'live' || !!e.STRIPE_SECRET_KEY || !!e.PAYPAL_CLIENT_SECRET ? 'live' : 'sandbox',
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY || null,
    paypalClientId: e.PAYPAL_CLIENT_ID || null,
    stripeSecretKey: e.STRIPE_SECRET_KEY || null,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET || null,
    stripeSecretKeyArn: e.STRIPE_SECRET_KEY_ARN || null,
    stripeWebhookSecretArn: e.STRIPE_WEBHOOK_SECRET_ARN || null,
    paypalClientSecret: e.PAYPAL_CLIENT_SECRET || null,
    paypalCredentialsArn: e.PAYPAL_CREDENTIALS_ARN || null,
    stripePriceMonthly: e.STRIPE_PRICE_MONTHLY || null,
    stripePriceYearly: e.STRIPE_PRICE_YEARLY || null,
    paypalWebhookId: e.PAYPAL_WEBHOOK_ID || null,
    paypalEnvironment: e.PAYPAL_ENVIRONMENT === 'sandbox' ? 'sandbox' : 'production',
    stripeApiBase: e.STRIPE_API_BASE || null,
    paypalApiBase: e.PAYPAL_API_BASE || null,
    originVerifySecret: e.ORIGIN_VERIFY_SECRET || null,
  };
  return cached;
}

/** For tests that change the environment between cases. */
export function resetEnvCache(): void {
  cached = undefined;
}
