import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '@fittrack/functions/lib/origin-secret';
import { Construct } from 'constructs';

/**
 * The shared secret that proves a request to the HTTP API came through CloudFront
 * (docs/decisions/0008-origin-secret-and-waf.md). Secrets Manager generates the value when the stack
 * is created; CloudFront sends it as an origin custom header and the functions compare it (constant
 * time) before anything else. Both receive it through a CloudFormation dynamic reference
 * (`{{resolve:secretsmanager:...}}`), so the value never appears in the synthesised template, in git
 * or in the CloudFormation console; it does appear, as it must, in the distribution's origin
 * configuration and in the functions' environment, readable by whoever may read those.
 */
export class OriginVerify extends Construct {
  readonly secret: secretsmanager.Secret;
  /** Header CloudFront adds to API requests. */
  readonly headerName = ORIGIN_VERIFY_HEADER;
  /** Environment variable of the functions that holds the expected value. */
  readonly envName = ORIGIN_VERIFY_ENV;
  /** The value as a dynamic reference, resolved by CloudFormation at deploy time. */
  readonly headerValue: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      description: `FitTrack: value of the ${ORIGIN_VERIFY_HEADER} header CloudFront adds to API requests (checked by the functions)`,
      // Header-safe characters only (letters and digits): 64 of them, about 380 bits.
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      // Nothing depends on the value outside this stack: a re-created stack generates a new one.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // A dynamic reference, not the value: what unsafeUnwrap hands over is `{{resolve:...}}`.
    this.headerValue = this.secret.secretValue.unsafeUnwrap();

    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The origin-verify value is resolved by CloudFormation into the CloudFront origin and the Lambda environment at deploy ' +
        'time, so a rotation Lambda cannot reach them; it is rotated by replacing the secret and deploying (docs/decisions/0008).',
    });
  }
}
