import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { App, Validations, type CfnElement } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { functionEntries, type Domain } from '@fittrack/functions/routes';
import { AppStack, PLACEHOLDER_SITE_DIR } from '../lib/app-stack';
import { cdkJsonContext, TEST_ENV } from './helpers';

/**
 * The real thing, as `npm run synth` does it: esbuild bundles every handler (about 10 s for
 * seven functions), cdk-nag runs as a validation plugin, and each bundle is an ESM module
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
      const template = assembly.getStackByName('FitTrack').template as {
        Resources: Record<string, { Properties: { Code?: { S3Key?: string } } }>;
      };

      for (const domain of Object.keys(functionEntries) as Domain[]) {
        const fnId = stack.getLogicalId(stack.functions.byDomain[domain].node.defaultChild as CfnElement);
        const s3Key = template.Resources[fnId]?.Properties.Code?.S3Key;
        expect(s3Key, domain).toMatch(/^[0-9a-f]{64}\.zip$/);
        const bundle = path.join(outdir, `asset.${s3Key!.replace(/\.zip$/, '')}`, 'index.mjs');
        expect(fs.existsSync(bundle), `${domain}: ${bundle}`).toBe(true);
        const code = fs.readFileSync(bundle, 'utf8');
        expect(code.startsWith("import{createRequire"), domain).toBe(true);
        expect(code).not.toMatch(/sourceMappingURL/);
        const probe = spawnSync(
          process.execPath,
          ['--input-type=module', '-e', `const m = await import(${JSON.stringify(bundle)}); console.log(typeof m.handler);`],
          { encoding: 'utf8', env: { ...process.env, AWS_REGION: 'eu-west-1' }, timeout: 30_000 },
        );
        expect(probe.stderr, domain).toBe('');
        expect(probe.stdout.trim(), domain).toBe('function');
      }
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });
});
