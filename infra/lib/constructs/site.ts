import * as fs from 'node:fs';
import * as path from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { AwsSolutionsChecks } from 'cdk-nag';
import { Construct, type IConstruct } from 'constructs';
import { inlineScriptText } from '../../../site/inline-scripts';
import { HSTS_MAX_AGE_SECONDS, inlinePageScripts, inlineScriptSource, prerenderedPages, securityHeaders } from '../../../site/site';

/**
 * The inline scripts of the built pages: frontend/scripts/prerender.ts inlines the files of
 * `inlinePageScripts` from frontend/public, minified (`inlineScriptText`), and the CSP allows
 * exactly those texts by their hashes.
 */
export const INLINE_SCRIPT_SOURCES: readonly string[] = inlinePageScripts.map((name) =>
  inlineScriptSource(inlineScriptText(path.resolve(import.meta.dirname, '../../../frontend/public', name))),
);

/**
 * CloudFront Function (viewer request, default S3 behaviour only): a path whose last segment
 * has no extension is a client route of the SPA and gets /index.html, except the pages with their
 * own pre-rendered first paint (`prerenderedPages`: /auth → /auth.html). API paths never reach
 * it (they have their own behaviours), so API 404s stay JSON; missing assets stay errors.
 */
export const SPA_REWRITE_FUNCTION = `var PRERENDERED = ${JSON.stringify(Object.fromEntries(prerenderedPages.map((p) => [p, `${p}.html`])))};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    var page = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.substring(0, uri.length - 1) : uri;
    request.uri = PRERENDERED[page] || '/index.html';
  }
  return request;
}
`;

/**
 * CloudFront Function (viewer request, API behaviours): passes the viewer's IP to the API in
 * `x-viewer-ip`, overwriting whatever the client sent. Behind CloudFront, API Gateway's sourceIp is
 * the edge's address; the functions read this header instead (TRUST_VIEWER_IP_HEADER) for the
 * activity log and the per-IP sign-in limit.
 */
export const VIEWER_IP_FUNCTION = `function handler(event) {
  var request = event.request;
  request.headers['x-viewer-ip'] = { value: event.viewer.ip };
  return request;
}
`;

export const ASSETS_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const HTML_CACHE_CONTROL = 'no-cache';

export interface SiteProps {
  /** Host name of the HTTP API's execute-api endpoint. */
  readonly apiDomainName: string;
  /** Path prefixes served by the API ("/api/" → behaviour "/api/*"). */
  readonly apiPathPrefixes: readonly string[];
  /**
   * Headers CloudFront adds to every request it sends to the API origin: the origin-verify secret
   * that lets the functions refuse direct calls to execute-api.
   */
  readonly apiOriginHeaders?: Readonly<Record<string, string>>;
  /** ARN of the AWS WAF web ACL (scope CLOUDFRONT, created in us-east-1) in front of the site. */
  readonly webAclArn: string;
  /**
   * Directory of the built frontend (frontend/dist): hashed files under assets/, the rest
   * (index.html, favicon, ...) at the root. Default: nothing is deployed.
   */
  readonly contentDir?: string;
  /** Custom domain(s) of the site; requires `certificate` (ACM, us-east-1). */
  readonly domainNames?: string[];
  readonly certificate?: acm.ICertificate;
  readonly priceClass?: cloudfront.PriceClass;
  /** The payment providers' origins go into the CSP (payment mode live), as in the functions' responses. */
  readonly paymentProviders: boolean;
  /** The PayPal credentials are PayPal sandbox ones (-c paypalEnvironment=sandbox): its origin joins the CSP. */
  readonly paypalSandbox?: boolean;
}

/**
 * The site origin (DESIGN.md section 1): a private S3 bucket behind CloudFront with Origin
 * Access Control for the React build, and the HTTP API under the same origin for /api/*,
 * /paypal/* and /webhooks/* (no CORS). Every response gets the security headers policy; every
 * request passes the WAF web ACL; API requests carry the origin-verify header (`apiOriginHeaders`).
 */
export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly logBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly responseHeadersPolicy: cloudfront.ResponseHeadersPolicy;
  readonly spaRewrite: cloudfront.Function;
  readonly viewerIp: cloudfront.Function;
  /** https://<custom domain or CloudFront domain> */
  readonly url: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    if (props.domainNames?.length && !props.certificate) throw new Error('Site: domainNames need a certificate');

    // CloudFront standard logs are delivered with ACLs, hence BUCKET_OWNER_PREFERRED here only.
    this.logBucket = new s3.Bucket(this, 'LogBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/site/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // The headers of site/site.ts, as the local gateway and the functions send them: one CSP (the
    // pages' inline scripts by their hashes) and one header set, for every HTML and API response.
    const headers = securityHeaders({ paymentProviders: props.paymentProviders, paypalSandbox: props.paypalSandbox ?? false, inlineScripts: INLINE_SCRIPT_SOURCES });
    this.responseHeadersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'FitTrack security headers (HTML and API)',
      customHeadersBehavior: {
        customHeaders: (['Permissions-Policy', 'Cross-Origin-Opener-Policy'] as const).map((header) => ({ header, value: headers[header]!, override: true })),
      },
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: headers['Content-Security-Policy']!, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    this.spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'SPA fallback: extension-less paths to /index.html',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_FUNCTION),
    });

    this.viewerIp = new cloudfront.Function(this, 'ViewerIp', {
      comment: 'API: pass the viewer IP in x-viewer-ip (client values overwritten)',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(VIEWER_IP_FUNCTION),
    });

    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: props.apiOriginHeaders ? { ...props.apiOriginHeaders } : undefined,
    });
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.responseHeadersPolicy,
      compress: true,
      functionAssociations: [{ function: this.viewerIp, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    };

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'FitTrack',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: true,
        functionAssociations: [{ function: this.spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: Object.fromEntries(props.apiPathPrefixes.map((p) => [`${p.replace(/\/?$/, '/')}*`, apiBehavior])),
      domainNames: props.domainNames,
      certificate: props.certificate,
      webAclId: props.webAclArn,
      // Only meaningful with a custom certificate (the default one is fixed by CloudFront).
      minimumProtocolVersion: props.certificate ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: props.priceClass ?? cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      logIncludesCookies: false, // cookies carry the session tokens
    });

    const domain = props.domainNames?.[0] ?? this.distribution.distributionDomainName;
    this.url = `https://${domain}`;

    const dist = Validations.of(this.distribution);
    dist.acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'The product is sold worldwide; there is no country it must be withheld from.',
    });
    if (!props.certificate) {
      dist.acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose policy CloudFront ' +
          'fixes at TLSv1; deployments with a custom domain pass an ACM certificate and get TLSv1.2_2021.',
      });
    }

    if (props.contentDir) this.deployContent(props.contentDir);
  }

  /**
   * Two deployments of the frontend build: hashed files under assets/ first, cached for a year
   * and never pruned (a page loaded before a release can still fetch its chunks); then the rest
   * (index.html and friends) with no-cache, pruned except for assets/, and a CloudFront
   * invalidation.
   */
  private deployContent(dir: string): void {
    const assetsDir = path.join(dir, 'assets');
    let assets: s3deploy.BucketDeployment | undefined;
    if (fs.existsSync(assetsDir)) {
      assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        sources: [s3deploy.Source.asset(assetsDir)],
        destinationBucket: this.bucket,
        destinationKeyPrefix: 'assets/',
        cacheControl: [s3deploy.CacheControl.fromString(ASSETS_CACHE_CONTROL)],
        prune: false,
        memoryLimit: 512,
      });
    }
    const html = new s3deploy.BucketDeployment(this, 'DeployHtml', {
      sources: [s3deploy.Source.asset(dir, { exclude: ['assets', 'assets/**'] })],
      destinationBucket: this.bucket,
      exclude: ['assets/*'],
      cacheControl: [s3deploy.CacheControl.fromString(HTML_CACHE_CONTROL)],
      prune: true,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    if (assets) html.node.addDependency(assets);

    // The deployment handler is a stack-level singleton maintained by aws-cdk-lib.
    for (const child of Stack.of(this).node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) acknowledgeBucketDeploymentHandler(child);
    }
  }
}

/**
 * IAM5 findings expected on aws-cdk-lib's BucketDeployment handler role: it reads the asset
 * from the CDK bootstrap bucket, syncs it into the site bucket and invalidates CloudFront.
 * The exact finding ids depend on the environment (account/region tokens) and on logical ids,
 * so they are computed with cdk-nag itself, and only those matching these patterns are
 * acknowledged; anything else on the handler stays an error.
 */
const BUCKET_DEPLOYMENT_IAM5: readonly { pattern: RegExp; reason: string }[] = [
  {
    pattern: /^AwsSolutions-IAM5\[Action::s3:(GetBucket|GetObject|List|Abort|DeleteObject)\*\]$/,
    reason: 'aws-cdk-lib BucketDeployment grants S3 read/sync/delete action groups (s3 sync needs them) on the two buckets only.',
  },
  {
    pattern: /^AwsSolutions-IAM5\[Resource::arn:[^\]]*:s3:::cdk-[a-z0-9]+-assets-[^\]]+\/\*\]$/,
    reason: 'aws-cdk-lib BucketDeployment reads the uploaded site archive from the CDK bootstrap assets bucket.',
  },
  {
    pattern: /^AwsSolutions-IAM5\[Resource::<SiteBucket[A-Za-z0-9]*\.Arn>\/\*\]$/,
    reason: 'aws-cdk-lib BucketDeployment writes and prunes the objects of the site bucket (and only that bucket).',
  },
  {
    pattern: /^AwsSolutions-IAM5\[Resource::\*\]$/,
    reason: 'cloudfront:CreateInvalidation/GetInvalidation as granted by aws-cdk-lib BucketDeployment (not scoped by the construct).',
  },
];

function acknowledgeBucketDeploymentHandler(handler: IConstruct): void {
  const v = Validations.of(handler);
  v.acknowledge({
    id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    reason: 'aws-cdk-lib BucketDeployment handler role (runs at deploy time only); aws-cdk-lib attaches the basic execution policy.',
  });
  v.acknowledge({
    id: 'AwsSolutions-L1',
    reason: 'aws-cdk-lib BucketDeployment handler: its runtime (with the AWS CLI layer) is pinned by aws-cdk-lib; deploy time only.',
  });
  const found = new AwsSolutionsChecks().validateScope(handler).violations.map((x) => x.ruleName);
  for (const id of new Set(found)) {
    const known = BUCKET_DEPLOYMENT_IAM5.find((k) => k.pattern.test(id));
    if (known) v.acknowledge({ id, reason: known.reason });
  }
}
