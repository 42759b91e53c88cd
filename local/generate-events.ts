import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { type Route, routeKey, routes } from '../functions/src/routes';
import { PINNED_API_VERSION, stripeFixture } from '../test-support/stripe-fixtures';

/**
 * Writes one sample API Gateway HTTP API (payload 2.0) event per route of the route table to
 * `events/<route.name>.json` (DESIGN.md sections 2 and 4):
 *
 *   npx tsx local/generate-events.ts          write the files (and remove top-level ones without a route)
 *   npx tsx local/generate-events.ts --check  exit 1 when the files differ from what would be written
 *
 * The output is deterministic (fixed ids and timestamps), so re-running it changes nothing.
 * Events carry no cookies: tests add a session with functions/test/events.ts `loadEvent`.
 * The generator owns the top-level `events/*.json` files; fixtures in sub-folders are left alone.
 * A unit test (functions/test/events.test.ts) fails when the files and this generator disagree.
 */

export type RouteName = Route['name'];

export const EVENTS_DIR = path.resolve(import.meta.dirname, '../events');

/** Fixed request time of every sample event: 2026-01-01T12:00:00Z. */
export const SAMPLE_TIME_EPOCH = Date.UTC(2026, 0, 1, 12, 0, 0);
const SAMPLE_TIME = '01/Jan/2026:12:00:00 +0000';
export const SAMPLE_SOURCE_IP = '203.0.113.10';
export const SAMPLE_ORIGIN = 'http://localhost:3000';
const SAMPLE_HOST = 'localhost:3000';
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const STRIPE_UA = 'Stripe/1.0 (+https://stripe.com/docs/webhooks)';
const PAYPAL_UA = 'PayPal/AUHD-214.0-58443422';

/** PayPal's transmission headers; a test answers PayPal's verify-webhook-signature call through its stub. */
const samplePaypalTransmission = {
  'paypal-auth-algo': 'SHA256withRSA',
  'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-7a8abba8',
  'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
  'paypal-transmission-sig': 'REPLACE_WITH_A_SIGNATURE_THE_STUB_ACCEPTS',
  'paypal-transmission-time': '2026-01-01T12:00:00Z',
} as const;

/** A PAYMENT.CAPTURE.REFUNDED delivery: the resource is the refund, linked "up" to its capture. */
const samplePaypalRefunded = {
  id: 'WH-7Y7254563A4550640-11V2185806837105M',
  create_time: '2026-01-01T12:00:00.000Z',
  resource_type: 'refund',
  event_type: 'PAYMENT.CAPTURE.REFUNDED',
  summary: 'A $ 29.99 USD capture payment was refunded',
  resource: {
    id: '1Y107995YT783435V',
    amount: { currency_code: 'USD', value: '29.99' },
    status: 'COMPLETED',
    create_time: '2026-01-01T11:59:58Z',
    update_time: '2026-01-01T11:59:58Z',
    links: [
      { href: 'https://api.paypal.com/v2/payments/refunds/1Y107995YT783435V', rel: 'self', method: 'GET' },
      { href: 'https://api.paypal.com/v2/payments/captures/0KG12345VG343800K', rel: 'up', method: 'GET' },
    ],
  },
  links: [{ href: 'https://api.paypal.com/v1/notifications/webhooks-events/WH-7Y7254563A4550640-11V2185806837105M', rel: 'self', method: 'GET' }],
  event_version: '1.0',
  resource_version: '2.0',
};
/** A Cognito `sub` as the browser would know it from `GET /api/auth/me` (ignored by the server). */
const SAMPLE_USER_ID = '3f6c2b1e-8d4a-4c5e-9b7f-2a1d0e9c8b7a';

/** Sample values for path parameters, by parameter name. */
export const samplePathParameters: Record<string, string> = {
  orderId: 'ORDER-123',
  id: '01JZ8Q6W3K5M7N9P0R2S4T6V8X',
  test: 'login',
};

/** Query strings where the route reads one. */
const sampleQueries: Partial<Record<RouteName, Record<string, string>>> = {
  'get-progress-history': { days: '7' },
  'get-billing-payments': { limit: '10' },
  'get-admin-payments': { limit: '25' },
};

/**
 * A Stripe `invoice.paid` event of the API version the SDK pins, with fixed ids: Stripe's example
 * event and invoice (test-support/stripe-fixtures.ts) with only what the sample needs overridden.
 */
const SAMPLE_SECONDS = SAMPLE_TIME_EPOCH / 1000;
const sampleInvoiceMetadata = { userId: SAMPLE_USER_ID, plan: 'yearly' };
const sampleStripeInvoicePaid = stripeFixture('event', {
  id: 'evt_1SampleInvoicePaid000001',
  api_version: PINNED_API_VERSION,
  created: SAMPLE_SECONDS,
  pending_webhooks: 1,
  type: 'invoice.paid',
  data: {
    object: stripeFixture('invoice', {
      id: 'in_1SampleInvoice000000001',
      customer: 'cus_SampleCustomer0001',
      status: 'paid',
      billing_reason: 'subscription_create',
      currency: 'usd',
      amount_due: 2999,
      amount_paid: 2999,
      amount_remaining: 0,
      subtotal: 2999,
      total: 2999,
      created: SAMPLE_SECONDS - 60,
      period_start: SAMPLE_SECONDS - 60,
      period_end: SAMPLE_SECONDS - 60,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: 'sub_1SampleSubscription0001', metadata: sampleInvoiceMetadata } },
    }),
  },
});

/** Request bodies from SPEC.md section 7 (and DESIGN.md section 4 for the extra calls). */
const sampleBodies: Partial<Record<RouteName, unknown>> = {
  'post-auth-signup': { username: 'alex_runner', email: 'alex@example.com', password: 'orbit-lantern-quartz-42' },
  'post-auth-login': { username: 'alex_runner', password: 'orbit-lantern-quartz-42' },
  'post-auth-mfa-verify': { code: '123456' },
  'post-auth-forgot-password': { username: 'alex_runner' },
  'post-auth-reset-password': { username: 'alex_runner', code: '123456', password: 'harbour-violet-compass-77' },
  'post-auth-change-password': { currentPassword: 'orbit-lantern-quartz-42', newPassword: 'harbour-violet-compass-77' },
  'post-account-delete': { password: 'orbit-lantern-quartz-42' },
  'post-auth-verify-email': { code: '123456' },
  'post-auth-change-email': { email: 'alex.new@example.com', password: 'orbit-lantern-quartz-42' },
  'patch-progress-today': { steps: 5000 },
  'post-progress-today-meals': { mealId: 'meal-greek-yogurt-berries' },
  'post-pushups': { userId: 1, count: 10 },
  'post-auth-activate-subscription': { userId: SAMPLE_USER_ID, subscriptionType: 'yearly', paymentMethod: 'stripe' },
  'post-paypal-order': { amount: '29.99', currency: 'USD', intent: 'CAPTURE' },
  'post-webhooks-stripe': sampleStripeInvoicePaid,
  'post-webhooks-paypal': samplePaypalRefunded,
  'post-feedback': {
    userId: 1,
    email: 'alex@example.com',
    name: 'Alex Runner',
    message: 'Could the push-up counter also show my weekly total?',
    rating: 4,
    category: 'feature',
  },
  'patch-feedback-status': { status: 'in_progress' },
  'post-subscription-change': { plan: 'yearly' },
  'post-admin-sandbox-payment-event': { event: 'dispute' },
  'post-sandbox-card-confirm': { clientSecret: 'sandbox_01JD5Y2QK8V7N3M4P6R9S0T1W2_secret_c2FuZGJveC1zZWNyZXQtMQ', cardNumber: '4242 4242 4242 4242' },
};

/** The placeholder a test replaces with a real `stripe.webhooks.generateTestHeaderString` value. */
export const STRIPE_SIGNATURE_PLACEHOLDER = `t=${SAMPLE_TIME_EPOCH / 1000},v1=REPLACE_WITH_A_SIGNATURE_FROM_generateTestHeaderString`;

const fillPath = (p: string, params: Record<string, string>) => p.replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(params[n] ?? n));

/** The sample event of one route (pure: no clock, no randomness). */
export function buildSampleEvent(route: Route): APIGatewayProxyEventV2 {
  const key = routeKey(route);
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const pathParameters = Object.fromEntries(names.map((n) => [n, samplePathParameters[n] ?? `sample-${n}`]));
  const rawPath = fillPath(route.path, pathParameters);
  const query = sampleQueries[route.name];
  const payload = sampleBodies[route.name];
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  const isWebhook = route.access === 'stripe';
  const isPaypal = route.path === '/webhooks/paypal';
  const userAgent = isWebhook ? (isPaypal ? PAYPAL_UA : STRIPE_UA) : BROWSER_UA;

  const headers: Record<string, string> = isWebhook
    ? {
        host: SAMPLE_HOST,
        'user-agent': userAgent,
        accept: '*/*; q=0.5, application/xml',
        'content-type': 'application/json; charset=utf-8',
        ...(isPaypal ? samplePaypalTransmission : { 'stripe-signature': STRIPE_SIGNATURE_PLACEHOLDER }),
      }
    : {
        host: SAMPLE_HOST,
        origin: SAMPLE_ORIGIN,
        'user-agent': userAgent,
        accept: '*/*',
        'accept-language': 'en-US,en;q=0.9',
        'x-time-zone': 'Europe/Berlin',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      };
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body, 'utf8'));

  return {
    version: '2.0',
    routeKey: key,
    rawPath,
    rawQueryString: query ? new URLSearchParams(query).toString() : '',
    headers,
    ...(query ? { queryStringParameters: { ...query } } : {}),
    ...(names.length ? { pathParameters } : {}),
    requestContext: {
      accountId: '123456789012',
      apiId: 'fittrack',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: route.method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: SAMPLE_SOURCE_IP,
        userAgent,
      },
      requestId: `sample-${route.name}`,
      routeKey: key,
      stage: '$default',
      time: SAMPLE_TIME,
      timeEpoch: SAMPLE_TIME_EPOCH,
    },
    ...(body !== undefined ? { body } : {}),
    isBase64Encoded: false,
  };
}

/** File name → file content for every route (pretty-printed JSON with a final newline). */
export function renderEvents(): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of routes) out.set(`${r.name}.json`, `${JSON.stringify(buildSampleEvent(r), null, 2)}\n`);
  return out;
}

/** Top-level `*.json` files in `dir` (the generator's files). */
export function listEventFiles(dir = EVENTS_DIR): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isFile() && d.name.endsWith('.json'))
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

/** Differences between the files in `dir` and the generator's output (empty when in sync). */
export function diffEvents(dir = EVENTS_DIR): { missing: string[]; stale: string[]; changed: string[] } {
  const wanted = renderEvents();
  const present = listEventFiles(dir);
  return {
    missing: [...wanted.keys()].filter((f) => !present.includes(f)),
    stale: present.filter((f) => !wanted.has(f)),
    changed: present.filter((f) => wanted.has(f) && readFileSync(path.join(dir, f), 'utf8') !== wanted.get(f)),
  };
}

function main(argv: string[]): number {
  if (argv.includes('--check')) {
    const d = diffEvents();
    const problems = [...d.missing.map((f) => `missing ${f}`), ...d.stale.map((f) => `no route for ${f}`), ...d.changed.map((f) => `outdated ${f}`)];
    for (const p of problems) console.error(`events/: ${p}`);
    if (problems.length) console.error('Run: npx tsx local/generate-events.ts');
    return problems.length ? 1 : 0;
  }
  mkdirSync(EVENTS_DIR, { recursive: true });
  const wanted = renderEvents();
  for (const f of listEventFiles()) {
    if (!wanted.has(f)) {
      rmSync(path.join(EVENTS_DIR, f));
      console.log(`removed events/${f} (no such route)`);
    }
  }
  for (const [f, content] of wanted) writeFileSync(path.join(EVENTS_DIR, f), content);
  console.log(`wrote ${wanted.size} events to ${path.relative(process.cwd(), EVENTS_DIR) || EVENTS_DIR}/`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
