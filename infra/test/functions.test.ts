import { describe, expect, it } from 'vitest';
import { type CfnElement } from 'aws-cdk-lib';
import { functionEntries, type Domain } from '@fittrack/functions/routes';
import { buildStack } from './helpers';

const { stack, template } = buildStack();
/** Raw template resources (JSON; typed as the assertions library types templates). */
const resources = template.toJSON().Resources as Record<string, ReturnType<typeof template.toJSON>>;
const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);
const domains = Object.keys(functionEntries) as Domain[];

const fnProps = (d: Domain) => resources[id(stack.functions.byDomain[d])]!.Properties;
/** Every statement of the policies attached to the domain's role. */
const statements = (d: Domain) => {
  const roleId = id(stack.functions.house[d].role);
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: { Ref: string }) => x.Ref === roleId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown; Condition?: unknown }[]);
};
const actions = (d: Domain) => new Set(statements(d).flatMap((s) => [s.Action].flat()));
const WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

describe('functions: one per domain, house defaults', () => {
  it('creates one function per functionEntries domain', () => {
    expect(Object.keys(stack.functions.byDomain).sort()).toEqual([...domains].sort());
    expect(new Set(domains.map((d) => id(stack.functions.byDomain[d]))).size).toBe(domains.length);
  });

  it.each(domains)('%s: nodejs24.x on arm64, JSON logs into its own log group, no managed policy', (d) => {
    const p = fnProps(d);
    expect(p.Runtime).toBe('nodejs24.x');
    expect(p.Architectures).toEqual(['arm64']);
    expect(p.MemorySize).toBe(d === 'billing' || d === 'stripe-webhook' ? 1024 : 512);
    expect(p.LoggingConfig).toEqual({ LogFormat: 'JSON', LogGroup: { Ref: id(stack.functions.house[d].logGroup) } });
    expect(resources[id(stack.functions.house[d].logGroup)]!.Properties.RetentionInDays).toBeGreaterThan(0);
    expect(resources[id(stack.functions.house[d].logGroup)]!.DeletionPolicy).toBe('Retain'); // audit logs outlive the stack
    const role = resources[id(stack.functions.house[d].role)]!.Properties;
    expect(role.ManagedPolicyArns).toBeUndefined();
    expect(p.Description).toContain(functionEntries[d]);
  });

  it.each(domains)('%s: environment comes from the other constructs', (d) => {
    const env = fnProps(d).Environment.Variables;
    expect(env.TABLE_NAME).toEqual({ Ref: 'FitTrackTable' });
    expect(env.USER_POOL_ID).toEqual({ Ref: id(stack.auth.userPool) });
    expect(env.USER_POOL_CLIENT_ID).toEqual({ Ref: id(stack.auth.userPoolClient) });
    const issuer = stack.resolve(stack.auth.jwtIssuer);
    expect(env.JWT_ISSUER).toEqual(issuer);
    expect(JSON.stringify(env.JWT_ISSUER)).toContain('https://cognito-idp.');
    expect(JSON.stringify(env.JWKS_URI)).toContain('/.well-known/jwks.json');
    expect(env.PAYMENT_MODE).toBe('live'); // safe default: never the sandbox unless asked for
    expect(JSON.stringify(env.ALLOWED_ORIGINS)).toContain(id(stack.site.distribution));
    // payment secrets only for the payment functions; the Cognito client secret for every function with sessions
    const paymentSecretEnv = Object.keys(env).some((k) => k.endsWith('_ARN') && k !== 'COGNITO_CLIENT_SECRET_ARN');
    expect(paymentSecretEnv).toBe(d === 'billing' || d === 'stripe-webhook');
    expect(env.COGNITO_CLIENT_SECRET_ARN).toEqual({ Ref: id(stack.auth.clientSecret) });
  });

  it('live payments: publishable keys reach every function (GET /api/config), price ids only the payment functions', () => {
    const live = buildStack({ paymentMode: 'live', stripePublishableKey: 'pk_live_1', paypalClientId: 'pp_1', stripePriceMonthly: 'price_m', stripePriceYearly: 'price_y' });
    const json = live.template.toJSON().Resources as Record<string, ReturnType<typeof live.template.toJSON>>;
    for (const d of domains) {
      const fnId = live.stack.getLogicalId(live.stack.functions.byDomain[d].node.defaultChild as CfnElement);
      const env = json[fnId]!.Properties.Environment.Variables;
      expect(env).toMatchObject({ PAYMENT_MODE: 'live', STRIPE_PUBLISHABLE_KEY: 'pk_live_1', PAYPAL_CLIENT_ID: 'pp_1' });
      const payments = d === 'billing' || d === 'stripe-webhook';
      expect(env.STRIPE_PRICE_MONTHLY, d).toBe(payments ? 'price_m' : undefined);
      expect(env.STRIPE_PRICE_YEARLY, d).toBe(payments ? 'price_y' : undefined);
    }
  });
});

describe('functions: which PayPal (-c paypalEnvironment)', () => {
  const paypalEnv = (built: ReturnType<typeof buildStack>, d: Domain) => {
    const json = built.template.toJSON().Resources as Record<string, ReturnType<typeof built.template.toJSON>>;
    return json[built.stack.getLogicalId(built.stack.functions.byDomain[d].node.defaultChild as CfnElement)]!.Properties.Environment.Variables.PAYPAL_ENVIRONMENT;
  };

  it('is PayPal live (production) by default, for every function (the SDK in billing, the CSP of every answer)', () => {
    for (const d of domains) expect(fnProps(d).Environment.Variables.PAYPAL_ENVIRONMENT, d).toBe('production');
  });

  it("reaches every function as PAYPAL_ENVIRONMENT=sandbox when the stack is deployed with PayPal's sandbox", () => {
    const sandboxPaypal = buildStack({ paypalEnvironment: 'sandbox' });
    for (const d of domains) expect(paypalEnv(sandboxPaypal, d), d).toBe('sandbox');
    expect(paypalEnv(buildStack({ paypalEnvironment: 'live' }), 'billing')).toBe('production');
  });
});

describe('functions: least privilege', () => {
  it('never grants Scan, table-wide wildcards or dynamodb:*', () => {
    for (const d of domains) {
      const a = actions(d);
      expect([...a].filter((x) => /dynamodb:(Scan|\*)|^\*$/.test(x)), d).toEqual([]);
      for (const s of statements(d)) expect(JSON.stringify(s.Resource), d).not.toMatch(/index\/\*|"\*"/);
    }
  });

  it('catalog is read-only on the table', () => {
    const a = actions('catalog');
    expect(a.has('dynamodb:Query')).toBe(true);
    expect(WRITES.filter((w) => a.has(w))).toEqual([]);
  });

  it('only feedback (the admin list) and billing (the payments of a month, decision 0306; the log entries of an account being deleted, decision 0021) query the GSI (the admin reads the newest events from one item, decision 0023)', () => {
    for (const d of domains) {
      const usesIndex = statements(d).some((s) => JSON.stringify(s.Resource).includes('/index/gsi1'));
      expect(usesIndex, d).toBe(d === 'feedback' || d === 'billing');
    }
    const billingIndex = statements('billing').filter((s) => JSON.stringify(s.Resource).includes('/index/gsi1'));
    expect(billingIndex.map((s) => s.Condition)).toEqual([{ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['PAYMENTS#*', 'LOGUSER#*'] } }]);
  });

  it('the webhook touches only its own items (LeadingKeys) and never deletes', () => {
    const ddb = statements('stripe-webhook').filter((s) => [s.Action].flat().some((a) => a.startsWith('dynamodb:')));
    expect(ddb.length).toBeGreaterThan(0);
    for (const s of ddb) {
      expect(s.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': expect.arrayContaining(['STRIPE_EVENT#*']) } });
    }
    expect(actions('stripe-webhook').has('dynamodb:DeleteItem')).toBe(false);
  });

  it('payment secrets are readable by billing and the webhook only; the webhook secret by the webhook only', () => {
    const readers = (secretId: string) =>
      domains.filter((d) => statements(d).some((s) => JSON.stringify(s.Resource).includes(`"${secretId}"`)));
    expect(readers(id(stack.payments.stripeSecretKey))).toEqual(['billing', 'stripe-webhook']);
    expect(readers(id(stack.payments.paypalCredentials))).toEqual(['billing']);
    expect(readers(id(stack.payments.stripeWebhookSecret))).toEqual(['stripe-webhook']);
  });

  it('Cognito admin actions: every session function may refresh and check an admin token against the pool; auth creates users and answers the MFA challenge; admin manages the system-test user; billing deletes an account; the webhook none', () => {
    const cognito = (d: Domain) => [...actions(d)].filter((a) => a.startsWith('cognito-idp:')).sort();
    // lib/admin-gate.ts (decision 0018): the group and the authenticator are read live on admin and subscriber routes
    const everySession = ['cognito-idp:AdminGetUser', 'cognito-idp:AdminInitiateAuth', 'cognito-idp:AdminListGroupsForUser'];
    expect(cognito('auth')).toEqual([...everySession, 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminRespondToAuthChallenge', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminUpdateUserAttributes'].sort());
    expect(cognito('admin')).toEqual([...everySession, 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminSetUserPassword'].sort());
    // billing: account deletion removes the Cognito user after cancelling the Stripe subscription (decision 0021)
    expect(cognito('billing')).toEqual([...everySession, 'cognito-idp:AdminDeleteUser'].sort());
    for (const d of domains.filter((x) => x !== 'auth' && x !== 'admin' && x !== 'billing' && x !== 'stripe-webhook')) expect(cognito(d), d).toEqual(everySession);
    expect(cognito('stripe-webhook')).toEqual([]);
  });
});
