import { resetEnvCache } from '../src/lib/env';

/** The environment every unit test runs with (no endpoints: AWS calls are mocked). */
export const TEST_ENV = {
  AWS_REGION: 'eu-central-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  TABLE_NAME: 'fittrack-test',
  USER_POOL_ID: 'eu-central-1_TestPool1',
  USER_POOL_CLIENT_ID: 'test-client-id',
  COGNITO_CLIENT_SECRET: 'test-client-secret',
  JWT_ISSUER: 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_TestPool1',
  JWKS_URI: 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_TestPool1/.well-known/jwks.json',
  ALLOWED_ORIGINS: 'http://localhost:3000',
  PRODUCT_NAME: 'FitTrack',
  PAYMENT_MODE: 'sandbox',
  DYNAMODB_ENDPOINT: '',
  COGNITO_ENDPOINT: '',
  STRIPE_PUBLISHABLE_KEY: '',
  PAYPAL_CLIENT_ID: '',
} as const;

/**
 * Sets the test environment (plus overrides; `undefined` removes a variable) and drops the
 * cached `getEnv()` result. Call it before the first request of a test file.
 */
export function setTestEnv(overrides: Record<string, string | undefined> = {}): void {
  setEnv({ ...TEST_ENV, ...overrides });
}

/** Sets `vars` for a test file; the answer puts the previous values back. Both drop the cached `getEnv()`. */
export function overrideEnv(vars: Record<string, string>): () => void {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  setEnv(vars);
  return () => setEnv(saved);
}

function setEnv(vars: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}
