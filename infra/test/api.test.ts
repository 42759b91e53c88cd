import { describe, expect, it } from 'vitest';
import { type CfnElement } from 'aws-cdk-lib';
import { routes, type Domain } from '@fittrack/functions/routes';
import { buildStack } from './helpers';

const { stack, template } = buildStack();
const logicalId = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);

describe('api: HTTP API from the route table', () => {
  const apiRoutes = template.findResources('AWS::ApiGatewayV2::Route');
  const integrations = template.findResources('AWS::ApiGatewayV2::Integration');

  it('has exactly one route per route-table entry', () => {
    const keys = Object.values(apiRoutes).map((r) => r.Properties.RouteKey as string);
    expect(keys.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r.domain] as const))('%s goes to the %s function', (key, domain) => {
    const route = Object.values(apiRoutes).find((r) => r.Properties.RouteKey === key);
    expect(route, key).toBeDefined();
    const target = route!.Properties.Target as { 'Fn::Join': [string, unknown[]] };
    const integrationRef = (target['Fn::Join'][1][1] as { Ref: string }).Ref;
    const integration = integrations[integrationRef]!.Properties;
    expect(integration.IntegrationType).toBe('AWS_PROXY');
    expect(integration.PayloadFormatVersion).toBe('2.0');
    const fnId = logicalId(stack.functions.byDomain[domain as Domain]);
    expect(integration.IntegrationUri).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
    expect(route!.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
  });

  it('has a $default stage with throttling, stricter on the public auth routes, and JSON access logs', () => {
    const stages = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'));
    expect(stages).toHaveLength(1);
    const s = stages[0]!.Properties;
    expect(s.StageName).toBe('$default');
    expect(s.AutoDeploy).toBe(true);
    expect(s.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    const strict = routes.filter((r) => r.access === 'public' && r.path.startsWith('/api/auth/')).map((r) => `${r.method} ${r.path}`);
    expect(strict).toEqual(expect.arrayContaining(['POST /api/auth/login', 'POST /api/auth/signup']));
    for (const key of strict) {
      expect(s.RouteSettings[key], key).toMatchObject({ ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 });
      expect(s.RouteSettings[key].ThrottlingRateLimit).toBeLessThan(s.DefaultRouteSettings.ThrottlingRateLimit);
    }
    // every route: detailed metrics (4xx and 5xx per route on the dashboard), and no throttle of its own beyond the auth routes'
    expect(s.RouteSettings['GET /api/auth/me']).toEqual({ DetailedMetricsEnabled: true });
    for (const r of routes) expect(s.RouteSettings[`${r.method} ${r.path}`], `${r.method} ${r.path}`).toMatchObject({ DetailedMetricsEnabled: true });
    expect(s.AccessLogSettings.DestinationArn).toEqual({ 'Fn::GetAtt': [logicalId(stack.api.accessLogs), 'Arn'] });
    expect(JSON.parse(s.AccessLogSettings.Format)).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
    // audit-relevant: the access log outlives the stack (it still expires by its retention)
    expect(template.toJSON().Resources[logicalId(stack.api.accessLogs)].DeletionPolicy).toBe('Retain');
  });

  it('creates the stage after the routes its settings name', () => {
    const [stageId] = Object.keys(template.findResources('AWS::ApiGatewayV2::Stage'));
    const dependsOn = template.toJSON().Resources[stageId!].DependsOn as string[];
    const s = template.toJSON().Resources[stageId!].Properties;
    for (const key of Object.keys(s.RouteSettings)) {
      const routeId = Object.entries(apiRoutes).find(([, r]) => r.Properties.RouteKey === key)![0];
      expect(dependsOn, key).toContain(routeId);
    }
  });
});
