import { afterEach, describe, expect, it, vi } from 'vitest';
import { log, logUser, withLogContext } from './log';

afterEach(() => vi.restoreAllMocks());

const lines = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((c) => JSON.parse(String(c[0])) as Record<string, unknown>);

describe('structured log lines (decision 0022)', () => {
  it('carry the request correlation id, route, domain and user id, one JSON line each', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await withLogContext({ correlationId: 'req-1', route: 'POST /api/auth/login', domain: 'auth' }, async () => {
      log.error('before the session is known', { status: 500 });
      logUser('sub-123');
      log.warn('after');
    });
    const [first, second] = lines(err);
    expect(first).toMatchObject({ level: 'ERROR', message: 'before the session is known', correlationId: 'req-1', route: 'POST /api/auth/login', domain: 'auth', status: 500 });
    expect(first).not.toHaveProperty('userId');
    expect(second).toMatchObject({ level: 'WARN', userId: 'sub-123', correlationId: 'req-1' });
    expect(typeof first!.timestamp).toBe('string');
  });

  it('keeps concurrent requests apart', async () => {
    const out = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const tick = () => new Promise((r) => setTimeout(r, 5));
    await Promise.all(
      ['a', 'b'].map((id) =>
        withLogContext({ correlationId: id, route: 'GET /api/auth/me', domain: 'auth' }, async () => {
          logUser(`user-${id}`);
          await tick();
          log.info('done');
        }),
      ),
    );
    expect(lines(out).map((l) => `${String(l.correlationId)}:${String(l.userId)}`).sort()).toEqual(['a:user-a', 'b:user-b']);
  });

  it('writes outside a request too (no context fields)', () => {
    const out = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    log.info('start-up');
    expect(lines(out)[0]).toMatchObject({ level: 'INFO', message: 'start-up' });
    expect(lines(out)[0]).not.toHaveProperty('correlationId');
  });
});
