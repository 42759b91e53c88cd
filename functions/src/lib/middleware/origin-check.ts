import type middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { getEnv } from '../env';
import { HttpError } from '../http-error';
import { ORIGIN_VERIFY_HEADER, originSecretMatcher } from '../origin-secret';
import { type AppContext, type AppEvent, header } from '../request';

export const DIRECT_ACCESS_REFUSED = 'Direct access to the API is not allowed';

let matcher: { secret: string; matches: (presented: string | undefined) => boolean } | undefined;

/**
 * First check of every request (right after the response shaping, which turns the refusal into
 * JSON `{ message }` with the security headers): when the stack configured an origin secret
 * (ORIGIN_VERIFY_SECRET), a request without CloudFront's `x-origin-verify` header, or with a wrong
 * value, is refused with 403 before anything else reads it (route, IP, session, body).
 * Not configured (locally) means no check. The expected value is read once per cold start.
 */
export const originVerifyMiddleware = (): middy.MiddlewareObj<AppEvent, APIGatewayProxyStructuredResultV2, Error, AppContext> => ({
  before: (request) => {
    const secret = getEnv().originVerifySecret;
    if (!secret) return;
    if (matcher?.secret !== secret) matcher = { secret, matches: originSecretMatcher(secret) };
    if (!matcher.matches(header(request.event, ORIGIN_VERIFY_HEADER))) throw new HttpError(403, DIRECT_ACCESS_REFUSED);
  },
});
