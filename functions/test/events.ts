import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { type RouteName } from '../../local/generate-events';

export const EVENTS_DIR = path.resolve(import.meta.dirname, '../../events');

export interface EventOverrides {
  /** API Gateway v2 `cookies` entries, e.g. `['__Host-fittrack-access=eyJ...']` */
  cookies?: string[];
  /** Headers to set (names are lower-cased like API Gateway does); `undefined` removes one. */
  headers?: Record<string, string | undefined>;
  /** A string is sent as is, anything else as JSON; `null` removes the body. */
  body?: unknown;
  /** Replaces the route key (in both places), e.g. to send an unknown route. */
  routeKey?: string;
  /** Replaces the HTTP method in the request context. */
  method?: string;
  queryStringParameters?: Record<string, string>;
}

const cache = new Map<string, string>();

/** A deep copy of `events/<name>.json` with the given changes applied. */
export function loadEvent(name: RouteName, overrides: EventOverrides = {}): APIGatewayProxyEventV2 {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(path.join(EVENTS_DIR, `${name}.json`), 'utf8');
    cache.set(name, text);
  }
  const event = JSON.parse(text) as APIGatewayProxyEventV2;
  if (overrides.cookies) event.cookies = [...overrides.cookies];
  if (overrides.headers) {
    for (const [k, v] of Object.entries(overrides.headers)) {
      const key = k.toLowerCase();
      if (v === undefined) delete event.headers[key];
      else event.headers[key] = v;
    }
  }
  if (overrides.body !== undefined) {
    if (overrides.body === null) {
      delete event.body;
      delete event.headers['content-length'];
    } else {
      event.body = typeof overrides.body === 'string' ? overrides.body : JSON.stringify(overrides.body);
      event.headers['content-length'] = String(Buffer.byteLength(event.body, 'utf8'));
    }
  }
  if (overrides.routeKey !== undefined) {
    event.routeKey = overrides.routeKey;
    event.requestContext.routeKey = overrides.routeKey;
  }
  if (overrides.method !== undefined) event.requestContext.http.method = overrides.method;
  if (overrides.queryStringParameters) event.queryStringParameters = { ...overrides.queryStringParameters };
  return event;
}
