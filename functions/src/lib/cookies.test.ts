import { describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_MAX_AGE_SECONDS, clearCookie, parseCookies, serializeCookie } from './cookies';

const attributes = (cookie: string) => cookie.split('; ').slice(1);

describe('cookie names', () => {
  it('use the __Host- prefix (no Domain, Path=/, Secure) for both session cookies', () => {
    expect(ACCESS_COOKIE.startsWith('__Host-')).toBe(true);
    expect(REFRESH_COOKIE.startsWith('__Host-')).toBe(true);
    expect(ACCESS_COOKIE).not.toBe(REFRESH_COOKIE);
  });

  it('keep the refresh token for 30 days', () => {
    expect(REFRESH_MAX_AGE_SECONDS).toBe(30 * 24 * 3600);
  });
});

describe('serializeCookie', () => {
  it('sets HttpOnly, Secure, SameSite=Strict and Path=/ and no Domain', () => {
    const c = serializeCookie(ACCESS_COOKIE, 'abc.def.ghi', 3600);
    expect(c.startsWith(`${ACCESS_COOKIE}=abc.def.ghi; `)).toBe(true);
    expect(attributes(c).sort()).toEqual(['HttpOnly', 'Max-Age=3600', 'Path=/', 'SameSite=Strict', 'Secure']);
    expect(c).not.toMatch(/Domain=/i);
  });

  it('floors the lifetime and never makes it negative', () => {
    expect(serializeCookie('a', 'b', 59.9)).toContain('Max-Age=59;');
    expect(serializeCookie('a', 'b', -10)).toContain('Max-Age=0;');
  });

  it('clears a cookie with an empty value and Max-Age=0, keeping the same flags', () => {
    const c = clearCookie(REFRESH_COOKIE);
    expect(c.startsWith(`${REFRESH_COOKIE}=; `)).toBe(true);
    expect(attributes(c).sort()).toEqual(['HttpOnly', 'Max-Age=0', 'Path=/', 'SameSite=Strict', 'Secure']);
  });
});

describe('parseCookies', () => {
  it('reads API Gateway v2 event.cookies', () => {
    expect(parseCookies([`${ACCESS_COOKIE}=a.b.c`, `${REFRESH_COOKIE}=r-1`, 'theme=black'])).toEqual({
      [ACCESS_COOKIE]: 'a.b.c',
      [REFRESH_COOKIE]: 'r-1',
      theme: 'black',
    });
  });

  it('falls back to a raw Cookie header', () => {
    expect(parseCookies(undefined, `${ACCESS_COOKIE}=a.b.c; theme=black;other=1`)).toEqual({ [ACCESS_COOKIE]: 'a.b.c', theme: 'black', other: '1' });
  });

  it('prefers event.cookies over the header', () => {
    expect(parseCookies(['a=1'], 'a=2; b=3')).toEqual({ a: '1' });
  });

  it('keeps the first of duplicate names and values containing =', () => {
    expect(parseCookies(['a=1', 'a=2', 'b=x=y'])).toEqual({ a: '1', b: 'x=y' });
  });

  it('ignores parts without a name', () => {
    expect(parseCookies(['=nameless', 'novalue', ' ', 'ok=1'])).toEqual({ ok: '1' });
    expect(parseCookies(undefined, undefined)).toEqual({});
    expect(parseCookies([])).toEqual({});
  });

  it('round-trips a serialized token value', () => {
    const token = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl-_';
    const setCookie = serializeCookie(ACCESS_COOKIE, token, 60);
    // What the browser sends back is only name=value.
    const sent = setCookie.split(';')[0]!;
    expect(parseCookies([sent])[ACCESS_COOKIE]).toBe(token);
  });
});
