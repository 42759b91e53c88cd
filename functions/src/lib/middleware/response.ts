import type middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ulid } from 'ulidx';
import { getEnv } from '../env';
import { HttpError } from '../http-error';
import { type AppContext, type AppEvent } from '../request';
import { securityHeaders } from '../../../../site/site';
import { log } from '../log';

type Result = APIGatewayProxyStructuredResultV2;

const isUnavailable = (err: unknown): boolean => {
  const e = err as { name?: string; code?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code;
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code ?? '') ||
    ['TimeoutError', 'RequestTimeout', 'ServiceUnavailable', 'ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded'].includes(e?.name ?? '')
  );
};

/**
 * Outermost middleware: every response, success or error, gets the security headers,
 * `Cache-Control: no-store` unless the handler chose otherwise, and the cookies the chain
 * queued. Errors become JSON `{ message }`: HttpError keeps its status and message; an
 * unreachable dependency is 503; anything else is 500 with a request id, never a stack.
 */
export const responseMiddleware = (): middy.MiddlewareObj<AppEvent, Result, Error, AppContext> => {
  const finish = (request: middy.Request<AppEvent, Result, Error, AppContext>) => {
    const res = request.response ?? { statusCode: 204 };
    const env = getEnv();
    res.headers = { ...securityHeaders({ paymentProviders: env.paymentMode === 'live', paypalSandbox: env.paypalEnvironment === 'sandbox' }), 'Cache-Control': 'no-store', ...(res.headers ?? {}) };
    const queued = request.context.app?.setCookies ?? [];
    if (queued.length) res.cookies = [...queued, ...(res.cookies ?? [])];
    request.response = res;
  };
  return {
    after: finish,
    onError: (request) => {
      const err = request.error;
      let status = 500;
      let message = 'Internal server error';
      let headers: Record<string, string> = {};
      let fields: Record<string, string> = {};
      if (err instanceof HttpError) {
        status = err.status;
        message = err.message;
        headers = err.headers;
        fields = err.fields;
      } else if (isUnavailable(err)) {
        status = 503;
        message = 'Service temporarily unavailable. Please try again shortly.';
        headers = { 'Retry-After': '2' };
      }
      if (status >= 500 && !(err instanceof HttpError)) {
        const requestId = request.context.app?.requestId ?? request.context.awsRequestId ?? ulid();
        log.error('request failed', { requestId, status, error: String(err), stack: (err as Error)?.stack });
        if (status === 500) message = `Internal server error (request ${requestId})`;
      }
      request.response = {
        statusCode: status,
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ message, ...fields }),
      };
      finish(request);
    },
  };
};
