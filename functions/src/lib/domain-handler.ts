import type * as z from 'zod/mini';
import { type Domain, type RouteKeyOf, routes, routeKey } from '../routes';
import { type DomainImpls, createHandler } from './handler-chain';
import { badRequest } from './http-error';
import { accessMiddleware } from './middleware/access';
import { csrfMiddleware } from './middleware/csrf';
import { jsonBodyMiddleware } from './middleware/json-body';
import { type AppRequest, type RouteImpl } from './request';

/**
 * One Lambda per domain. `impls` must cover exactly the domain's routes of the route table
 * (the type makes a missing route a compile error). The middleware order is the security
 * order: response shaping (outermost) → origin secret (came through CloudFront?) → route +
 * request facts → CSRF → session + access → body (lib/handler-chain.ts for the outer part).
 */
export function createDomainHandler<D extends Domain>(domain: D, impls: DomainImpls[D]) {
  return createHandler(domain, impls, [csrfMiddleware(), accessMiddleware(), jsonBodyMiddleware()]);
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
