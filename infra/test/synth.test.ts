import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { App, Validations, type CfnElement } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { functionEntries, type Domain } from '@fittrack/functions/routes';
import { AppStack, PLACEHOLDER_SITE_DIR } from '../lib/app-stack';
import { BUNDLE_BUDGET_BYTES, COLD_PATH_BUDGET_BYTES, assetFiles, builtinsLoadedBy, bytesOf, loadedFiles } from '../lib/bundle-budgets';
import { cdkJsonContext, DEPLOY_PROPS, TEST_ENV } from './helpers';

/**
 * The real thing, as `npm run synth` does it: esbuild bundles every handler (about 20 s for
 * seven functions), cdk-nag runs as a validation plugin on both stacks (app and us-east-1 edge),
 * and each bundle is an ESM module (index.mjs and its chunks) that Node 24 can import and that
 * exports `handler`.
 */
describe('full synth with bundling', () => {
  it('bundles every handler into an importable ESM module and passes cdk-nag', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'fittrack-synth-'));
    try {
      const app = new App({ outdir, context: cdkJsonContext() });
      const stack = new AppStack(app, 'FitTrack', { env: TEST_ENV, ...DEPLOY_PROPS, siteContentDir: PLACEHOLDER_SITE_DIR });
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
      const stripeMarker = (code: string) => code.includes('StripeSignatureVerificationError');
      // markers that only the SDK contains (the CSP strings in lib/security-headers are not SDK code)
      const paypalMarker = (code: string) => /PayPal-Request-Id|paypal-server-sdk/i.test(code);
      // the Cognito client's service name, in its command and client code
      const cognitoMarker = (code: string) => code.includes('AWSCognitoIdentityProviderService');
      // one of the access-token verifier's (aws-jwt-verify) messages
      const jwtMarker = (code: string) => code.includes('JWT header does not have valid kid claim');
      // zod's core type, in both zod and zod/mini
      const zodMarker = (code: string) => code.includes('"$ZodType"');
      for (const domain of Object.keys(functionEntries) as Domain[]) {
        const fnId = stack.getLogicalId(stack.functions.byDomain[domain].node.defaultChild as CfnElement);
        const s3Key = template.Resources[fnId]?.Properties.Code?.S3Key;
        expect(s3Key, domain).toMatch(/^[0-9a-f]{64}\.zip$/);
        const dir = path.join(outdir, `asset.${s3Key!.replace(/\.zip$/, '')}`);
        const bundle = path.join(dir, 'index.mjs');
        expect(fs.existsSync(bundle), `${domain}: ${bundle}`).toBe(true);
        // index.mjs and the chunks esbuild split off (infra/lib/bundling.ts)
        const files = assetFiles(dir);
        const code = new Map(files.map((f) => [f.file, fs.readFileSync(f.file, 'utf8')]));
        for (const [file, c] of code) {
          expect(c.startsWith('import{createRequire'), file).toBe(true);
          expect(/sourceMappingURL/.test(c), `${file} has no source map`).toBe(false);
        }
        // Size budgets (DESIGN.md section 10, docs/decisions/0006): the whole asset, and the cold
        // path = what Node loads when Lambda imports index.mjs (which must export `handler`).
        const bytes = files.reduce((n, f) => n + f.bytes, 0);
        const cold = loadedFiles(bundle);
        expect(cold[0], domain).toBe(bundle);
        sizes[domain] = `${(bytes / 1024).toFixed(0)} KB, cold path ${(bytesOf(cold) / 1024).toFixed(0)} KB`;
        const budget = BUNDLE_BUDGET_BYTES[domain];
        if (budget !== null) expect(bytes, `${domain} bundle size`).toBeLessThanOrEqual(budget);
        expect(bytesOf(cold), `${domain} cold path size`).toBeLessThanOrEqual(COLD_PATH_BUDGET_BYTES[domain]);
        // The Stripe and PayPal SDKs only where they are called: billing loads each in its own
        // chunk on the routes that call it (never at a cold start), the webhook needs Stripe on
        // every request, no other function has either.
        const anywhere = (marker: (c: string) => boolean) => [...code.values()].some(marker);
        const onColdPath = (marker: (c: string) => boolean) => cold.some((f) => marker(code.get(f)!));
        expect(anywhere(stripeMarker), `${domain} bundles the Stripe SDK`).toBe(domain === 'billing' || domain === 'stripe-webhook');
        expect(onColdPath(stripeMarker), `${domain} loads the Stripe SDK at a cold start`).toBe(domain === 'stripe-webhook');
        // Only the Stripe resources our code calls (../lib/stripe-resources-plugin.ts): a path of a
        // kept one (invoice payments) is there, one of the ~120 stubbed ones (quotes) is not.
        if (anywhere(stripeMarker)) {
          expect(anywhere((c) => c.includes('/v1/invoice_payments')), `${domain} bundles stripe.invoicePayments`).toBe(true);
          expect(anywhere((c) => c.includes('/v1/quotes')), `${domain} bundles stripe.quotes`).toBe(false);
        }
        expect(anywhere(paypalMarker), `${domain} bundles the PayPal SDK`).toBe(domain === 'billing');
        expect(onColdPath(paypalMarker), `${domain} loads the PayPal SDK at a cold start`).toBe(false);
        // The Cognito client only on the routes that call Cognito (sign-in, passwords, email, token
        // refresh, system tests, account deletion): never at a cold start, so GET /api/auth/me and
        // the admin's log list do not pay for it (lib/domain-handler.ts lazyRoutes, DESIGN.md section 10).
        expect(onColdPath(cognitoMarker), `${domain} loads the Cognito client at a cold start`).toBe(false);
        // The token verifier (and the session code) wherever a route has a session: not in the
        // webhook, whose chain has no session (lib/handler-chain.ts createProviderWebhookHandler).
        expect(onColdPath(jwtMarker), `${domain} loads the token verifier at a cold start`).toBe(domain !== 'stripe-webhook');
        // zod only where the routes a cold start serves parse input: the auth, tracking and admin
        // reads, the catalogue and the webhook (Stripe checks its own payload) start without it.
        expect(onColdPath(zodMarker), `${domain} loads zod at a cold start`).toBe(domain === 'feedback' || domain === 'billing');
        // Every chunk loads (a route's import() must not fail in Lambda).
        expect(loadedFiles(bundle, [...code.keys()]).sort(), domain).toEqual([...code.keys()].sort());
        // node:http only as CommonJS (bundleOptions): an ESM import of it loads undici (~25 ms).
        for (const [file, c] of code) expect(/(?:from|import)\s*["'](?:node:)?http["']/.test(c), `${file} imports node:http as ESM`).toBe(false);
        // Nor the web streams (@middy/core's, for streamed responses) or timers/promises (node:timers's
        // getter): built-ins that no request of ours uses (bundleOptions' aliases).
        expect(builtinsLoadedBy(bundle).filter((m) => /undici|stream\/web|webstreams|timers\/promises/.test(m)), domain).toEqual([]);
      }
      console.log('Lambda bundle sizes:', sizes);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });
});
