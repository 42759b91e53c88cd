import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { clientIp, resolveTimeZone } from './request-state';

describe('resolveTimeZone', () => {
  it.each(['Europe/Berlin', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Chatham', 'Australia/Lord_Howe', 'Etc/GMT+5', 'UTC'])(
    'accepts the IANA zone %s',
    (zone) => {
      expect(resolveTimeZone(zone)).toBe(zone);
    },
  );

  it.each(['Asia/Kolkata', 'America/Argentina/Buenos_Aires', 'Europe/Kyiv'])('accepts %s (possibly under its ICU alias) with the same offset', (zone) => {
    const resolved = resolveTimeZone(zone);
    expect(resolved).not.toBe('UTC');
    const offset = (z: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone: z, timeZoneName: 'longOffset' }).formatToParts(new Date('2026-07-01T00:00:00Z')).find((p) => p.type === 'timeZoneName')?.value;
    expect(offset(resolved)).toBe(offset(zone));
  });

  it('keeps Kiritimati (UTC+14), the earliest calendar day on Earth', () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: resolveTimeZone('Pacific/Kiritimati') }).format(new Date('2026-01-01T10:30:00Z'));
    expect(day).toBe('2026-01-02');
  });

  it('canonicalises the case of a known zone', () => {
    expect(resolveTimeZone('europe/berlin')).toBe('Europe/Berlin');
  });

  it.each([undefined, '', ' ', 'Mars/Olympus_Mons', 'Europe/Atlantis', 'Not a zone', 'GMT+99', '+01:00', '-05:00', '1234'])(
    'answers UTC for a missing or unknown zone (%j)',
    (value) => {
      expect(resolveTimeZone(value)).toBe('UTC');
    },
  );

  it.each([
    'Europe/Berlin\n',
    'Europe/Berlin; DROP TABLE',
    "Europe/Berlin' OR '1'='1",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    'Europe/../../etc/passwd',
    'Europe/Berlin\u0000',
    '${jndi:ldap://x}',
    'A'.repeat(65),
    'Europe/Berlin'.padEnd(200, '/x'),
  ])('answers UTC for an injection-like value (%j)', (value) => {
    expect(resolveTimeZone(value)).toBe('UTC');
  });

  it('always answers a zone the runtime accepts (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (value) => {
        const zone = resolveTimeZone(value);
        expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
        expect(zone).toMatch(/^[A-Za-z][A-Za-z0-9_+\-/]*$/);
      }),
    );
    // 100 runs of Intl.DateTimeFormat: about 1 s alone, past 5 s on a busy 2-core machine
  }, 30_000);
});

describe('clientIp', () => {
  const event = (headers: Record<string, string>) =>
    ({ headers, requestContext: { http: { sourceIp: '130.176.0.1' } } }) as unknown as Parameters<typeof clientIp>[0];
  afterEach(() => {
    delete process.env.TRUST_VIEWER_IP_HEADER;
  });

  it('uses the connection address unless the stack says a CloudFront Function sets x-viewer-ip', () => {
    expect(clientIp(event({ 'x-viewer-ip': '198.51.100.9' }))).toBe('130.176.0.1');
    process.env.TRUST_VIEWER_IP_HEADER = 'true';
    expect(clientIp(event({ 'x-viewer-ip': '198.51.100.9' }))).toBe('198.51.100.9');
    expect(clientIp(event({ 'x-viewer-ip': '2001:db8::1' }))).toBe('2001:db8::1');
  });

  it('ignores a malformed header value', () => {
    process.env.TRUST_VIEWER_IP_HEADER = 'true';
    expect(clientIp(event({ 'x-viewer-ip': 'LOGIN#USER#admin' }))).toBe('130.176.0.1');
    expect(clientIp(event({}))).toBe('130.176.0.1');
  });
});
