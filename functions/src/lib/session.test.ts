import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTestEnv } from '../../test/env';
import { accessToken } from '../../test/jwt';
import { type AppEvent } from './request';

setTestEnv();
afterEach(() => vi.restoreAllMocks());

describe('resolveSession when the key set is unreachable', () => {
  it('fails as a dependency outage (503) and leaves the session cookies alone', async () => {
    vi.resetModules(); // a verifier with an empty JWKS cache
    const { jwksTransport } = await import('./access-token');
    vi.spyOn(jwksTransport, 'get').mockRejectedValue(new Error('connect ECONNREFUSED'));
    const { resolveSession } = await import('./session');
    const setCookies: string[] = [];
    const event = { cookies: [`__Host-fittrack-access=${accessToken()}`, '__Host-fittrack-refresh=refresh-token'], headers: {} } as unknown as AppEvent;
    await expect(resolveSession(event, setCookies)).rejects.toMatchObject({ name: 'ServiceUnavailable' });
    expect(setCookies).toEqual([]);
  });

  it('maps the outage to a 503 JSON answer through the handler chain', async () => {
    vi.resetModules();
    const { jwksTransport } = await import('./access-token');
    vi.spyOn(jwksTransport, 'get').mockRejectedValue(new Error('connect ECONNREFUSED'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { loadEvent } = await import('../../test/events');
    const { handler } = await import('../auth/handler');
    const res = (await handler(loadEvent('get-auth-me', { cookies: [`__Host-fittrack-access=${accessToken()}`] }), {} as never)) as {
      statusCode: number;
      body: string;
      cookies?: string[];
    };
    expect(res.statusCode).toBe(503);
    expect(JSON.parse(res.body)).toEqual({ message: 'Service temporarily unavailable. Please try again shortly.' });
    expect(res.cookies ?? []).toEqual([]);
  });
});
