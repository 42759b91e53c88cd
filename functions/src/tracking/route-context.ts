import { unauthorized } from '../lib/http-error';
import { type AppRequest } from '../lib/request';
import { type TrackingContext } from './tracking-service';

/** Identity only from the session; "today" from the validated X-Time-Zone (UTC fallback). */
export function ctx(req: AppRequest): TrackingContext {
  if (!req.session) throw unauthorized();
  return { sub: req.session.sub, timeZone: req.timeZone, now: new Date() };
}

/** Today's figures change with every write: never cached. */
export const noStore = { 'Cache-Control': 'no-store' };
