/**
 * Preloaded into cognito-local 5.3 (`node --import`, local/emulators.ts): the two things Cognito
 * does with the admin flows and TOTP MFA that the emulator lacks (docs/decisions/0018).
 *
 * - AdminInitiateAuth (ADMIN_USER_PASSWORD_AUTH) of a user with a verified software token answers
 *   the SOFTWARE_TOKEN_MFA challenge with a Session, as Cognito does when the pool's MFA is not OFF;
 *   the emulator's own version hands out tokens without asking.
 * - AdminRespondToAuthChallenge: the emulator has only the public RespondToAuthChallenge, which
 *   checks the code with the user's secret; the admin one is the same check, and the refresh token
 *   it issues is stored so that it can be refreshed and revoked like any other.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

// cognito-local is CommonJS: patch the very module objects its server will require.
const load = createRequire(import.meta.url);
const { Targets } = load('cognito-local/lib/targets/targets');
const { RespondToAuthChallenge } = load('cognito-local/lib/targets/respondToAuthChallenge');

const adminInitiateAuth = Targets.AdminInitiateAuth;
Targets.AdminInitiateAuth = (services) => {
  const run = adminInitiateAuth(services);
  return async (ctx, req) => {
    const params = req.AuthParameters ?? {};
    if (req.AuthFlow === 'ADMIN_USER_PASSWORD_AUTH' && params.USERNAME && params.PASSWORD) {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, params.USERNAME);
      const totp = (user?.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') && user?.SoftwareTokenMfaConfiguration?.Verified;
      if (user && totp && user.Password === params.PASSWORD && user.UserStatus === 'CONFIRMED' && pool.options.MfaConfiguration !== 'OFF') {
        return { ChallengeName: 'SOFTWARE_TOKEN_MFA', ChallengeParameters: { USER_ID_FOR_SRP: user.Username }, Session: randomUUID() };
      }
    }
    return run(ctx, req);
  };
};

Targets.AdminRespondToAuthChallenge = (services) => {
  const respond = RespondToAuthChallenge(services);
  return async (ctx, req) => {
    const res = await respond(ctx, req);
    const refresh = res.AuthenticationResult?.RefreshToken;
    if (refresh) {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.ChallengeResponses.USERNAME);
      await pool.storeRefreshToken(ctx, refresh, user);
    }
    return res;
  };
};
