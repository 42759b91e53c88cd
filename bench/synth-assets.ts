/**
 * `node --import tsx bench/synth-assets.ts OUTDIR`: the real CDK synth of the app stack (cdk.json's
 * context, the placeholder site, the deploy props of the infra tests) into OUTDIR, then one JSON line on stdout: each domain's Lambda
 * asset id (the asset is OUTDIR/asset.<id>). bench/run.ts runs it in a child process so that the
 * CDK never loads into the process that times the cold imports.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import { type Domain, functionEntries } from '../functions/src/routes';
import { AppStack, PLACEHOLDER_SITE_DIR } from '../infra/lib/app-stack';
import { DEPLOY_PROPS } from '../infra/test/helpers';

const outdir = process.argv[2];
if (!outdir) throw new Error('usage: node --import tsx bench/synth-assets.ts OUTDIR');
const root = path.resolve(import.meta.dirname, '..');
const { context = {} } = JSON.parse(readFileSync(path.join(root, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };

const app = new App({ outdir, context });
const stack = new AppStack(app, 'FitTrack', { env: { account: '123456789012', region: 'eu-west-1' }, siteContentDir: PLACEHOLDER_SITE_DIR, ...DEPLOY_PROPS });
const template = app.synth().getStackByName('FitTrack').template as { Resources: Record<string, { Properties: { Code: { S3Key: string } } }> };
const assets: Partial<Record<Domain, string>> = {};
for (const domain of Object.keys(functionEntries) as Domain[]) {
  const id = stack.getLogicalId(stack.functions.byDomain[domain].node.defaultChild as CfnElement);
  assets[domain] = template.Resources[id]!.Properties.Code.S3Key.replace(/\.zip$/, '');
}
console.log(JSON.stringify(assets));
