import type { User } from '@fittrack/functions/contract/auth';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { SWRConfig, useSWRConfig } from 'swr';
import { ApiError } from '@/lib/api-client';
import { authMeKey } from '@/features/auth/api/get-auth-me';
import { postAuthLogin } from '@/features/auth/api/post-auth-login';
import { postAuthLogout } from '@/features/auth/api/post-auth-logout';
import { postAuthSignup } from '@/features/auth/api/post-auth-signup';
import { type SessionActions, SessionActionsContext } from './session-context';
import { clearStoredUser, markNewAccount, readStoredUser, writeStoredUser } from './user-storage';

/**
 * Holds the session actions. The server is the only authority (HttpOnly cookies): the stored user
 * is restored on load for display (invalid data is removed), and GET /api/auth/me decides (see
 * `useSession`). A 401 from any other SWR read signs the session out locally, so the route guard
 * sends the user to /auth.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [cachedUser] = useState(readStoredUser);
  const { mutate } = useSWRConfig();

  /** Drops every cached response (another user's data must never show) and sets the session user. */
  const replaceSession = useCallback(
    async (user: User | null) => {
      if (user) writeStoredUser(user);
      else clearStoredUser();
      await mutate((key) => key !== authMeKey, undefined, { revalidate: false });
      await mutate(authMeKey, user, { revalidate: false });
    },
    [mutate],
  );

  const actions = useMemo<SessionActions>(
    () => ({
      cachedUser,
      login: async (credentials) => {
        const user = await postAuthLogin(credentials);
        markNewAccount(null);
        await replaceSession(user);
        return user;
      },
      signup: async (details) => {
        const user = await postAuthSignup(details);
        markNewAccount(user);
        await replaceSession(user);
        return user;
      },
      logout: async () => {
        await postAuthLogout();
        markNewAccount(null);
        await replaceSession(null);
      },
      forgetSession: async () => {
        markNewAccount(null);
        await replaceSession(null);
      },
      setUser: (user) => replaceSession(user),
    }),
    [cachedUser, replaceSession],
  );

  const swrOverrides = useMemo(
    () => ({
      onError: (err: unknown, key: string) => {
        if (key !== authMeKey && err instanceof ApiError && err.status === 401) {
          void replaceSession(null);
        }
      },
    }),
    [replaceSession],
  );

  return (
    <SessionActionsContext value={actions}>
      <SWRConfig value={swrOverrides}>{children}</SWRConfig>
    </SessionActionsContext>
  );
}
