import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { type IConstruct } from 'constructs';
import { AppStack, PLACEHOLDER_SITE_DIR, REPO_ROOT, type AppStackProps } from '../lib/app-stack';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The feature flags of cdk.json, so tests synthesise what `cdk synth` synthesises. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  return cdkJson.context;
}

export const TEST_ENV = { account: '123456789012', region: 'eu-west-1' };

/**
 * What a deploy for the default 10M monthly users passes (README "Deploy"): somebody for the
 * alarms, and the account's quotas raised to what the limits need (capacity-limits.ts).
 */
export const DEPLOY_PROPS = {
  alarmEmail: 'ops@example.com',
  quotas: { lambdaConcurrency: 3000, tableReadUnits: 60_000, tableWriteUnits: 50_000, apiRequestsPerSecond: 15_000 },
} satisfies Partial<AppStackProps>;

/** The stack with stub Lambda code (no bundling) and the placeholder site content. */
export function buildStack(props: Partial<AppStackProps> = {}) {
  const app = new App({ context: cdkJsonContext() });
  const stack = new AppStack(app, 'FitTrack', {
    env: TEST_ENV,
    ...DEPLOY_PROPS,
    stubFunctionCode: lambda.Code.fromAsset(path.join(here, 'stub-handler')),
    siteContentDir: PLACEHOLDER_SITE_DIR,
    ...props,
  });
  const template = Template.fromStack(stack);
  // eu-west-1: the CloudFront web ACL lives in the us-east-1 sibling stack
  return { app, stack, template, edge: stack.edge };
}

/** cdk-nag AwsSolutions findings that are not acknowledged, as "Rule @ path" strings. */
export function nagFindings(scope: IConstruct, severity: 'error' | 'warning') {
  const report = new AwsSolutionsChecks().validateScope(scope);
  return report.violations
    .filter((v) => v.severity === severity)
    .flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} @ ${(r as { constructPath?: string }).constructPath ?? r.resourceLogicalId}`));
}
