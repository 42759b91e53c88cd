import { generateSync } from 'otplib';
import { Agent, fetch } from 'undici';

let clients = 0;
/**
 * A loopback address of its own for each client (Linux answers all of 127.0.0.0/8): the gateway sees
 * each test's browser as a device of its own, as the sign-in limits do per address (decision 0017),
 * so that the deliberate wrong passwords of a whole run never add up to one address's limit.
 */
function ownLoopbackAddress(): string {
  const n = ++clients + process.pid * 997;
  return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 255) || 1}`;
}

/**
 * A small HTTP client for integration tests: a cookie jar per instance (as a browser has), its own
 * source address, same-origin Origin header on state-changing requests, JSON in and out.
 */
export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
  setCookies: string[];
}

export class ApiClient {
  readonly baseUrl: string;
  readonly jar = new Map<string, string>();
  /** The address the gateway sees this client connect from. */
  readonly address = ownLoopbackAddress();
  private readonly dispatcher = new Agent({ localAddress: this.address });
  constructor(baseUrl = process.env.TEST_BASE_URL!) {
    if (!baseUrl) throw new Error('TEST_BASE_URL is not set: run through the functions-int project');
    this.baseUrl = baseUrl;
  }

  /** The session's cookies as API Gateway v2 puts them in `event.cookies` (a handler invoked in-process). */
  cookies(): string[] {
    return [...this.jar].map(([k, v]) => `${k}=${v}`);
  }

  cookieHeader(): string {
    return this.cookies().join('; ');
  }

  async request<T = unknown>(
    method: string,
    path: string,
    opts: { body?: unknown; rawBody?: string; headers?: Record<string, string>; origin?: string | null } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { 'x-time-zone': 'UTC', ...(opts.headers ?? {}) };
    if (this.jar.size) headers.cookie = this.cookieHeader();
    if (method !== 'GET' && opts.origin !== null) headers.origin = opts.origin ?? this.baseUrl;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual', dispatcher: this.dispatcher });
    const setCookies = res.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair, ...attrs] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed as T, text, headers: res.headers, setCookies };
  }

  get<T = unknown>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }
  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { body, headers });
  }
}

let counter = 0;
/** A unique, valid username per call (tests share one user pool). */
export const uniqueName = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;
export const STRONG_PASSWORD = 'orbit-lantern-quartz-42';

/** Signs up a fresh user and returns its client (with session cookies). */
export async function signedUpClient(prefix = 'user') {
  const c = new ApiClient();
  const username = uniqueName(prefix);
  const res = await c.post<{ user: { id: string } }>('/api/auth/signup', { username, email: `${username}@example.com`, password: STRONG_PASSWORD });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
  return { client: c, username, id: res.body.user.id };
}

/** A new session of an existing account (`totpSecret`: the account has two-step sign-in, decision 0018). */
export async function loggedInClient(username: string, password = STRONG_PASSWORD, totpSecret?: string) {
  const c = new ApiClient();
  const res = await c.post('/api/auth/login', { username, password, ...(totpSecret ? { code: generateSync({ secret: totpSecret }) } : {}) });
  if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${res.text}`);
  return c;
}

export const adminClient = () => loggedInClient('admin', process.env.TEST_ADMIN_PASSWORD, process.env.TEST_ADMIN_TOTP_SECRET);

/** Signs up a fresh user with an active subscription (granted directly in the table). */
export async function subscriberClient(prefix = 'sub') {
  const { grantSubscription } = await import('../../test-support/subscriptions');
  const u = await signedUpClient(prefix);
  await grantSubscription(u.id);
  return u;
}
