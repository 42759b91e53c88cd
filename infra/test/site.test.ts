import * as vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { type CfnElement } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { apiPathPrefixes } from '@fittrack/functions/routes';
import { securityHeaders } from '../../site/site';
import { ASSETS_CACHE_CONTROL, HTML_CACHE_CONTROL, INLINE_SCRIPT_SOURCES, SPA_REWRITE_FUNCTION, VIEWER_IP_FUNCTION } from '../lib/constructs/site';
import { buildStack } from './helpers';

const { stack, template } = buildStack();
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const dist = () => Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
const headersPolicyRef = () => ({ Ref: stack.getLogicalId(stack.site.responseHeadersPolicy.node.defaultChild as never) });

describe('site: private bucket behind CloudFront', () => {
  it('buckets block all public access, require TLS and encrypt', () => {
    const buckets = Object.values(template.findResources('AWS::S3::Bucket'));
    expect(buckets).toHaveLength(2);
    for (const b of buckets) {
      expect(b.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(b.Properties.BucketEncryption).toBeDefined();
    }
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(2);
    for (const p of policies) {
      expect(p.Properties.PolicyDocument.Statement).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      );
      for (const s of p.Properties.PolicyDocument.Statement) expect(s.Principal).not.toBe('*');
    }
  });

  it('the site bucket logs to the log bucket, and CloudFront logs there too (without cookies)', () => {
    const logBucket = { Ref: stack.getLogicalId(stack.site.logBucket.node.defaultChild as never) };
    template.hasResourceProperties('AWS::S3::Bucket', { LoggingConfiguration: { DestinationBucketName: logBucket } });
    expect(dist().Logging).toMatchObject({ IncludeCookies: false, Bucket: { 'Fn::GetAtt': [logBucket.Ref, 'RegionalDomainName'] } });
  });

  it('reads S3 through Origin Access Control only', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    const s3Origins = dist().Origins.filter((o: { S3OriginConfig?: unknown }) => o.S3OriginConfig);
    expect(s3Origins).toHaveLength(1);
    expect(s3Origins[0].OriginAccessControlId).toBeDefined();
    expect(s3Origins[0].S3OriginConfig.OriginAccessIdentity).toBe('');
    const siteBucketId = stack.getLogicalId(stack.site.bucket.node.defaultChild as never);
    const sitePolicy = Object.values(template.findResources('AWS::S3::BucketPolicy')).find(
      (p) => p.Properties.Bucket.Ref === siteBucketId,
    )!;
    const allow = sitePolicy.Properties.PolicyDocument.Statement.filter((s: { Effect: string }) => s.Effect === 'Allow');
    expect(allow).toHaveLength(1);
    expect(allow[0].Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    expect(allow[0].Action).toBe('s3:GetObject');
    expect(JSON.stringify(allow[0].Condition)).toContain('AWS:SourceArn');
  });
});

describe('site: security headers', () => {
  const policy = () => Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!.Properties.ResponseHeadersPolicyConfig;

  it('HSTS of at least a year with subdomains, nosniff, DENY, strict-origin-when-cross-origin', () => {
    const h = policy().SecurityHeadersConfig;
    expect(h.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(h.StrictTransportSecurity.IncludeSubdomains).toBe(true);
    expect(h.ContentTypeOptions).toEqual({ Override: true });
    expect(h.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(h.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
  });

  it('CSP: self plus the payment providers, no plugins, no framing', () => {
    const csp: string = policy().SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    // one CSP: exactly what the functions and the local gateway send in live mode
    expect(csp).toBe(securityHeaders({ paymentProviders: true, inlineScripts: INLINE_SCRIPT_SOURCES })['Content-Security-Policy']);
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    // the built pages' inline script (appearance.js), allowed by its hash and nothing else inline
    expect(directives['script-src']).toEqual(["'self'", ...INLINE_SCRIPT_SOURCES, 'https://js.stripe.com', 'https://www.paypal.com']);
    expect(INLINE_SCRIPT_SOURCES).toHaveLength(1);
    for (const source of INLINE_SCRIPT_SOURCES) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(csp).not.toContain("'unsafe-inline' https");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('a sandbox stack names no payment provider in its CSP', () => {
    const sandbox = buildStack({ paymentMode: 'sandbox' }).template;
    const csp: string = Object.values(sandbox.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    expect(csp).toBe(securityHeaders({ paymentProviders: false, inlineScripts: INLINE_SCRIPT_SOURCES })['Content-Security-Policy']);
    expect(csp).not.toMatch(/stripe|paypal/);
  });

  it("adds PayPal's sandbox origin to the CSP only for a stack deployed with -c paypalEnvironment=sandbox", () => {
    const cspOf = (t: ReturnType<typeof buildStack>['template']): string =>
      Object.values(t.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    const sandboxPaypal = cspOf(buildStack({ paymentMode: 'live', paypalEnvironment: 'sandbox' }).template);
    expect(sandboxPaypal).toBe(securityHeaders({ paymentProviders: true, paypalSandbox: true, inlineScripts: INLINE_SCRIPT_SOURCES })['Content-Security-Policy']);
    expect(sandboxPaypal).toContain('https://www.sandbox.paypal.com');
    expect(cspOf(template)).not.toContain('sandbox.paypal.com');
  });

  it('carries the rest of the header set too (Permissions-Policy, COOP)', () => {
    const custom = Object.fromEntries(
      (policy().CustomHeadersConfig.Items as { Header: string; Value: string; Override: boolean }[]).map((h) => [h.Header, h]),
    );
    const headers = securityHeaders({ paymentProviders: true });
    for (const name of ['Permissions-Policy', 'Cross-Origin-Opener-Policy']) expect(custom[name]).toEqual({ Header: name, Value: headers[name], Override: true });
  });

  it('is applied to every behaviour (HTML and API)', () => {
    const d = dist();
    expect(d.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual(headersPolicyRef());
    for (const b of d.CacheBehaviors) expect(b.ResponseHeadersPolicyId, b.PathPattern).toEqual(headersPolicyRef());
  });
});

describe('site: API behaviours and SPA fallback', () => {
  it('routes each API prefix to the HTTP API, uncached, with all viewer headers but Host', () => {
    const d = dist();
    const apiOriginId = d.Origins.find((o: { CustomOriginConfig?: unknown }) => o.CustomOriginConfig).Id;
    expect(d.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern).sort()).toEqual(apiPathPrefixes.map((p) => `${p}*`).sort());
    for (const b of d.CacheBehaviors) {
      expect(b.TargetOriginId).toBe(apiOriginId);
      expect(b.CachePolicyId).toBe(CACHING_DISABLED);
      expect(b.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
      expect([...b.AllowedMethods].sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
      // the SPA rewrite never touches the API (only the viewer-IP function runs there)
      expect(JSON.stringify(b.FunctionAssociations ?? [])).not.toContain(stack.getLogicalId(stack.site.spaRewrite.node.defaultChild as CfnElement));
    }
    const origin = d.Origins.find((o: { Id: string }) => o.Id === apiOriginId);
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    expect(JSON.stringify(origin.DomainName)).toContain(stack.getLogicalId(stack.api.httpApi.node.defaultChild as never));
  });

  it('has no distribution-wide error responses (API 404s stay JSON) and rewrites client routes at viewer request', () => {
    const d = dist();
    expect(d.CustomErrorResponses).toBeUndefined();
    expect(d.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [stack.getLogicalId(stack.site.spaRewrite.node.defaultChild as never), 'FunctionARN'] } },
    ]);
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: SPA_REWRITE_FUNCTION, FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }) });
  });

  it('API behaviours pass the viewer IP in x-viewer-ip (overwriting the client) and the functions trust only that', () => {
    const dist = template.findResources('AWS::CloudFront::Distribution');
    const behaviors = Object.values(dist)[0]!.Properties.DistributionConfig.CacheBehaviors as { PathPattern: string; FunctionAssociations?: { EventType: string; FunctionARN: unknown }[] }[];
    const fnId = stack.getLogicalId(stack.site.viewerIp.node.defaultChild as CfnElement);
    for (const b of behaviors) {
      expect(b.FunctionAssociations, b.PathPattern).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [fnId, 'FunctionARN'] } }]);
    }
    // the function itself: run its code against a request that carries a forged header
    const handler = vm.runInNewContext(`${VIEWER_IP_FUNCTION}; handler`) as (e: unknown) => { headers: Record<string, { value: string }> };
    const out = handler({ viewer: { ip: '198.51.100.20' }, request: { headers: { 'x-viewer-ip': { value: '10.0.0.1' } } } });
    expect(out.headers['x-viewer-ip']).toEqual({ value: '198.51.100.20' });
    const fns = Object.values(template.findResources('AWS::Lambda::Function')).map((f) => f.Properties.Environment?.Variables?.TRUST_VIEWER_IP_HEADER);
    expect(fns.filter((v) => v === 'true').length).toBeGreaterThanOrEqual(7);
  });

  it('the CloudFront Function sends extension-less paths to /index.html (pre-rendered pages to their own file) and leaves files alone', () => {
    const handler = vm.runInNewContext(`${SPA_REWRITE_FUNCTION}; handler`) as (e: { request: { uri: string } }) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/dashboard')).toBe('/index.html');
    expect(rewrite('/payment-success')).toBe('/index.html');
    expect(rewrite('/admin/')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/icons/favicon-48.png')).toBe('/icons/favicon-48.png');
    // the service worker and the manifest are served as themselves (decision 0206)
    expect(rewrite('/sw.js')).toBe('/sw.js');
    expect(rewrite('/manifest.webmanifest')).toBe('/manifest.webmanifest');
    expect(rewrite('/index.html')).toBe('/index.html');
    // pages with their own pre-rendered first paint
    expect(rewrite('/auth')).toBe('/auth.html');
    expect(rewrite('/auth/')).toBe('/auth.html');
    expect(rewrite('/auth.html')).toBe('/auth.html');
    expect(rewrite('/authx')).toBe('/index.html');
  });

  it('deploys hashed assets immutable (never pruned) and index.html no-cache, assets first', () => {
    const deployments = Object.entries(template.findResources('Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(2);
    const assets = deployments.find(([, r]) => r.Properties.DestinationBucketKeyPrefix === 'assets/')!;
    const html = deployments.find(([, r]) => r.Properties.DestinationBucketKeyPrefix === undefined)!;
    expect(assets[1].Properties).toMatchObject({ Prune: false, SystemMetadata: { 'cache-control': ASSETS_CACHE_CONTROL } });
    expect(ASSETS_CACHE_CONTROL).toContain('max-age=31536000');
    expect(ASSETS_CACHE_CONTROL).toContain('immutable');
    expect(html[1].Properties).toMatchObject({ Prune: true, Exclude: ['assets/*'], SystemMetadata: { 'cache-control': HTML_CACHE_CONTROL } });
    expect(HTML_CACHE_CONTROL).toBe('no-cache');
    // sw.js and manifest.webmanifest sit at the root, so they are in this no-cache deployment: a new
    // version of the service worker is found at the next visit (decision 0206; e2e/pwa.e2e.test.ts
    // checks the same header on the local gateway)
    expect(html[1].Properties.DistributionPaths).toEqual(['/*']);
    expect(html[1].DependsOn).toEqual(expect.arrayContaining([assets[0]]));
  });

  it('default certificate: no aliases; a custom domain gets its ACM certificate with TLSv1.2_2021', () => {
    expect(dist().Aliases).toBeUndefined();
    const custom = buildStack({
      domainName: 'fittrack.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
    });
    const d = Object.values(custom.template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
    expect(d.Aliases).toEqual(['fittrack.example.com']);
    expect(d.ViewerCertificate).toEqual({
      AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    const outputs = custom.template.toJSON().Outputs;
    expect(outputs.SiteUrl.Value).toBe('https://fittrack.example.com');
    expect(outputs.StripeWebhookUrl.Value).toBe('https://fittrack.example.com/webhooks/stripe');
  });
});
