import { addMealRequest, entryIdParam, historyQuery, IDEMPOTENCY_HEADER, patchProgressRequest, postPushupsRequest, removeMealQuery, removePushupsQuery } from '../contract/tracking';
import { parseBody, parseQuery } from '../lib/domain-handler';
import { badRequest } from '../lib/http-error';
import { type AppRequest, type RouteImpl, header } from '../lib/request';
import { type RouteKeyOf } from '../routes';
import { ctx, noStore } from './route-context';
import { type Written, addMeal, getHistory, patchProgressToday, postPushups, removeMeal, removePushups } from './tracking-service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

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

/** A tracking write's answer; a retry's says so (`Idempotent-Replayed`, as for push-ups). */
const written = ({ progress, replayed }: Written) => ({ status: 200, body: progress, headers: { ...noStore, ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}) } });

/**
 * The tracking routes that take input (a body, a query or an entry id): their contracts and zod
 * load on the first request of one of them (lib/domain-handler.ts `lazyRoutes`), not at the cold
 * start of the dashboard's reads.
 */
export const inputRoutes = {
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
  'DELETE /api/progress/today/meals/{id}': async (req) => {
    const id = entryId(req);
    const { calories } = parseQuery(removeMealQuery, req.query);
    return { status: 200, body: await removeMeal(ctx(req), id, calories === undefined ? undefined : Number(calories)), headers: noStore };
  },
  'GET /api/progress/history': async (req) => {
    const { days } = parseQuery(historyQuery, req.query);
    return { status: 200, body: await getHistory(ctx(req), Number(days)), headers: noStore };
  },
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
} satisfies Partial<Record<RouteKeyOf<'tracking'>, RouteImpl>>;
