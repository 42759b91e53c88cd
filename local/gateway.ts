import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { type Domain, apiPathPrefixes, functionEntries, matchRoute } from '../functions/src/routes';
import { recordInvocation } from '../functions/src/lib/db/capacity/recording';
import { getEnv } from '../functions/src/lib/env';
import { inlinePageScriptSources, prerenderedPages, securityHeaders } from '../site/site';

/**
 * The local stand-in for CloudFront + API Gateway (HTTP API, payload 2.0): it turns HTTP
 * requests into API Gateway v2 events, calls the very handler modules that Lambda runs,
 * writes their results (status, headers, several Set-Cookie, base64 bodies), and serves the
 * built SPA with an index.html fallback. Every response carries the security headers.
 */
export interface GatewayOptions {
  /** frontend/dist; when absent only the API is served */
  staticDir?: string;
  /** log each API request to stdout */
  logRequests?: boolean;
  /** Called after each API request has been answered (the stack nudges its stream poller). */
  onApiRequest?: () => void;
}

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const MAX_BODY = 10 * 1024 * 1024; // API Gateway's payload limit
const TEXT_TYPES = /^(text\/|application\/(json|xml|x-www-form-urlencoded|javascript)|[^;]*\+json)/i;
const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest']);

const handlers = new Map<Domain, Promise<LambdaHandler>>();
function loadHandler(domain: Domain): Promise<LambdaHandler> {
  let h = handlers.get(domain);
  if (!h) {
    const file = path.resolve(import.meta.dirname, '../functions/src', functionEntries[domain]);
    h = import(file).then((m: { handler: LambdaHandler }) => m.handler);
    handlers.set(domain, h);
  }
  return h;
}

function readBody(req: http.IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        resolve('too-large');
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, status: number, headers: Record<string, string | string[]>, body?: Buffer | string): void {
  res.writeHead(status, headers);
  res.end(body);
}

function buildEvent(
  req: http.IncomingMessage,
  url: URL,
  body: Buffer,
  routeKey: string,
  pathParameters: Record<string, string>,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === 'cookie') continue;
    headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  }
  const cookieHeader = req.headers.cookie;
  const cookies = cookieHeader ? cookieHeader.split(';').map((c) => c.trim()).filter(Boolean) : undefined;
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_TYPES.test(contentType);
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !isText,
  };
}

function lambdaContext(domain: Domain): Context {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `fittrack-${domain}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:fittrack-${domain}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/fittrack-${domain}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

const gzipCache = new Map<string, { mtime: number; body: Buffer }>();

function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, url: URL, dir: string, baseHeaders: Record<string, string>): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(res, 405, { ...baseHeaders, Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }, 'Method Not Allowed');
    return;
  }
  let rel: string;
  try {
    rel = decodeURIComponent(url.pathname);
  } catch {
    send(res, 400, { ...baseHeaders, 'Content-Type': 'text/plain' }, 'Bad Request');
    return;
  }
  const root = path.resolve(dir);
  // pages with their own pre-rendered first paint (as the CloudFront Function does): /auth → /auth.html
  const page = rel.length > 1 && rel.endsWith('/') ? rel.slice(0, -1) : rel;
  if ((prerenderedPages as readonly string[]).includes(page) && existsSync(path.join(root, `${page}.html`))) rel = `${page}.html`;
  let file = path.resolve(root, '.' + path.posix.normalize(rel));
  if (!file.startsWith(root + path.sep) && file !== root) file = root;
  let exists = existsSync(file) && statSync(file).isFile();
  if (!exists) {
    // SPA fallback: client routes (no file extension) get index.html; missing files 404.
    if (path.extname(rel) && !rel.endsWith('.html')) {
      send(res, 404, { ...baseHeaders, 'Content-Type': 'text/plain' }, 'Not Found');
      return;
    }
    file = path.join(root, 'index.html');
    exists = existsSync(file);
    if (!exists) {
      send(res, 404, { ...baseHeaders, 'Content-Type': 'text/plain' }, 'The frontend is not built: run npm run build');
      return;
    }
  }
  const ext = path.extname(file);
  const immutable = file.startsWith(path.join(root, 'assets') + path.sep);
  const headers: Record<string, string> = {
    ...baseHeaders,
    'Content-Type': MIME[ext] ?? 'application/octet-stream',
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    Vary: 'Accept-Encoding',
  };
  const mtime = statSync(file).mtimeMs;
  let body: Buffer = readFileSync(file);
  if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    const cached = gzipCache.get(file);
    if (cached && cached.mtime === mtime) body = cached.body;
    else {
      body = gzipSync(body, { level: 9 });
      gzipCache.set(file, { mtime, body });
    }
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = String(body.length);
  send(res, 200, headers, req.method === 'HEAD' ? undefined : body);
}

/**
 * How many handler invocations run at once; the rest wait their turn. In AWS every request gets a
 * Lambda container of its own (up to each function's concurrency); here all of them share one Node
 * process and one event loop, so 200 requests at once would run 200 password checks and SDK calls
 * interleaved, and the SDK's one-second connection timeouts (lib/db/client.ts, lib/cognito.ts) would
 * fire while the loop is busy. A queue keeps the local stack answering bursts without 5xx
 * (functions/test/concurrency.int.test.ts); `LOCAL_CONCURRENCY` changes it.
 */
const LOCAL_CONCURRENCY = 16;

function invocationLimit(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
      running += 1;
      try {
        return await work();
      } finally {
        running -= 1;
        waiting.shift()?.();
      }
    },
  };
}

export function createGateway(opts: GatewayOptions = {}): http.Server & { drain: () => Promise<void> } {
  // The same CSP as the Lambda responses (the payment mode of the handlers' environment, which the
  // stack sets after creating the gateway: read on the first request) and, for the pages, the
  // built pages' inline scripts (`inlinePageScripts`, frontend/scripts/prerender.ts) by their hashes.
  let headers: { api: Record<string, string>; page: Record<string, string> } | undefined;
  const siteHeaders = () => {
    if (headers) return headers;
    const env = getEnv();
    const csp = { paymentProviders: env.paymentMode === 'live', paypalSandbox: env.paypalEnvironment === 'sandbox' };
    const inlineScripts = opts.staticDir ? inlinePageScriptSources(opts.staticDir) : undefined;
    return (headers = { api: securityHeaders(csp), page: securityHeaders({ ...csp, inlineScripts }) });
  };
  // Requests still being handled: a client that gives up (autocannon at the end of a run) closes
  // its socket, but the handler goes on; `drain` lets the stack wait for them before it stops the
  // emulators they talk to.
  const inFlight = new Set<Promise<void>>();
  const concurrency = invocationLimit(Number(process.env.LOCAL_CONCURRENCY ?? LOCAL_CONCURRENCY));
  const server = http.createServer((req, res) => {
    const handling: Promise<void> = handle(req, res).finally(() => inFlight.delete(handling));
    inFlight.add(handling);
  });
  const drain = async () => {
    while (inFlight.size) await Promise.allSettled([...inFlight]);
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const started = Date.now();
    const api = apiPathPrefixes.some((p) => url.pathname.startsWith(p));
    try {
      if (!api) {
        if (!opts.staticDir) {
          send(res, 404, { ...siteHeaders().api, 'Content-Type': 'application/json' }, JSON.stringify({ message: 'Not Found' }));
          return;
        }
        serveStatic(req, res, url, opts.staticDir, siteHeaders().page);
        return;
      }
      const match = matchRoute(req.method ?? 'GET', url.pathname);
      if (!match.route) {
        // API Gateway answers unknown routes with 404 {"message":"Not Found"}.
        send(res, 404, { ...siteHeaders().api, 'Content-Type': 'application/json' }, JSON.stringify({ message: 'Not Found' }));
        return;
      }
      const body = await readBody(req);
      if (body === 'too-large') {
        send(res, 413, { ...siteHeaders().api, 'Content-Type': 'application/json' }, JSON.stringify({ message: 'Request body is too large' }));
        return;
      }
      const { route, pathParameters } = match;
      const routeKey = `${route.method} ${route.path}`;
      const handler = await loadHandler(route.domain);
      const event = buildEvent(req, url, body, routeKey, pathParameters);
      // With CAPACITY_RECORD_DIR set (the integration run), every DynamoDB command of the request is
      // recorded: for the capacity record and the per-route call budget (local/test-global-setup.ts).
      const result = await concurrency.run(() => recordInvocation(routeKey, () => handler(event, lambdaContext(route.domain))));
      const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
      if (result.cookies?.length) headers['Set-Cookie'] = result.cookies;
      const out = result.body === undefined ? undefined : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : Buffer.from(result.body, 'utf8');
      send(res, result.statusCode ?? 200, headers, out);
      if (opts.logRequests) console.log(`${req.method} ${url.pathname} → ${result.statusCode} (${Date.now() - started} ms)`);
    } catch (err) {
      // A handler that throws past its own error middleware is a Lambda failure: API Gateway answers 500.
      console.error(`gateway: ${req.method} ${url.pathname} failed:`, err);
      if (!res.headersSent) send(res, 500, { ...siteHeaders().api, 'Content-Type': 'application/json' }, JSON.stringify({ message: 'Internal Server Error' }));
      else res.end();
    }
    // a handler that ran may have written to the table, whatever it answered
    if (api) opts.onApiRequest?.();
  }
  return Object.assign(server, { drain });
}
