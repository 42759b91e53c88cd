import middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { type Domain, type RouteKeyOf, routes, routeKey } from '../routes';
import { withLogContext } from './log';
import { runChecked } from './profile-check';
import { notFound } from './http-error';
import { jsonBodyMiddleware } from './middleware/json-body';
import { originVerifyMiddleware } from './middleware/origin-check';
import { requestStateMiddleware } from './middleware/request-state';
import { responseMiddleware } from './middleware/response';
import { type AppContext, type AppEvent, type AppRequest, type RouteImpl } from './request';

/** A domain's route implementations: exactly the domain's routes of the route table. */
export type DomainImpls = { [D in Domain]: { [K in RouteKeyOf<D>]: RouteImpl } };

type Middleware = middy.MiddlewareObj<AppEvent, APIGatewayProxyStructuredResultV2, Error, AppContext>;

/**
 * The chain every function shares, outermost first: response shaping → origin secret (came
 * through CloudFront?) → route + request facts → `inner` (lib/domain-handler.ts: CSRF → session +
 * access → body) → the route. Every log line of the request carries its correlation id, route and
 * domain (lib/log.ts).
 */
export function createHandler<D extends Domain>(domain: D, impls: DomainImpls[D], inner: Middleware[]) {
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
  let chain = middy<AppEvent, APIGatewayProxyStructuredResultV2, Error, AppContext>({ timeoutEarlyInMillis: 0 })
    .use(responseMiddleware())
    .use(originVerifyMiddleware())
    .use(requestStateMiddleware());
  for (const m of inner) chain = chain.use(m);
  const handler = chain.handler(dispatch);
  return (event: AppEvent, context: AppContext) =>
    withLogContext({ correlationId: event.requestContext?.requestId ?? context.awsRequestId, route: event.routeKey, domain }, () => handler(event, context));
}

/**
 * A function whose every route is a provider's webhook (access `stripe` in the route table: no
 * session, no CSRF check, no JSON parsing; the route checks the provider's signature on the exact
 * raw body, which the body middleware decodes). The CSRF and access middlewares would do nothing
 * for such a route, so its chain leaves them out, and its cold start loads neither the session
 * code nor the token verifier (DESIGN.md section 10). A domain with any other route is refused.
 */
export function createProviderWebhookHandler<D extends Domain>(domain: D, impls: DomainImpls[D]) {
  const other = routes.filter((r) => r.domain === domain && r.access !== 'stripe');
  if (other.length) throw new Error(`${domain} has routes that need the full chain: ${other.map(routeKey).join(', ')}`);
  return createHandler(domain, impls, [jsonBodyMiddleware()]);
}
