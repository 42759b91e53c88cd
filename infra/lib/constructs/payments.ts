import { RemovalPolicy, SecretValue, Validations } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/** Placeholder value the operator replaces after the first deploy (see infra/NOTES.md). */
export const SECRET_PLACEHOLDER = 'REPLACE_ME';

/**
 * Payment-provider secrets (DESIGN.md section 7), created with a placeholder value for the
 * operator to fill with `aws secretsmanager put-secret-value`; the values never pass through
 * CloudFormation or the repository. The functions read them once per cold start, and only in
 * PAYMENT_MODE=live. Read access is granted in the stack to billing and the webhook only.
 */
export class Payments extends Construct {
  /** Stripe secret API key (plain string, `sk_live_...`): billing and webhook. */
  readonly stripeSecretKey: secretsmanager.Secret;
  /** Stripe webhook signing secret (plain string, `whsec_...`): webhook only. */
  readonly stripeWebhookSecret: secretsmanager.Secret;
  /** PayPal REST credentials, JSON `{"clientId": "...", "clientSecret": "..."}`: billing only. */
  readonly paypalCredentials: secretsmanager.Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // Names are generated (no clash when a stack is re-created while a retained secret still
    // exists); the stack outputs carry the ARNs the operator needs.
    const secret = (sid: string, description: string, placeholder: string) =>
      new secretsmanager.Secret(this, sid, {
        description,
        // A fixed placeholder, not a secret: the real value is put by the operator out of band.
        secretStringValue: SecretValue.unsafePlainText(placeholder),
        removalPolicy: RemovalPolicy.RETAIN,
      });
    this.stripeSecretKey = secret('StripeSecretKey', 'FitTrack: Stripe secret API key (sk_...)', SECRET_PLACEHOLDER);
    this.stripeWebhookSecret = secret(
      'StripeWebhookSecret',
      'FitTrack: Stripe webhook signing secret (whsec_...) of the /webhooks/stripe endpoint',
      SECRET_PLACEHOLDER,
    );
    this.paypalCredentials = secret(
      'PayPalCredentials',
      'FitTrack: PayPal REST app credentials as JSON {"clientId","clientSecret"}',
      JSON.stringify({ clientId: SECRET_PLACEHOLDER, clientSecret: SECRET_PLACEHOLDER }),
    );

    Validations.of(this).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Third-party API credentials (Stripe, PayPal) can only be rolled in the providers\' dashboards; ' +
        'they are rotated by the operator with put-secret-value, so a rotation Lambda has nothing to call.',
    });
  }
}
