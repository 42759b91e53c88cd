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
  jwtIssuer: string;
  jwksUri: string;
  allowedOrigins: string[];
  productName: string;
  paymentMode: 'sandbox' | 'live';
  stripePublishableKey: string | null;
  paypalClientId: string | null;
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
    jwtIssuer,
    jwksUri: e.JWKS_URI ?? `${jwtIssuer}/.well-known/jwks.json`,
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    productName: e.PRODUCT_NAME ?? 'FitTrack',
    paymentMode: e.PAYMENT_MODE === 'live' ? 'live' : 'sandbox',
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY || null,
    paypalClientId: e.PAYPAL_CLIENT_ID || null,
  };
  return cached;
}

/** For tests that change the environment between cases. */
export function resetEnvCache(): void {
  cached = undefined;
}
