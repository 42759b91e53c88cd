import { createHash } from 'node:crypto';
import { type AuthenticationResultType } from '@aws-sdk/client-cognito-identity-provider';
import { JwksUnavailableError, verifyAccessToken } from './access-token';
import { ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_MAX_AGE_SECONDS, clearCookie, parseCookies, serializeCookie } from './cookies';
import { type AppEvent, type Session } from './request';
import { roleFromGroups } from './users';

const toSession = (t: { sub: string; username: string; groups: string[] }): Session => ({
  sub: t.sub,
  username: t.username,
  groups: t.groups,
  role: roleFromGroups(t.groups),
});

/**
 * The key of a session in the profile's `sessions` map: a hash of its refresh token, which the
 * browser sends with every request (the access token changes at each refresh; the refresh token
 * does not). The table never holds a token. 128 bits, base64url.
 */
export const sessionKeyOf = (refreshToken: string): string => createHash('sha256').update(refreshToken).digest('base64url').slice(0, 22);

/** When a session that starts now ends: with its refresh token (the refresh cookie's life). */
export const sessionEndsAt = (now = new Date()): number => Math.floor(now.getTime() / 1000) + REFRESH_MAX_AGE_SECONDS;

/**
 * Cookies that carry a fresh Cognito authentication result (login, signup, refresh). The access
 * cookie lives as long as the refresh cookie although its token expires within the hour: the
 * refresh needs the username the expired token names (a confidential client's SECRET_HASH).
 */
export function sessionCookies(auth: AuthenticationResultType): string[] {
  const cookies = [serializeCookie(ACCESS_COOKIE, auth.AccessToken ?? '', REFRESH_MAX_AGE_SECONDS)];
  if (auth.RefreshToken) cookies.push(serializeCookie(REFRESH_COOKIE, auth.RefreshToken, REFRESH_MAX_AGE_SECONDS));
  return cookies;
}

export const clearSessionCookies = (): string[] => [clearCookie(ACCESS_COOKIE), clearCookie(REFRESH_COOKIE)];

export const readSessionCookies = (event: AppEvent) => {
  const c = parseCookies(event.cookies, event.headers?.cookie);
  return { access: c[ACCESS_COOKIE] || undefined, refresh: c[REFRESH_COOKIE] || undefined };
};

/**
 * Verifies an access token and builds the session, or answers undefined for a token that does
 * not verify. An unreachable key set is rethrown (503) so an outage never signs anyone out.
 */
export async function sessionFromAccessToken(token: string, o: { graceSeconds?: number } = {}): Promise<{ session: Session; exp: number } | undefined> {
  try {
    const t = await verifyAccessToken(token, o);
    return { session: toSession(t), exp: t.exp };
  } catch (err) {
    if (err instanceof JwksUnavailableError || (err as { cause?: unknown })?.cause instanceof JwksUnavailableError) throw err;
    return undefined;
  }
}

/**
 * Resolves the caller's session from the cookies. An expired access token is refreshed
 * transparently from the refresh cookie (Cognito's admin flow REFRESH_TOKEN_AUTH, which a
 * confidential client must name the user for: the username comes from the expired token, whose
 * signature still has to verify); the new cookie is queued in `setCookies`. A refresh token that
 * Cognito refuses, or one without its access cookie, clears both cookies.
 */
export async function resolveSession(
  event: AppEvent,
  setCookies: string[],
  { refresh: allowRefresh = true }: { refresh?: boolean } = {},
): Promise<Session | undefined> {
  const { access, refresh } = readSessionCookies(event);
  const key = refresh ? sessionKeyOf(refresh) : undefined;
  if (access) {
    const s = await sessionFromAccessToken(access);
    if (s) return { ...s.session, key };
  }
  if (!allowRefresh) return undefined;
  const expired = access && refresh ? await sessionFromAccessToken(access, { graceSeconds: REFRESH_MAX_AGE_SECONDS }) : undefined;
  if (!refresh || !expired) {
    if (access || refresh) setCookies.push(...clearSessionCookies());
    return undefined;
  }
  // Only this path needs the Cognito client: loaded by the first refresh, not by every cold start.
  const { AdminInitiateAuthCommand, appClient, cognito, secretHash } = await import('./cognito');
  const username = expired.session.username;
  let auth: AuthenticationResultType | undefined;
  try {
    const res = await cognito().send(
      new AdminInitiateAuthCommand({
        ...appClient(),
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refresh, USERNAME: username, SECRET_HASH: await secretHash(username) },
      }),
    );
    auth = res.AuthenticationResult;
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name !== 'NotAuthorizedException' && name !== 'UserNotFoundException') throw err;
  }
  const s = auth?.AccessToken ? await sessionFromAccessToken(auth.AccessToken) : undefined;
  if (!auth || !s || s.session.sub !== expired.session.sub) {
    setCookies.push(...clearSessionCookies());
    return undefined;
  }
  setCookies.push(...sessionCookies({ AccessToken: auth.AccessToken }));
  return { ...s.session, key };
}

/**
 * Whose session the cookies name, even when the access token has expired (logout ends the
 * session in the profile): the token's signature still has to verify. Undefined without both cookies.
 */
export async function endingSession(event: AppEvent): Promise<{ sub: string; username: string; key: string } | undefined> {
  const { access, refresh } = readSessionCookies(event);
  if (!access || !refresh) return undefined;
  const s = await sessionFromAccessToken(access, { graceSeconds: REFRESH_MAX_AGE_SECONDS });
  return s ? { sub: s.session.sub, username: s.session.username, key: sessionKeyOf(refresh) } : undefined;
}
