import { describe, expect, it } from 'vitest';
import { App, Stack, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { type IConstruct } from 'constructs';
import { buildStack, nagFindings } from './helpers';

/** Every acknowledgement recorded in the construct tree: rule id → reasons. */
function acknowledgements(root: IConstruct): { id: string; reason: string; path: string }[] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) =>
        Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({
          id: id.replace(/^annotation::/i, ''),
          reason,
          path: c.node.path,
        })),
      ),
  );
}

describe('cdk-nag AwsSolutions', () => {
  const { app, stack, edge } = buildStack();

  it('leaves zero unacknowledged errors', () => {
    expect(nagFindings(stack, 'error')).toEqual([]);
  });

  it('leaves zero unacknowledged warnings', () => {
    expect(nagFindings(stack, 'warning')).toEqual([]);
  });

  it('the us-east-1 edge stack (web ACL) has no findings and needs no acknowledgement', () => {
    expect(edge).toBeDefined();
    expect([...nagFindings(edge!, 'error'), ...nagFindings(edge!, 'warning')]).toEqual([]);
    expect(acknowledgements(edge!)).toEqual([]);
  });

  it('gives every acknowledgement a specific reason', () => {
    const acks = acknowledgements(app);
    expect(acks.length).toBeGreaterThan(0);
    for (const a of acks) {
      expect(a.id, a.path).toMatch(/^AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
      expect(a.reason.length, `${a.id} @ ${a.path}`).toBeGreaterThanOrEqual(40);
    }
    // No blanket acknowledgement at stack or app level.
    expect(acks.filter((a) => a.path === stack.node.path || a.path === '')).toEqual([]);
  });

  it('acknowledges nothing that would not fire (no stale acknowledgements)', () => {
    const original = Validations.prototype.acknowledge;
    const recorded: string[] = [];
    Validations.prototype.acknowledge = function (...rules) {
      recorded.push(...rules.map((r) => r.id));
    };
    let raw: string[];
    try {
      const bare = buildStack();
      raw = [bare.stack, bare.edge!].flatMap((s) => [...nagFindings(s, 'error'), ...nagFindings(s, 'warning')]).map((f) => f.split(' @ ')[0]!);
    } finally {
      Validations.prototype.acknowledge = original;
    }
    expect(recorded.length).toBeGreaterThan(0);
    for (const id of new Set(recorded)) expect(raw, id).toContain(id);
  });

  it('can fail: an unlogged, non-TLS bucket is reported, and synth with the plugin refuses it', () => {
    const badApp = new App();
    const bad = new Stack(badApp, 'Bad');
    new s3.Bucket(bad, 'Open');
    const errors = nagFindings(bad, 'error');
    expect(errors).toEqual(expect.arrayContaining([expect.stringMatching(/^AwsSolutions-S1 @ Bad\/Open/), expect.stringMatching(/^AwsSolutions-S10 @ Bad\/Open/)]));
    Validations.of(badApp).addPlugins(new AwsSolutionsChecks(badApp));
    expect(() => badApp.synth()).toThrow(/server access logs/);
  });
});
