/**
 * Requests the pages' inline script started before the app's scripts ran (public/appearance.js:
 * a returning subscriber's session check and today's figures on the dashboard, DESIGN.md section
 * 10; where no user is stored, the session check, whose 401 sends the visitor to /auth before the
 * app has started, and whose subscriber's answer before then has today's figures asked for too).
 * The API client takes each one for its own first GET of the same path, once.
 */
import { readStorage, removeStorage, writeStorage } from './storage';

/** Where a signed-in browser keeps its time zone for the next visit's early requests. */
const ZONE_KEY = 'timeZone';

interface EarlyRequests {
  /**
   * The X-Time-Zone the requests were sent with (the zone stored by the last visit, or the
   * browser's, read by the page once its session check said subscriber). None: the session check
   * alone, sent where no user is stored (a visitor who may be signed out), whose answer does not
   * depend on the zone.
   */
  zone?: string;
  requests: Partial<Record<string, Promise<Response>>>;
}

declare global {
  interface Window {
    __earlyRequests?: EarlyRequests;
  }
}

/**
 * The early answer to GET `path`, if one was asked for with the browser's current time zone
 * (`zone`); undefined otherwise. Each is handed out once: a later request is a new one.
 */
export function takeEarlyRequest(path: string, zone: string | undefined): Promise<Response> | undefined {
  const early = window.__earlyRequests;
  const request = early?.requests[path];
  if (!early || !request) return undefined;
  delete early.requests[path];
  // "today" is the zone's day: an answer for another zone (the phone travelled) is not used
  return early.zone === undefined || early.zone === zone ? request : undefined;
}

/** Keeps the zone the next visit's early requests are sent with (written only when it changed). */
export function keepZoneForEarlyRequests(zone: string | undefined): void {
  if (zone && readStorage(ZONE_KEY) !== zone) writeStorage(ZONE_KEY, zone);
}

/** Signed out: nothing is asked for early on the next visit. */
export function forgetZoneForEarlyRequests(): void {
  removeStorage(ZONE_KEY);
}
