import { describe, expect, it, vi } from 'vitest';
import { routeKey, routes } from '../routes';
import { lazyRoutes } from './domain-handler';
import { type AppRequest } from './request';

describe('lazyRoutes', () => {
  const trackingKeys = routes.filter((r) => r.domain === 'tracking').map(routeKey);

  it('covers every route of the domain but the kept ones', () => {
    const lazy = lazyRoutes('tracking', ['GET /api/progress/today'], async () => ({}) as never);
    expect(Object.keys(lazy).sort()).toEqual(trackingKeys.filter((k) => k !== 'GET /api/progress/today').sort());
  });

  it('loads the module on the first request of one of its routes, not before, and answers what its route answers', async () => {
    const patch = vi.fn(async () => ({ status: 200, body: { ok: true } }));
    const load = vi.fn(async () => ({ 'PATCH /api/progress/today': patch }) as never);
    const tracking = lazyRoutes('tracking', ['GET /api/progress/today'], load);
    expect(load).not.toHaveBeenCalled();
    const req = { body: { steps: 1 } } as unknown as AppRequest;
    await expect(tracking['PATCH /api/progress/today'](req)).resolves.toEqual({ status: 200, body: { ok: true } });
    expect(load).toHaveBeenCalledTimes(1);
    expect(patch).toHaveBeenCalledWith(req);
  });

  it('passes on a failure of the loaded route', async () => {
    const lazy = lazyRoutes('admin', ['GET /api/admin/logs'], async () => ({
      'POST /api/admin/system-tests/{test}': async () => {
        throw new Error('boom');
      },
    }));
    await expect(lazy['POST /api/admin/system-tests/{test}']({} as AppRequest)).rejects.toThrow('boom');
  });
});
