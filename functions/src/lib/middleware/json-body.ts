import type middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { HttpError, badRequest } from '../http-error';
import { type AppContext, type AppEvent } from '../request';

export const MAX_BODY_BYTES = 16 * 1024;

/** Decodes the body (base64 when API Gateway encoded it) and parses JSON for non-webhook routes. */
export const jsonBodyMiddleware = (): middy.MiddlewareObj<AppEvent, APIGatewayProxyStructuredResultV2, Error, AppContext> => ({
  before: (request) => {
    const { event } = request;
    const app = request.context.app;
    const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
    app.rawBody = raw;
    if (app.route.access === 'stripe') return; // the webhook verifies the exact raw bytes
    if (Buffer.byteLength(raw, 'utf8') > MAX_BODY_BYTES) throw new HttpError(413, 'Request body is too large');
    if (raw.trim() === '') return;
    try {
      app.body = JSON.parse(raw);
    } catch {
      throw badRequest('Request body must be valid JSON');
    }
  },
});
