import { type User } from '../contract/auth';
import { getProfile } from '../lib/profile-repository';
import { unauthorized } from '../lib/http-error';
import { type Session } from '../lib/request';
import { toUser } from '../lib/users';

/** GET /api/auth/me: the signed-in user as stored (one read; a deleted profile is no session). */
export async function me(session: Session): Promise<User> {
  const profile = await getProfile(session.sub);
  if (!profile) throw unauthorized();
  return toUser(profile, session.role);
}
