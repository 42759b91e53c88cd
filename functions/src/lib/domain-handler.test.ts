import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { PASSWORD_POLICY_TEXT, loginRequest, signupRequest } from '../contract/auth';
import { parseBody, parseQuery } from './domain-handler';
import { HttpError } from './http-error';

/** Runs `fn`, expects an HttpError and returns it. */
function httpError(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return err as HttpError;
  }
  throw new Error('expected an HttpError');
}

const counter = z.strictObject({ count: z.number().check(z.int(), z.gte(1), z.lte(1000)), note: z.optional(z.string()) });
const nested = z.strictObject({ meta: z.strictObject({ count: z.number() }) });

describe('parseBody', () => {
  it('answers the parsed data of a valid body', () => {
    expect(parseBody(loginRequest, { username: ' alex ', password: 'pw' })).toEqual({ username: 'alex', password: 'pw' });
  });

  it.each([undefined, null, 'text', 42, true, [], [{ count: 1 }]])('refuses a non-object body %j with 400', (body) => {
    const e = httpError(() => parseBody(counter, body));
    expect(e.status).toBe(400);
    expect(e.message).toBe('Request body must be a JSON object');
  });

  it('names an unknown field', () => {
    const e = httpError(() => parseBody(loginRequest, { username: 'a', password: 'b', role: 'admin' }));
    expect(e.status).toBe(400);
    expect(e.message).toBe('Unknown field: role');
  });

  it('names every unknown field', () => {
    const e = httpError(() => parseBody(counter, { count: 1, isAdmin: true, userId: 1 }));
    expect(e.message).toMatch(/^Unknown field: /);
    expect(e.message).toContain('isAdmin');
    expect(e.message).toContain('userId');
  });

  it('names the field of a wrong type', () => {
    const e = httpError(() => parseBody(counter, { count: 'ten' }));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/^count: /);
  });

  it('names the field of an out-of-range value', () => {
    expect(httpError(() => parseBody(counter, { count: 0 })).message).toMatch(/^count: /);
    expect(httpError(() => parseBody(counter, { count: 1.5 })).message).toMatch(/^count: /);
  });

  it('names a missing field', () => {
    expect(httpError(() => parseBody(counter, {})).message).toMatch(/^count: /);
  });

  it('names a nested field by its path', () => {
    expect(httpError(() => parseBody(nested, { meta: { count: 'x' } })).message).toMatch(/^meta\.count: /);
  });

  it('keeps a contract message that already names the field instead of repeating it', () => {
    expect(httpError(() => parseBody(loginRequest, { password: 'x' })).message).toBe('Username is required.');
    expect(httpError(() => parseBody(loginRequest, { username: 'alex', password: 7 })).message).toBe('Password is required.');
    expect(httpError(() => parseBody(signupRequest, { username: 'alex_runner', email: 'nope', password: 'orbit-lantern-quartz-42' })).message).toBe(
      'Email must be a valid email address.',
    );
    expect(httpError(() => parseBody(signupRequest, { username: 'alex_runner', email: 'a@example.com', password: 'weak' })).message).toBe(
      PASSWORD_POLICY_TEXT,
    );
  });
});

describe('parseQuery', () => {
  const q = z.object({ days: z.coerce.number().check(z.int(), z.gte(1), z.lte(90)) });

  it('coerces valid query parameters', () => {
    expect(parseQuery(q, { days: '7' })).toEqual({ days: 7 });
  });

  it('names the bad parameter', () => {
    const e = httpError(() => parseQuery(q, { days: '900' }));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/^days: /);
    expect(httpError(() => parseQuery(q, {})).message).toMatch(/^days: /);
  });
});
