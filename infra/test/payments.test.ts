import { describe, expect, it } from 'vitest';
import { SECRET_PLACEHOLDER } from '../lib/constructs/payments';
import { buildStack } from './helpers';

const { stack, template } = buildStack();

describe('payments: provider secrets', () => {
  it('creates the three secrets with a placeholder only, retained on stack deletion', () => {
    const paymentIds = [stack.payments.stripeSecretKey, stack.payments.stripeWebhookSecret, stack.payments.paypalCredentials].map((s) =>
      stack.getLogicalId(s.node.defaultChild as never),
    );
    const all = Object.entries(template.findResources('AWS::SecretsManager::Secret'));
    // the others are the generated origin-verify secret (edge.test.ts) and the Cognito client secret (auth.test.ts)
    const others = [stack.originVerify.secret, stack.auth.clientSecret].map((s) => stack.getLogicalId(s.node.defaultChild as never));
    expect(all.map(([id]) => id).sort()).toEqual([...paymentIds, ...others].sort());
    const secrets = all.filter(([id]) => paymentIds.includes(id));
    expect(secrets).toHaveLength(3);
    for (const [, s] of secrets) {
      expect(s.Properties.SecretString).toContain(SECRET_PLACEHOLDER);
      expect(s.Properties.SecretString).not.toMatch(/sk_|whsec_/);
      expect(s.Properties.GenerateSecretString).toBeUndefined();
      expect(s.DeletionPolicy).toBe('Retain');
    }
    const paypal = secrets.find(([id]) => id === stack.getLogicalId(stack.payments.paypalCredentials.node.defaultChild as never))!;
    expect(Object.keys(JSON.parse(paypal[1].Properties.SecretString))).toEqual(['clientId', 'clientSecret']);
  });

  it('publishes the secret ARNs for the operator and passes the public payment settings', () => {
    const outputs = template.toJSON().Outputs;
    for (const o of ['StripeSecretKeyArn', 'StripeWebhookSecretArn', 'PayPalCredentialsArn']) expect(outputs[o], o).toBeDefined();
    const live = buildStack({ paymentMode: 'live', stripePublishableKey: 'pk_live_x', paypalClientId: 'paypal-id' });
    const env = Object.values(live.template.findResources('AWS::Lambda::Function'))
      .map((f) => f.Properties.Environment?.Variables)
      .filter(Boolean);
    expect(env.length).toBeGreaterThanOrEqual(7);
    const sandbox = buildStack({ paymentMode: 'sandbox' });
    const sandboxModes = Object.values(sandbox.template.findResources('AWS::Lambda::Function')).map((f) => f.Properties.Environment?.Variables?.PAYMENT_MODE).filter(Boolean);
    expect(new Set(sandboxModes)).toEqual(new Set(['sandbox'])); // only when a stack asks for it
    for (const e of env.filter((x) => x.PAYMENT_MODE)) {
      expect(e).toMatchObject({ PAYMENT_MODE: 'live', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', PAYPAL_CLIENT_ID: 'paypal-id' });
    }
  });
});
