import middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod/mini';
import { type Domain, type RouteKeyOf, routes, routeKey } from '../routes';
import { withLogContext } from './log';
import { runChecked } from './profile-check';
import { badRequest, notFound } from './http-error';
import { accessMiddleware } from './middleware/access';
import { csrfMiddleware } from './middleware/csrf';
import { jsonBodyMiddleware } from './middleware/json-body';
import { originVerifyMiddleware } from './middleware/origin-check';
import { requestStateMiddleware } from './middleware/request-state';
import { responseMiddleware } from './middleware/response';
import { type AppContext, type AppEvent, type AppRequest, type RouteImpl } from './request';

/**
 * One Lambda per domain. `impls` must cover exactly the domain's routes of the route table
 * (the type makes a missing route a compile error). The middleware order is the security
 * order: response shaping (outermost) → origin secret (came through CloudFront?) → route +
 * request facts → CSRF → session + access → body.
 */
type DomainImpls = { [D in Domain]: { [K in RouteKeyOf<D>]: RouteImpl } };

export function createDomainHandler<D extends Domain>(domain: D, impls: DomainImpls[D]) {
  const table = impls as Record<string, RouteImpl>;
  for (const r of routes) {
    if (r.domain === domain && !table[routeKey(r)]) throw new Error(`No implementation for ${routeKey(r)}`);
  }
  const dispatch = async (event: AppEvent, context: AppContext): Promise<APIGatewayProxyStructuredResultV2> => {
    const impl = table[event.routeKey];
    if (!impl || context.app.route.domain !== domain) throw notFound();
    const req: AppRequest = {
      ...context.app,
      event,
      pathParameters: (event.pathParameters ?? {}) as Record<string, string>,
      query: (event.queryStringParameters ?? {}) as Record<string, string>,
    };
    // On signed-in routes the request's first DynamoDB call checks the session and subscription (lib/profile-check.ts).
    const result = await runChecked(context.app.profileCheck, () => impl(req));
    return {
      statusCode: result.status,
      headers: { ...(result.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(result.headers ?? {}) },
      ...(result.body !== undefined ? { body: JSON.stringify(result.body) } : {}),
    };
  };
  const chain = middy<AppEvent, APIGatewayProxyStructuredResultV2, Error, AppContext>({ timeoutEarlyInMillis: 0 })
    .use(responseMiddleware())
    .use(originVerifyMiddleware())
    .use(requestStateMiddleware())
    .use(csrfMiddleware())
    .use(accessMiddleware())
    .use(jsonBodyMiddleware())
    .handler(dispatch);
  // Every log line of the request carries its correlation id, route and domain (lib/log.ts).
  return (event: AppEvent, context: AppContext) =>
    withLogContext({ correlationId: event.requestContext?.requestId ?? context.awsRequestId, route: event.routeKey, domain }, () => chain(event, context));
}

/**
 * Route implementations that live in a module of their own, loaded by the first request that
 * needs one of them (esbuild makes that module a chunk). A function's cold start then loads what
 * its busiest routes use and not, say, the Cognito client and the input contracts of every
 * other route (DESIGN.md section 10, docs/decisions/0027). `keep` names the routes the handler
 * implements itself; every other route of the domain comes from `load()`.
 */
export function lazyRoutes<D extends Domain, const K extends RouteKeyOf<D>>(
  domain: D,
  keep: readonly K[],
  load: () => Promise<Record<Exclude<RouteKeyOf<D>, K>, RouteImpl>>,
): Record<Exclude<RouteKeyOf<D>, K>, RouteImpl> {
  const keys = routes.filter((r) => r.domain === domain).map(routeKey).filter((k) => !(keep as readonly string[]).includes(k));
  return Object.fromEntries(
    keys.map((key) => [key, async (req: AppRequest) => ((await load()) as Record<string, RouteImpl>)[key]!(req)]),
  ) as Record<Exclude<RouteKeyOf<D>, K>, RouteImpl>;
}

/**
 * Validates a JSON body against a zod contract: 400 with a message that names the field.
 */
export function parseBody<S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Request body must be a JSON object');
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : undefined;
  if (issue.code === 'unrecognized_keys') throw badRequest(`Unknown field: ${issue.keys.join(', ')}`);
  const msg = issue.message;
  throw badRequest(field && !msg.toLowerCase().startsWith(field.toLowerCase()) ? `${field}: ${msg}` : msg);
}

/** Validates query parameters (strings) against a zod contract. */
export function parseQuery<S extends z.ZodMiniType>(schema: S, query: Record<string, string>): z.infer<S> {
  const r = schema.safeParse(query);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw badRequest(`${issue.path.join('.') || 'query'}: ${issue.message}`);
}
