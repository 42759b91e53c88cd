import http from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from './bootstrap';
import { type StreamPoller, startStreamPoller } from './stream-poller';

const endpoint = process.env.DYNAMODB_ENDPOINT!;
const tableName = `poller-${Date.now().toString(36)}`;
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint, region: 'us-east-1', credentials }));

/** A proxy in front of DynamoDB Local that notes when each GetRecords passed through it, and when its answer ended. */
const reads: number[] = [];
let readsAnswered = 0;
let lastAnswerAt = 0;
const target = new URL(endpoint);
const proxy = http.createServer((req, res) => {
  const isRead = String(req.headers['x-amz-target'] ?? '').endsWith('.GetRecords');
  if (isRead) reads.push(Date.now());
  const out = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    if (isRead)
      answer.on('end', () => {
        readsAnswered += 1;
        lastAnswerAt = Date.now();
      });
    answer.pipe(res);
  });
  req.pipe(out);
});

const handled: string[] = [];
let poller: StreamPoller;

beforeAll(async () => {
  await ensureTable(endpoint, tableName);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as { port: number };
  poller = startStreamPoller({
    endpoint: `http://127.0.0.1:${port}`,
    tableName,
    intervalMs: 50,
    idleMaxMs: 60_000,
    handle: async (records) => {
      for (const r of records) handled.push(String(r.dynamodb?.Keys?.pk?.S));
    },
  });
});

afterAll(async () => {
  await poller.stop();
  await new Promise((resolve) => proxy.close(resolve));
});

const put = (pk: string) => doc.send(new PutCommand({ TableName: tableName, Item: { pk, sk: 'x' } }));
const gaps = () => reads.slice(1).map((t, i) => t - reads[i]!);

describe('the local stream poller', () => {
  it('hands over what was written, and reads less and less often while nothing comes', async () => {
    await put('first');
    await poller.drained();
    expect(handled).toContain('first');

    // idle: each wait twice the one before (50 ms while records come)
    const from = reads.length;
    await new Promise((r) => setTimeout(r, 1700));
    const idleGaps = gaps().slice(from);
    expect(idleGaps.length).toBeGreaterThanOrEqual(3);
    expect(idleGaps.length).toBeLessThanOrEqual(6); // at 50 ms it would be ~34
    for (let i = 1; i < idleGaps.length; i++) expect(idleGaps[i]!).toBeGreaterThan(idleGaps[i - 1]! * 1.5);
  });

  it('reads again at once when nudged, however long its idle wait has grown', async () => {
    // wait for a read that ends a gap of at least 1.5 s and has been answered: the next one is then
    // due ~3 s later (a read still in flight could pick up the record below without the nudge)
    const deadline = Date.now() + 20_000;
    while (!(gaps().at(-1)! >= 1500 && readsAnswered === reads.length && Date.now() - lastAnswerAt < 200)) {
      if (Date.now() > deadline) throw new Error(`no long idle gap: ${gaps().join(', ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const before = reads.length;
    await put('nudged');
    const nudgedAt = Date.now();
    poller.nudge();
    while (!handled.includes('nudged')) {
      expect(Date.now() - nudgedAt).toBeLessThan(1500);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(reads[before]! - nudgedAt).toBeLessThan(1000);
  });
});
