import { createHash } from 'node:crypto';
import { type ConfigResponse } from '../contract/auth';
import { getEnv } from '../lib/env';
import { createDomainHandler } from '../lib/domain-handler';
import { type CatalogKind } from '../lib/db/keys';
import { type AppRequest, type AppResult, header } from '../lib/request';
import { listCatalog } from './catalog-repository';

/** Catalogue answers are private (subscriber-only) but cacheable and revalidated by ETag. */
async function catalogResponse(kind: CatalogKind, req: AppRequest): Promise<AppResult> {
  const items = await listCatalog(kind);
  const etag = `"${createHash('sha256').update(JSON.stringify(items)).digest('base64url').slice(0, 27)}"`;
  const headers = { ETag: etag, 'Cache-Control': 'private, max-age=300, must-revalidate' };
  if (header(req.event, 'if-none-match') === etag) return { status: 304, headers };
  return { status: 200, body: items, headers };
}

export const handler = createDomainHandler('catalog', {
  'GET /api/config': async () => {
    const env = getEnv();
    const body: ConfigResponse = {
      productName: env.productName,
      paymentMode: env.paymentMode,
      stripePublishableKey: env.stripePublishableKey,
      paypalClientId: env.paypalClientId,
    };
    return { status: 200, body };
  },
  'GET /api/meals': (req) => catalogResponse('MEAL', req),
  'GET /api/workouts': (req) => catalogResponse('WORKOUT', req),
  'GET /api/stretches': (req) => catalogResponse('STRETCH', req),
});
