import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { type Domain, type RouteDef } from '@fittrack/functions/routes';

import { type Throttle } from '../capacity-limits';

export interface ApiProps {
  /** The route table (functions/src/routes.ts): one API route per entry. */
  readonly routes: readonly RouteDef[];
  /** The Lambda of each domain. */
  readonly functions: Readonly<Record<Domain, lambda.IFunction>>;
  /** Stage-wide throttling (infra/lib/capacity-limits.ts: every route's modelled peak together). */
  readonly throttle: Throttle;
  /**
   * Each route's own throttle, by route key (capacity-limits.ts: its modelled peak with headroom).
   * API Gateway limits are for all callers together, not per client: they keep one route's flood
   * from taking the whole stage's budget; the WAF's per-address rules bound each client.
   */
  readonly routeThrottles: Readonly<Record<string, Throttle>>;
  /** Route keys that get route-level metrics (used by the webhook-failure alarm). */
  readonly detailedMetricsRouteKeys?: readonly string[];
  readonly logRetention?: logs.RetentionDays;
}

/**
 * The HTTP API (payload format 2.0) behind CloudFront: exactly one route per entry of the route
 * table, each integrated with its domain's Lambda. Authorisation happens in the handlers (the
 * session is an HttpOnly cookie, which API Gateway authorizers cannot read; DESIGN.md section 6).
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly accessLogs: logs.LogGroup;
  /** Route key ("POST /api/auth/login") → route. */
  readonly routes: ReadonlyMap<string, apigw.HttpRoute>;
  /** Host name of the execute-api endpoint, for the CloudFront origin. */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'FitTrack API (served under the site origin by CloudFront)',
      createDefaultStage: false,
    });

    const integrations = new Map<Domain, HttpLambdaIntegration>();
    const integrationFor = (d: Domain) => {
      let i = integrations.get(d);
      if (!i) {
        i = new HttpLambdaIntegration(`${d}-integration`, props.functions[d], {
          payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
        });
        integrations.set(d, i);
      }
      return i;
    };

    const routes = new Map<string, apigw.HttpRoute>();
    for (const r of props.routes) {
      const key = `${r.method} ${r.path}`;
      if (routes.has(key)) throw new Error(`Duplicate route ${key}`);
      const [route] = this.httpApi.addRoutes({
        path: r.path,
        methods: [apigw.HttpMethod[r.method]],
        integration: integrationFor(r.domain),
      });
      if (!route) throw new Error(`No route created for ${key}`);
      routes.set(key, route);
    }
    this.routes = routes;

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.logRetention ?? logs.RetentionDays.THREE_MONTHS,
      // audit-relevant: kept when the stack is deleted (it still expires by its retention)
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const throttle = props.throttle;
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    // Route-level settings: each route's throttle and detailed metrics where the dashboard and
    // alarms need them. A route setting needs its route to exist.
    const routeSettings: Record<string, Record<string, unknown>> = {};
    for (const r of props.routes) {
      const key = `${r.method} ${r.path}`;
      const s: Record<string, unknown> = {};
      const t = props.routeThrottles[key];
      if (!t) throw new Error(`Api: no throttle for route ${key}`);
      s.ThrottlingRateLimit = t.rateLimit;
      s.ThrottlingBurstLimit = t.burstLimit;
      if (props.detailedMetricsRouteKeys?.includes(key)) s.DetailedMetricsEnabled = true;
      if (Object.keys(s).length > 0) {
        routeSettings[key] = s;
        this.stage.node.addDependency(routes.get(key)!);
      }
    }
    for (const key of props.detailedMetricsRouteKeys ?? []) {
      if (!routes.has(key)) throw new Error(`detailedMetricsRouteKeys: no route ${key}`);
    }
    if (Object.keys(routeSettings).length > 0) {
      (this.stage.node.defaultChild as apigw.CfnStage).routeSettings = routeSettings;
    }

    const region = Stack.of(this).region;
    this.domainName = `${this.httpApi.apiId}.execute-api.${region}.${Stack.of(this).urlSuffix}`;

    for (const route of routes.values()) {
      const reason =
        'Authorisation is enforced in the Lambda from the route table access level: the session is an HttpOnly ' +
        'cookie holding a Cognito access token verified with aws-jwt-verify; API Gateway JWT authorizers only read ' +
        'headers, public routes (login, signup, config) and the signature-checked Stripe webhook need none.';
      Validations.of(route).acknowledge({ id: 'AwsSolutions-APIG4', reason });
    }
  }
}
