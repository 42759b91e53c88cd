import { describe, expect, it } from 'vitest';
import { ApiClient, STRONG_PASSWORD, signedUpClient, uniqueName } from '../../test/api-client';
import { LOGIN_FAILURE_LIMITS, TOO_MANY_ATTEMPTS, recordLoginFailure } from './login-limit';

describe('brute-force limit on sign-in', () => {
  it('refuses an account after 10 failed attempts within the hour, even with the right password', async () => {
    const { username } = await signedUpClient('brute');
    const c = new ApiClient();
    for (let i = 0; i < LOGIN_FAILURE_LIMITS.perAccount; i++) {
      const r = await c.post('/api/auth/login', { username, password: `Wrong${i}Passw0rd` });
      expect(r.status, `attempt ${i + 1}`).toBe(401);
    }
    const refused = await c.post('/api/auth/login', { username, password: 'An0therWrong1' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: TOO_MANY_ATTEMPTS });
    expect(refused.headers.get('retry-after')).toBe('3600');
    // the right password is refused too, and no session is handed out
    const right = await c.post('/api/auth/login', { username: username.toUpperCase(), password: STRONG_PASSWORD });
    expect(right.status).toBe(429);
    expect(right.setCookies).toEqual([]);
    expect(c.jar.size).toBe(0);
  });

  it('counts unknown usernames the same way, with identical answers', async () => {
    const nobody = uniqueName('ghost');
    const c = new ApiClient();
    const answers = new Set<string>();
    for (let i = 0; i < LOGIN_FAILURE_LIMITS.perAccount; i++) {
      const r = await c.post('/api/auth/login', { username: nobody, password: 'Wr0ngPassword' });
      answers.add(`${r.status} ${r.text}`);
    }
    expect([...answers]).toEqual(['401 {"message":"Invalid credentials"}']);
    expect((await c.post('/api/auth/login', { username: nobody, password: 'Wr0ngPassword' })).status).toBe(429);
  });

  it('refuses an IP after 30 failed attempts within the hour across accounts', async () => {
    const ip = "198.51.100.7"; // documentation range: no other test uses it (the database is fresh per run)
    for (let i = 0; i < LOGIN_FAILURE_LIMITS.perIp; i++) await recordLoginFailure(uniqueName('spray'), ip);
    await expect(recordLoginFailure(uniqueName('spray'), ip)).rejects.toMatchObject({ status: 429 });
  });

  it('counts concurrent failures exactly (atomic conditional ADD)', async () => {
    const username = uniqueName('burst');
    const ip = "198.51.100.8";
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => recordLoginFailure(username, ip)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LOGIN_FAILURE_LIMITS.perAccount);
    expect(results.filter((r) => r.status === 'rejected' && (r.reason as { status?: number }).status === 429)).toHaveLength(25 - LOGIN_FAILURE_LIMITS.perAccount);
  });
});
