import { describe, expect, it } from 'vitest';
import { type CfnElement } from 'aws-cdk-lib';
import { tableDefinition } from '@fittrack/functions/table';
import { capacityLimits } from '../lib/capacity-limits';
import { buildStack } from './helpers';

/**
 * Issue 17 point 1, decision 0023: the newest activity-log events are kept off the request path by
 * a consumer of the table's stream, which sees only log items and may touch only its one item.
 */
const { stack, template } = buildStack();
const json = template.toJSON() as { Resources: Record<string, { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] }> };
const fnId = stack.getLogicalId(stack.logDigest.fn.node.defaultChild as CfnElement);
const roleId = stack.getLogicalId(stack.logDigest.house.role.node.defaultChild as CfnElement);

describe('the newest-events stream consumer', () => {
  it('the table streams the new image of every change', () => {
    const t = Object.values(template.findResources('AWS::DynamoDB::GlobalTable'))[0]!.Properties;
    expect(t.StreamSpecification).toEqual({ StreamViewType: tableDefinition.stream });
  });

  it('reads the stream in batches, filtered to inserts and changes of log items, retried and split on failure', () => {
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).map((r) => r.Properties);
    expect(mappings).toHaveLength(1);
    const m = mappings[0]!;
    expect(m.FunctionName).toEqual({ Ref: fnId });
    expect(m.EventSourceArn).toEqual({ 'Fn::GetAtt': [expect.any(String), 'StreamArn'] });
    expect(m).toMatchObject({ StartingPosition: 'LATEST', BatchSize: 1000, MaximumBatchingWindowInSeconds: 10, MaximumRetryAttempts: 10, BisectBatchOnFunctionError: true });
    const patterns = (m.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map((f) => JSON.parse(f.Pattern));
    // its own item is entity NEWEST_LOG: its write never comes back to it
    expect(patterns).toEqual([{ eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { entity: { S: ['LOG'] } } } }]);
  });

  it('may get and put only LOG#NEWEST, and read the stream; reserved concurrency from the model', () => {
    const policies = Object.values(json.Resources).filter((r) => r.Type === 'AWS::IAM::Policy' && (r.Properties.Roles as { Ref: string }[]).some((x) => x.Ref === roleId));
    const statements = policies.flatMap((p) => (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Condition?: unknown }[] }).Statement);
    const items = statements.filter((s) => [s.Action].flat().some((a) => /^dynamodb:(GetItem|PutItem|Update|Delete|BatchGet|Query|Scan)/.test(a)));
    expect(items).toEqual([expect.objectContaining({ Action: ['dynamodb:GetItem', 'dynamodb:PutItem'], Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LOG#NEWEST'] } } })]);
    expect(statements.some((s) => [s.Action].flat().includes('dynamodb:GetRecords'))).toBe(true);
    expect(json.Resources[fnId]!.Properties.ReservedConcurrentExecutions).toBe(capacityLimits().streamConsumerConcurrency);
  });

  it('is alarmed when it falls a minute behind, and on errors', () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((r) => r.Properties);
    expect(alarms.some((a) => a.MetricName === 'IteratorAge' && a.Threshold === 60_000 && JSON.stringify(a.Dimensions).includes(fnId))).toBe(true);
    expect(alarms.some((a) => a.MetricName === 'Errors' && JSON.stringify(a.Dimensions).includes(fnId))).toBe(true);
  });
});
