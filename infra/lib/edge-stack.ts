import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { type Construct } from 'constructs';
import { WAF_CLOUDFRONT_REGION, WebAcl, type WebAclProps } from './constructs/waf';

export interface EdgeStackProps extends StackProps, WebAclProps {}

/**
 * The parts of FitTrack that AWS only accepts in us-east-1: today the CloudFront web ACL.
 * `createFitTrack` adds this stack when the app's stack lives in another region; the app stack
 * reads the ARN through a cross-region reference (`Fn::GetStackOutput`, the weak references of
 * cdk.json's `@aws-cdk/core:defaultCrossStackReferences`), so there is no custom resource.
 */
export class EdgeStack extends Stack {
  readonly webAcl: WebAcl;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    if (this.region !== WAF_CLOUDFRONT_REGION) throw new Error(`EdgeStack must be deployed to ${WAF_CLOUDFRONT_REGION}, got ${this.region}`);
    this.webAcl = new WebAcl(this, 'WebAcl', props);
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.arn, description: 'The web ACL of the FitTrack distribution' });
  }
}
