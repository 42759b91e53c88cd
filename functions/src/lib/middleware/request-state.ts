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

/** Resolves the route from the route table and gathers request facts (ip, time zone, ids). */
export const requestStateMiddleware = (): middy.MiddlewareObj<AppEvent, APIGatewayProxyStructuredResultV2, Error, AppContext> => ({
  before: (request) => {
    const event = request.event;
    const route = findRouteByKey(event.routeKey);
    const requestId = event.requestContext?.requestId ?? ulid();
    request.context.app = {
      route: route!,
      requestId,
      ip: event.requestContext?.http?.sourceIp ?? 'unknown',
      timeZone: resolveTimeZone(header(event, 'x-time-zone')),
      body: undefined,
      rawBody: '',
      setCookies: [],
      entitlement: 'not-required',
    };
    if (!route) throw notFound('Not found');
  },
});
