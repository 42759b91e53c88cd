import type middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { getEnv } from '../env';
import { HttpError } from '../http-error';
import { type AppContext, type AppEvent, header } from '../request';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function originAllowed(event: AppEvent, origin: string): boolean {
  const { allowedOrigins } = getEnv();
  if (allowedOrigins.includes(origin)) return true;
  // Browsers set Sec-Fetch-Site themselves; page scripts cannot forge it.
  if (header(event, 'sec-fetch-site') === 'same-origin') return true;
  try {
    const host = header(event, 'host');
    return !!host && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * CSRF defence beside SameSite=Strict (DESIGN.md section 6), for every state-changing
 * request except the signature-checked Stripe webhook:
 * - the Origin must be this site's own (403 otherwise, also when it is missing);
 * - a body must be JSON (415). A request without a body may omit the content type, as the
 *   spec's client sets a JSON content type only when there is a body.
 */
export const csrfMiddleware = (): middy.MiddlewareObj<AppEvent, APIGatewayProxyStructuredResultV2, Error, AppContext> => ({
  before: (request) => {
    const { event } = request;
    if (SAFE.has(event.requestContext.http.method) || request.context.app.route.access === 'stripe') return;
    const origin = header(event, 'origin');
    if (!origin || !originAllowed(event, origin)) {
      throw new HttpError(403, 'Cross-site request refused');
    }
    const type = (header(event, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const hasBody = !!event.body && event.body.length > 0;
    if ((type && type !== 'application/json') || (!type && hasBody)) {
      throw new HttpError(415, 'Content-Type must be application/json');
    }
  },
});
