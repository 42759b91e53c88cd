import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { expect } from 'vitest';
import { recordInvocation } from '../src/lib/db/capacity/recording';
import { type AppContext } from '../src/lib/request';

export type Result = APIGatewayProxyStructuredResultV2 & { statusCode: number; headers: Record<string, string> };

type DomainHandler = (event: APIGatewayProxyEventV2, context: AppContext) => Promise<APIGatewayProxyStructuredResultV2>;

let n = 0;
function lambdaContext(): AppContext {
  n += 1;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'fittrack-test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:eu-central-1:123456789012:function:fittrack-test',
    memoryLimitInMB: '512',
    awsRequestId: `aws-request-${n}`,
    logGroupName: '/aws/lambda/fittrack-test',
    logStreamName: 'test',
    getRemainingTimeInMillis: () => 29_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  } as unknown as AppContext;
}

/** Invokes a domain handler as Lambda would and normalises the result for assertions. */
export async function invoke(handler: DomainHandler, event: APIGatewayProxyEventV2): Promise<Result> {
  // the integration run records what each route touches, here as through the local gateway (decision 0020)
  const res = await recordInvocation(event.routeKey, () => handler(event, lambdaContext()));
  expect(res.statusCode, 'every response has a status code').toEqual(expect.any(Number));
  return { ...res, statusCode: res.statusCode!, headers: (res.headers ?? {}) as Record<string, string> };
}

export const jsonBody = (res: Result): unknown => JSON.parse(res.body ?? 'null');

/** DESIGN.md section 6: the headers every API response carries. */
export function expectSecurityHeaders(res: Result): void {
  const h = res.headers;
  const maxAge = Number(/max-age=(\d+)/.exec(h['Strict-Transport-Security'] ?? '')?.[1]);
  expect(maxAge, 'HSTS max-age of at least one year').toBeGreaterThanOrEqual(31_536_000);
  const csp = h['Content-Security-Policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(h['X-Content-Type-Options']).toBe('nosniff');
  expect(h['Referrer-Policy']).toMatch(/^(no-referrer|strict-origin-when-cross-origin|same-origin)$/);
}

/** An error answer: status, JSON `{ message }` (exactly one field), security headers, no-store. */
export function expectJsonError(res: Result, status: number, message?: string | RegExp): string {
  expect(res.statusCode).toBe(status);
  expectSecurityHeaders(res);
  expect(res.headers['Cache-Control']).toBe('no-store');
  expect(res.headers['Content-Type']).toMatch(/^application\/json/);
  const body = jsonBody(res) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['message']);
  expect(typeof body.message).toBe('string');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body.message as string;
}

/** The Set-Cookie values of a response, by cookie name. */
export function cookiesByName(res: Result): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of res.cookies ?? []) out[c.slice(0, c.indexOf('='))] = c;
  return out;
}
