import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { type Route } from '../routes';
import { type ProfileCheck } from './profile-check';
import { type Role } from './users';

export type AppEvent = APIGatewayProxyEventV2;

export interface Session {
  sub: string;
  username: string;
  groups: string[];
  role: Role;
  /** the session's key in the profile (lib/session.ts `sessionKeyOf` of the refresh cookie); none without that cookie */
  key?: string;
}

/** What the middleware chain learns about a request; handlers read it, never the raw cookies. */
export interface RequestState {
  route: Route;
  requestId: string;
  ip: string;
  /** IANA zone from X-Time-Zone, validated; UTC when absent or invalid. */
  timeZone: string;
  session?: Session;
  /** Signed-in routes: the check of the session (and on subscriber routes the subscription), made by the request's first DynamoDB call (lib/profile-check.ts). */
  profileCheck?: ProfileCheck;
  /** Parsed JSON body (undefined when the request had none). */
  body: unknown;
  /** Raw body text (the Stripe webhook needs the exact bytes). */
  rawBody: string;
  /** Set-Cookie values to add to the response (session refresh, login, logout). */
  setCookies: string[];
}

export interface AppContext extends Context {
  app: RequestState;
}

export interface AppRequest extends RequestState {
  event: AppEvent;
  pathParameters: Record<string, string>;
  query: Record<string, string>;
}

export interface AppResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type RouteImpl = (req: AppRequest) => Promise<AppResult>;

export const header = (event: AppEvent, name: string): string | undefined => {
  const h = event.headers ?? {};
  return h[name] ?? h[name.toLowerCase()] ?? Object.entries(h).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
};
