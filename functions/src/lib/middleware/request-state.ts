import type middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ulid } from 'ulidx';
import { findRouteByKey } from '../../routes';
import { notFound } from '../http-error';
import { type AppContext, type AppEvent, header } from '../request';

const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** Validates an IANA time zone name; UTC when absent or not a zone the runtime knows. */
export function resolveTimeZone(value: string | undefined): string {
  if (!value || !ZONE_SHAPE.test(value)) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * The caller's IP. Behind CloudFront (TRUST_VIEWER_IP_HEADER=true, set by the stack) API Gateway's
 * sourceIp is the edge, so the IP comes from `x-viewer-ip`, which a CloudFront Function sets and
 * overwrites on every API request. Locally (and when unset) it is the connection's address.
 */
export function clientIp(event: AppEvent): string {
  const viewer = process.env.TRUST_VIEWER_IP_HEADER === 'true' ? header(event, 'x-viewer-ip')?.trim() : undefined;
  if (viewer && /^[0-9a-fA-F:.]{2,45}$/.test(viewer)) return viewer;
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}

/** Resolves the route from the route table and gathers request facts (ip, time zone, ids). */
export const requestStateMiddleware = (): middy.MiddlewareObj<AppEvent, APIGatewayProxyStructuredResultV2, Error, AppContext> => ({
  before: (request) => {
    const event = request.event;
    const route = findRouteByKey(event.routeKey);
    const requestId = event.requestContext?.requestId ?? ulid();
    request.context.app = {
      route: route!,
      requestId,
      ip: clientIp(event),
      timeZone: resolveTimeZone(header(event, 'x-time-zone')),
      body: undefined,
      rawBody: '',
      setCookies: [],
    };
    if (!route) throw notFound('Not found');
  },
});
