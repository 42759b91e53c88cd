import { describe, expect, it } from 'vitest';
import { type CfnElement } from 'aws-cdk-lib';
import { routes, type Domain } from '@fittrack/functions/routes';
import { capacityLimits } from '../lib/capacity-limits';
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

  it('has a $default stage with throttles from the capacity model (stage and every route), detailed metrics per route, and JSON access logs', () => {
    const stages = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'));
    expect(stages).toHaveLength(1);
    const s = stages[0]!.Properties;
    expect(s.StageName).toBe('$default');
    expect(s.AutoDeploy).toBe(true);
    const limits = capacityLimits();
    expect(s.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: limits.stage.rateLimit, ThrottlingBurstLimit: limits.stage.burstLimit });
    // every route has its own throttle and detailed metrics (4xx and 5xx per route on the dashboard)
    for (const r of routes) {
      const key = `${r.method} ${r.path}`;
      expect(s.RouteSettings[key], key).toEqual({ DetailedMetricsEnabled: true, ThrottlingRateLimit: limits.routes[key]!.rateLimit, ThrottlingBurstLimit: limits.routes[key]!.burstLimit });
      expect(s.RouteSettings[key].ThrottlingRateLimit, key).toBeLessThanOrEqual(s.DefaultRouteSettings.ThrottlingRateLimit);
    }
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
