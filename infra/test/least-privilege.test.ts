import { describe, expect, it } from 'vitest';
import { type CfnElement } from 'aws-cdk-lib';
import { functionEntries, routes, type Domain } from '@fittrack/functions/routes';
import { readAccessRecord } from '@fittrack/functions/lib/db/capacity/recording';
import { buildStack } from './helpers';

/**
 * Issue 17 point 5: each function's DynamoDB statements carry `dynamodb:LeadingKeys` for the
 * partition-key prefixes it needs, and every access the integration run recorded
 * (functions/src/lib/db/capacity/access-record.json) is allowed by its function's policy, as IAM
 * would evaluate it: action, table or index, every leading key, every named attribute.
 */
const { stack, template } = buildStack();
const resources = template.toJSON().Resources as Record<string, ReturnType<typeof template.toJSON>>;
const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);
const domains = Object.keys(functionEntries) as Domain[];

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: { 'ForAllValues:StringLike'?: { 'dynamodb:LeadingKeys'?: string[]; 'dynamodb:Attributes'?: string[] } };
}
const dynamoStatements = (d: Domain): Statement[] => {
  const roleId = id(stack.functions.house[d].role);
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: { Ref: string }) => x.Ref === roleId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement as Statement[])
    .filter((s) => [s.Action].flat().some((a) => a.startsWith('dynamodb:')));
};
const glob = (pattern: string) => new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
const indexOf = (s: Statement) => /\/index\/(\w+)/.exec(JSON.stringify(s.Resource))?.[1] ?? 'table';

/** Whether some statement of the domain allows this access (IAM's StringLike on every key and attribute). */
function allowed(d: Domain, a: { action: string; index: string; leadingKey: string; attributes?: string[] }): boolean {
  return dynamoStatements(d).some((s) => {
    if (s.Effect !== 'Allow' || ![s.Action].flat().includes(`dynamodb:${a.action}`) || indexOf(s) !== a.index) return false;
    const c = s.Condition?.['ForAllValues:StringLike'];
    if (!c?.['dynamodb:LeadingKeys']?.some((p) => glob(p).test(a.leadingKey))) return false;
    const names = c['dynamodb:Attributes'];
    return !names || (a.attributes ?? []).every((n) => names.some((p) => glob(p).test(n)));
  });
}

const leadingKeys = (d: Domain, action: string) =>
  [...new Set(dynamoStatements(d).filter((s) => [s.Action].flat().includes(`dynamodb:${action}`)).flatMap((s) => s.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] ?? []))].sort();

describe('least privilege per item type', () => {
  it.each(domains)('%s: every DynamoDB statement is limited by dynamodb:LeadingKeys, never Scan or a wildcard action', (d) => {
    const st = dynamoStatements(d);
    expect(st.length).toBeGreaterThan(0);
    for (const s of st) {
      expect(s.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys']?.length, JSON.stringify(s)).toBeGreaterThan(0);
      expect([s.Action].flat().filter((a) => /Scan|\*/.test(a))).toEqual([]);
    }
  });

  it('catalog: queries CATALOG#* only, reads a profile for the session check, writes nothing', () => {
    expect(leadingKeys('catalog', 'Query')).toEqual(['CATALOG#*']);
    expect(leadingKeys('catalog', 'GetItem')).toEqual(['USER#*']);
    for (const w of ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'BatchGetItem']) expect(leadingKeys('catalog', w), w).toEqual([]);
  });

  it('tracking: writes only USER# items, and never a profile field (subscription, sessions) — the attribute list says so', () => {
    for (const w of ['PutItem', 'UpdateItem', 'DeleteItem']) expect(leadingKeys('tracking', w), w).toEqual(['USER#*']);
    const writes = dynamoStatements('tracking').filter((s) => [s.Action].flat().includes('dynamodb:UpdateItem'));
    for (const s of writes) {
      const names = s.Condition!['ForAllValues:StringLike']!['dynamodb:Attributes']!;
      expect(names).toContain('pk');
      for (const field of ['subscription', 'subscriptionVersion', 'sessions', 'username', 'email', 'mfa']) expect(names.some((p) => glob(p).test(field)), field).toBe(false);
    }
    expect(allowed('tracking', { action: 'UpdateItem', index: 'table', leadingKey: 'USER#u1', attributes: ['pk', 'sk', 'subscription'] })).toBe(false);
    expect(allowed('tracking', { action: 'UpdateItem', index: 'table', leadingKey: 'USER#u1', attributes: ['pk', 'sk', 'steps', 'steps@<date>'] })).toBe(true);
    expect(allowed('tracking', { action: 'PutItem', index: 'table', leadingKey: 'PAYMENT#stripe#in_1', attributes: ['pk', 'sk'] })).toBe(false);
  });

  it('feedback writes under USER# only its hourly count', () => {
    expect(allowed('feedback', { action: 'UpdateItem', index: 'table', leadingKey: 'USER#u1', attributes: ['pk', 'sk', 'n', 'expiresAt', 'entity'] })).toBe(true);
    expect(allowed('feedback', { action: 'UpdateItem', index: 'table', leadingKey: 'USER#u1', attributes: ['pk', 'sk', 'subscription'] })).toBe(false);
  });

  it('who may write what: payments only billing and the webhook, sign-in limits auth, billing (the password check of account deletion, decision 0021) and the admin system tests', () => {
    const writers = (key: string) => domains.filter((d) => ['PutItem', 'UpdateItem'].some((action) => allowed(d, { action, index: 'table', leadingKey: key, attributes: ['pk', 'sk'] })));
    expect(writers('PAYMENT#stripe#in_1')).toEqual(['billing', 'stripe-webhook']);
    expect(writers('STRIPE_EVENT#evt_1')).toEqual(['stripe-webhook']);
    expect(writers('LOGIN#IP#203.0.113.9')).toEqual(['auth', 'billing', 'admin']);
    expect(writers('CATALOG#MEAL#0')).toEqual([]);
    // USER# items with any attribute: the functions that own profiles and subscriptions
    const profileWriters = domains.filter((d) => allowed(d, { action: 'UpdateItem', index: 'table', leadingKey: 'USER#u1', attributes: ['pk', 'sk', 'subscription'] }));
    expect(profileWriters).toEqual(['auth', 'billing', 'admin', 'stripe-webhook']);
  });

  it('every access the integration run recorded is allowed to its function (table writes and reads, index queries)', () => {
    const record = readAccessRecord();
    const denied: string[] = [];
    for (const r of routes) {
      for (const a of record.routes[`${r.method} ${r.path}`]?.accesses ?? []) {
        if (a.index !== 'table' && a.op === 'write') continue; // an index entry is written by the table write (no IAM action of its own)
        const access = { action: a.action, index: a.index, leadingKey: a.example.pk, attributes: a.op === 'read' ? undefined : a.attributes };
        if (!allowed(r.domain, access)) denied.push(`${r.domain} (${r.method} ${r.path}): ${a.action} ${a.index} ${a.example.pk} [${a.attributes.join(', ')}]`);
      }
    }
    expect(denied).toEqual([]);
  });
});
