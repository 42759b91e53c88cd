import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { EVENTS_DIR as GENERATOR_DIR, buildSampleEvent, diffEvents, listEventFiles, renderEvents } from '../../local/generate-events';
import { matchRoute, routeKey, routes } from '../src/routes';
import { EVENTS_DIR, loadEvent } from './events';

const REGENERATE = 'run `npx tsx local/generate-events.ts`';

describe('events/ (one sample API Gateway v2 event per route)', () => {
  it('the helper and the generator agree on the folder', () => {
    expect(path.resolve(EVENTS_DIR)).toBe(path.resolve(GENERATOR_DIR));
  });

  it('has an event file for every route', () => {
    expect(diffEvents().missing, REGENERATE).toEqual([]);
  });

  it('has no event file without a route', () => {
    expect(diffEvents().stale, `remove them or ${REGENERATE}`).toEqual([]);
    expect(listEventFiles().length).toBe(routes.length);
  });

  it('holds exactly what the generator produces now', () => {
    expect(diffEvents().changed, REGENERATE).toEqual([]);
    for (const [file, content] of renderEvents()) expect(readFileSync(path.join(EVENTS_DIR, file), 'utf8'), file).toBe(content);
  });

  it('generates deterministically', () => {
    expect([...renderEvents()]).toEqual([...renderEvents()]);
  });

  describe.each(routes.map((r) => [r.name, r] as const))('%s', (_name, route) => {
    const event: APIGatewayProxyEventV2 = buildSampleEvent(route);

    it('is a payload 2.0 event whose route key, path and method match the route table', () => {
      expect(event.version).toBe('2.0');
      expect(event.routeKey).toBe(routeKey(route));
      expect(event.requestContext.routeKey).toBe(routeKey(route));
      expect(event.requestContext.http.method).toBe(route.method);
      expect(event.requestContext.http.path).toBe(event.rawPath);
      expect(event.requestContext.stage).toBe('$default');
      expect(event.requestContext.http.sourceIp).toBe('203.0.113.10');
      expect(event.isBase64Encoded).toBe(false);
      expect(event.cookies).toBeUndefined();
      const m = matchRoute(route.method, event.rawPath);
      expect(m.route?.name).toBe(route.name);
      expect('pathParameters' in m ? m.pathParameters : {}).toEqual(event.pathParameters ?? {});
    });

    it('sends a body exactly when the call has a payload, as JSON with a JSON content type', () => {
      const payloadRoutes = [
        'post-auth-signup',
        'post-auth-login',
        'post-auth-mfa-verify',
        'post-auth-forgot-password',
        'post-auth-reset-password',
        'post-auth-change-password',
        'post-auth-verify-email',
        'post-auth-change-email',
        'patch-progress-today',
        'post-progress-today-meals',
        'post-pushups',
        'post-auth-activate-subscription',
        'post-paypal-order',
        'post-sandbox-card-confirm',
        'post-webhooks-stripe',
        'post-webhooks-paypal',
        'post-feedback',
        'patch-feedback-status',
        'post-subscription-change',
        'post-admin-sandbox-payment-event',
        'post-account-delete',
      ];
      expect(event.body !== undefined).toBe(payloadRoutes.includes(route.name));
      if (event.body !== undefined) {
        expect(JSON.parse(event.body)).toEqual(expect.any(Object));
        expect(event.headers['content-type']).toMatch(/^application\/json/);
        expect(event.headers['content-length']).toBe(String(Buffer.byteLength(event.body)));
      } else {
        expect(event.headers['content-type']).toBeUndefined();
      }
    });

    it('carries the browser headers (or Stripe’s or PayPal’s, for the webhooks)', () => {
      expect(event.headers.host).toBe('localhost:3000');
      expect(event.headers['user-agent']).toBe(event.requestContext.http.userAgent);
      if (route.access === 'stripe') {
        expect(event.headers.origin).toBeUndefined();
        if (route.path === '/webhooks/paypal') expect(event.headers['paypal-transmission-sig']).toBeTruthy();
        else expect(event.headers['stripe-signature']).toMatch(/^t=\d+,v1=/);
      } else {
        expect(event.headers.origin).toBe('http://localhost:3000');
        expect(event.headers['x-time-zone']).toBe('Europe/Berlin');
      }
      for (const k of Object.keys(event.headers)) expect(k).toBe(k.toLowerCase());
    });
  });

  it('uses the SPEC.md section 7 payloads', () => {
    const body = (name: (typeof routes)[number]['name']) => JSON.parse(loadEvent(name).body ?? 'null') as unknown;
    expect(body('post-auth-login')).toEqual({ username: expect.any(String), password: expect.any(String) });
    expect(body('post-auth-signup')).toEqual({ username: expect.any(String), email: expect.stringContaining('@'), password: expect.any(String) });
    expect(body('post-pushups')).toEqual({ userId: 1, count: 10 });
    expect(body('patch-progress-today')).toEqual({ steps: 5000 });
    expect(body('post-progress-today-meals')).toEqual({ mealId: expect.any(String) });
    expect(body('post-paypal-order')).toEqual({ amount: '29.99', currency: 'USD', intent: 'CAPTURE' });
    expect(body('patch-feedback-status')).toEqual({ status: 'in_progress' });
    expect(body('post-auth-activate-subscription')).toEqual({ userId: expect.any(String), subscriptionType: 'yearly', paymentMethod: 'stripe' });
    expect(body('post-feedback')).toMatchObject({ email: expect.any(String), name: expect.any(String), message: expect.any(String), category: 'feature' });
    expect(body('post-webhooks-stripe')).toMatchObject({ object: 'event', type: 'invoice.paid', data: { object: { object: 'invoice', amount_paid: 2999 } } });
    expect(loadEvent('get-progress-history').queryStringParameters).toEqual({ days: '7' });
    expect(loadEvent('get-progress-history').rawQueryString).toBe('days=7');
    expect(loadEvent('post-paypal-order-capture').pathParameters).toEqual({ orderId: 'ORDER-123' });
    expect(loadEvent('post-admin-system-test').pathParameters).toEqual({ test: 'login' });
    expect(body('post-admin-sandbox-payment-event')).toEqual({ event: 'dispute' });
    expect(loadEvent('get-admin-payments').queryStringParameters).toEqual({ limit: '25' });
  });
});

describe('loadEvent', () => {
  it('answers a deep copy each time', () => {
    const a = loadEvent('post-auth-login');
    a.headers.origin = 'https://evil.example';
    a.requestContext.http.sourceIp = '198.51.100.1';
    const b = loadEvent('post-auth-login');
    expect(b.headers.origin).toBe('http://localhost:3000');
    expect(b.requestContext.http.sourceIp).toBe('203.0.113.10');
  });

  it('sets cookies, headers (lower-cased, undefined removes) and a JSON or raw body', () => {
    const e = loadEvent('post-auth-login', {
      cookies: ['a=1'],
      headers: { 'X-Custom': 'yes', origin: undefined },
      body: { username: 'u', password: 'p' },
    });
    expect(e.cookies).toEqual(['a=1']);
    expect(e.headers['x-custom']).toBe('yes');
    expect(e.headers).not.toHaveProperty('origin');
    expect(e.body).toBe('{"username":"u","password":"p"}');
    expect(e.headers['content-length']).toBe(String(e.body!.length));
    expect(loadEvent('post-auth-login', { body: 'not json' }).body).toBe('not json');
    const none = loadEvent('post-auth-login', { body: null });
    expect(none.body).toBeUndefined();
    expect(none.headers).not.toHaveProperty('content-length');
  });

  it('replaces the route key in both places', () => {
    const e = loadEvent('get-auth-me', { routeKey: 'GET /api/nope' });
    expect(e.routeKey).toBe('GET /api/nope');
    expect(e.requestContext.routeKey).toBe('GET /api/nope');
  });
});
