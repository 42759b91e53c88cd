import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Structured logs (issue 17 point 6, decision 0022): one JSON line per entry, with the request's
 * correlation id (API Gateway's request id, also in a 500 answer's text), its route and domain, the
 * function's service name and, once known, the caller's user id; never other personal data (no
 * usernames, emails, tokens or bodies: pass ids and outcomes only). Lambda's JSON log format (set on
 * every function) adds its own request id and timestamp around each line.
 *
 * Not Powertools Logger: it adds 23 KB to every asset (the admin function would pass the 700 KB
 * budget of DESIGN.md section 10) and about 11 ms of CPU to a cold start (farm-bench), for what these
 * thirty lines do. `withLogContext` scopes a request (createDomainHandler opens it), so concurrent
 * requests in the local gateway's one process keep their own ids.
 */
export interface LogContext {
  correlationId: string;
  route: string;
  domain: string;
  userId?: string;
}

const scope = new AsyncLocalStorage<LogContext>();

/** Runs one request inside its log context. */
export const withLogContext = <T>(context: LogContext, work: () => Promise<T>): Promise<T> => scope.run(context, work);

/** Adds the caller's user id (the verified token's `sub`) to the rest of the request's lines. */
export function logUser(userId: string): void {
  const c = scope.getStore();
  if (c) c.userId = userId;
}

type Level = 'error' | 'warn' | 'info';

function write(level: Level, message: string, fields: Record<string, unknown>): void {
  const line = JSON.stringify({
    level: level.toUpperCase(),
    message,
    timestamp: new Date().toISOString(),
    service: process.env.POWERTOOLS_SERVICE_NAME ?? 'fittrack',
    ...scope.getStore(),
    ...fields,
  });
  if (level === 'info') console.log(line);
  else console.error(line);
}

/** The request's log. */
export const log = {
  error: (message: string, fields: Record<string, unknown> = {}) => write('error', message, fields),
  warn: (message: string, fields: Record<string, unknown> = {}) => write('warn', message, fields),
  info: (message: string, fields: Record<string, unknown> = {}) => write('info', message, fields),
};
