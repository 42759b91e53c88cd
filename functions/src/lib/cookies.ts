/**
 * Session cookies (DESIGN.md section 6): HttpOnly, Secure, SameSite=Strict, Path=/,
 * `__Host-` prefixed so they cannot be set by a subdomain or sent to another path.
 */
export const ACCESS_COOKIE = '__Host-fittrack-access';
export const REFRESH_COOKIE = '__Host-fittrack-refresh';
export const REFRESH_MAX_AGE_SECONDS = 30 * 24 * 3600;

export function serializeCookie(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${value}; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; Path=/; HttpOnly; Secure; SameSite=Strict`;
}

export const clearCookie = (name: string): string => serializeCookie(name, '', 0);

/** Parses API Gateway v2 `event.cookies` (and a raw Cookie header as fallback). */
export function parseCookies(cookies: string[] | undefined, header?: string): Record<string, string> {
  const out: Record<string, string> = {};
  const parts = cookies ?? (header ? header.split(';') : []);
  for (const part of parts) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const name = part.slice(0, i).trim();
    if (!(name in out)) out[name] = part.slice(i + 1).trim();
  }
  return out;
}
