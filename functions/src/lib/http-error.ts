/** An error with an HTTP status and a message that is safe to show to the caller. */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** Fields the JSON answer carries beside `message`, for clients that act on them (e.g. `mfa`). */
  readonly fields: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.headers = headers;
    this.fields = fields;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new HttpError(429, message, retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {});
