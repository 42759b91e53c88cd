import { addMealRequest, entryIdParam, historyQuery, IDEMPOTENCY_HEADER, patchProgressRequest, postPushupsRequest, removeMealQuery, removePushupsQuery } from '../contract/tracking';
import { createDomainHandler, parseBody, parseQuery } from '../lib/domain-handler';
import { badRequest, unauthorized } from '../lib/http-error';
import { type AppRequest, header } from '../lib/request';
import {
  type TrackingContext,
  type Written,
  addMeal,
  getHistory,
  getMealsToday,
  getProgressToday,
  getPushupsToday,
  patchProgressToday,
  postPushups,
  removeMeal,
  removePushups,
} from './tracking-service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Identity only from the session; "today" from the validated X-Time-Zone (UTC fallback). */
function ctx(req: AppRequest): TrackingContext {
  if (!req.session) throw unauthorized();
  return { sub: req.session.sub, timeZone: req.timeZone, now: new Date() };
}

function idempotencyKey(req: AppRequest): string | undefined {
  const value = header(req.event, IDEMPOTENCY_HEADER);
  if (value === undefined) return undefined;
  if (!UUID.test(value.trim())) throw badRequest(`${IDEMPOTENCY_HEADER} must be a UUID`);
  return value.trim().toLowerCase();
}

/** The `{id}` path parameter of today's meal entry or push-up set: 400 when it cannot be one. */
function entryId(req: AppRequest): string {
  const r = entryIdParam.safeParse(req.pathParameters.id ?? '');
  if (!r.success) throw badRequest(r.error.issues[0]!.message);
  return r.data;
}

const noStore = { 'Cache-Control': 'no-store' };

/** A tracking write's answer; a retry's says so (`Idempotent-Replayed`, as for push-ups). */
const written = ({ progress, replayed }: Written) => ({ status: 200, body: progress, headers: { ...noStore, ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}) } });

/** Daily tracking (thin: validation in the contract, rules in the service, DynamoDB in the repository). */
export const handler = createDomainHandler('tracking', {
  'GET /api/progress/today': async (req) => ({ status: 200, body: await getProgressToday(ctx(req)), headers: noStore }),
  'PATCH /api/progress/today': async (req) => {
    const key = idempotencyKey(req);
    const body = parseBody(patchProgressRequest, req.body);
    return written(await patchProgressToday(ctx(req), body, key));
  },
  'POST /api/progress/today/meals': async (req) => {
    const key = idempotencyKey(req);
    const { mealId } = parseBody(addMealRequest, req.body);
    return written(await addMeal(ctx(req), mealId, key));
  },
  'GET /api/progress/today/meals': async (req) => ({ status: 200, body: await getMealsToday(ctx(req)), headers: noStore }),
  'DELETE /api/progress/today/meals/{id}': async (req) => {
    const id = entryId(req);
    const { calories } = parseQuery(removeMealQuery, req.query);
    return { status: 200, body: await removeMeal(ctx(req), id, calories === undefined ? undefined : Number(calories)), headers: noStore };
  },
  'GET /api/progress/history': async (req) => {
    const { days } = parseQuery(historyQuery, req.query);
    return { status: 200, body: await getHistory(ctx(req), Number(days)), headers: noStore };
  },
  'GET /api/pushups/today': async (req) => ({ status: 200, body: await getPushupsToday(ctx(req)), headers: noStore }),
  'POST /api/pushups': async (req) => {
    const key = idempotencyKey(req);
    const { count } = parseBody(postPushupsRequest, req.body);
    const { set, replayed } = await postPushups(ctx(req), count, key);
    return { status: replayed ? 200 : 201, body: set, headers: { ...noStore, ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}) } };
  },
  'DELETE /api/pushups/{id}': async (req) => {
    const id = entryId(req);
    const { count } = parseQuery(removePushupsQuery, req.query);
    return { status: 200, body: await removePushups(ctx(req), id, count === undefined ? undefined : Number(count)), headers: noStore };
  },
});
