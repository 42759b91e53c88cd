import { browserTimeZone, zoneReadIsSlow } from './browser-clock';
import { takeEarlyRequest } from './early-requests';
import { nextTask } from './next-task';

/**
 * `api`, the one way the browser talks to the API (SPEC.md sections 7 and 8, DESIGN.md section 6).
 *
 * - Cookies are sent (`credentials: 'same-origin'`): the session lives in HttpOnly cookies.
 * - `Content-Type: application/json` is set only when there is a body.
 * - `X-Time-Zone` carries the browser's IANA time zone on every request ("today" is the user's day).
 * - A non-OK response throws `ApiError` with the message `"<status>: <text or statusText>"`.
 */

/** Per-request options: extra headers (e.g. Idempotency-Key). */
interface RequestOptions {
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status code of the response. */
  readonly status: number;
  /** Raw response text (may be empty). */
  readonly responseText: string;
  /** The server's `{ message }` when the body is JSON with a string message. */
  readonly serverMessage: string | undefined;
  /** Other string fields of the server's JSON answer, for the client to act on (e.g. `mfa`). */
  readonly serverFields: Readonly<Record<string, string>>;

  constructor(status: number, statusText: string, responseText: string) {
    super(`${status}: ${responseText || statusText}`);
    this.status = status;
    this.responseText = responseText;
    const { message, ...fields } = parseServerFields(responseText);
    this.serverMessage = message;
    this.serverFields = fields;
  }
}

function parseServerFields(text: string): Record<string, string> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
    }
  } catch {
    // not JSON: there is no server message
  }
  return {};
}

/**
 * Sends a request and parses the JSON answer (`undefined` for 204 or an empty body); throws
 * `ApiError` when the response is not OK. `body` is serialised as JSON; without one, no body and no
 * Content-Type are sent.
 */
async function request<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  // The page's first request usually starts inside a React commit (SWR starts its fetches there) and
  // needs the time zone. Without Temporal its first read builds an Intl formatter (80–130 ms at a
  // phone's CPU, lib/browser-clock.ts): then it is read in a task of its own, so that it does not
  // lengthen the commit's task (TBT budget, DESIGN.md section 10).
  if (zoneReadIsSlow()) await nextTask();
  const headers = new Headers(options.headers);
  const timeZone = browserTimeZone();
  if (timeZone) headers.set('X-Time-Zone', timeZone);
  const hasBody = body !== undefined;
  if (hasBody) headers.set('Content-Type', 'application/json');

  // A plain GET the page's inline script already sent, with the same zone, is not sent again.
  const early = method === 'GET' && !options.headers ? takeEarlyRequest(path, timeZone) : undefined;
  const response = await (early ??
    fetch(path, {
      method,
      headers,
      body: hasBody ? JSON.stringify(body) : undefined,
      credentials: 'same-origin',
    }));

  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, text);
  }
  const text = await response.text();
  // The caller names the answer's contract type (functions/src/contract), which the server's schema produces.
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The one API client: each function answers the response body typed by the caller's contract type. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  patch: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};

/** The server's message of a refusal (a 4xx answering `{ message }`); undefined for anything else. */
export function refusalMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
}

/** True for errors that come from the network or a 5xx answer rather than from the request itself. */
export function isServerOrNetworkError(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}
