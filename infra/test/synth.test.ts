import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { App, Validations, type CfnElement } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { functionEntries, type Domain } from '@fittrack/functions/routes';
import { AppStack, PLACEHOLDER_SITE_DIR } from '../lib/app-stack';
import { BUNDLE_BUDGET_BYTES } from '../lib/bundle-budgets';
import { cdkJsonContext, TEST_ENV } from './helpers';

/**
 * The real thing, as `npm run synth` does it: esbuild bundles every handler (about 10 s for
 * seven functions), cdk-nag runs as a validation plugin on both stacks (app and us-east-1 edge),
 * and each bundle is an ESM module
 * that Node 24 can import and that exports `handler`.
 */
describe('full synth with bundling', () => {
  it('bundles every handler into an importable ESM module and passes cdk-nag', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'fittrack-synth-'));
    try {
      const app = new App({ outdir, context: cdkJsonContext() });
      const stack = new AppStack(app, 'FitTrack', { env: TEST_ENV, siteContentDir: PLACEHOLDER_SITE_DIR });
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
      const assembly = app.synth();
      // eu-west-1: the CloudFront web ACL is in its own us-east-1 stack, deployed first
      const edge = assembly.getStackByName('FitTrack-Edge');
      expect(edge.environment.region).toBe('us-east-1');
      expect(assembly.getStackByName('FitTrack').dependencies.map((d) => d.id)).toContain(edge.id);
      const template = assembly.getStackByName('FitTrack').template as {
        Resources: Record<string, { Properties: { Code?: { S3Key?: string } } }>;
      };

      const sizes: Record<string, string> = {};
      for (const domain of Object.keys(functionEntries) as Domain[]) {
        const fnId = stack.getLogicalId(stack.functions.byDomain[domain].node.defaultChild as CfnElement);
        const s3Key = template.Resources[fnId]?.Properties.Code?.S3Key;
        expect(s3Key, domain).toMatch(/^[0-9a-f]{64}\.zip$/);
        const bundle = path.join(outdir, `asset.${s3Key!.replace(/\.zip$/, '')}`, 'index.mjs');
        expect(fs.existsSync(bundle), `${domain}: ${bundle}`).toBe(true);
        const code = fs.readFileSync(bundle, 'utf8');
        expect(code.startsWith("import{createRequire"), domain).toBe(true);
        expect(/sourceMappingURL/.test(code), `${domain} has no source map`).toBe(false);
        // Size budget (DESIGN.md section 10); the Stripe and PayPal SDKs only where they are called.
        const bytes = fs.statSync(bundle).size;
        sizes[domain] = `${(bytes / 1024).toFixed(0)} KB`;
        const budget = BUNDLE_BUDGET_BYTES[domain];
        if (budget !== null) expect(bytes, `${domain} bundle size`).toBeLessThanOrEqual(budget);
        if (domain !== 'billing' && domain !== 'stripe-webhook') {
          // markers that only the SDKs contain (the CSP strings in lib/security-headers are not SDK code)
          expect(code.includes('StripeSignatureVerificationError'), `${domain} must not bundle the Stripe SDK`).toBe(false);
          expect(/PayPal-Request-Id|paypal-server-sdk/i.test(code), `${domain} must not bundle the PayPal SDK`).toBe(false);
        }
        const probe = spawnSync(
          process.execPath,
          ['--input-type=module', '-e', `const m = await import(${JSON.stringify(bundle)}); console.log(typeof m.handler);`],
          { encoding: 'utf8', env: { ...process.env, AWS_REGION: 'eu-west-1' }, timeout: 30_000 },
        );
        expect(probe.stderr, domain).toBe('');
        expect(probe.stdout.trim(), domain).toBe('function');
      }
      console.log('Lambda bundle sizes:', sizes);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });
});
