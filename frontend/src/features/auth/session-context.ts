import type { LoginRequest, SignupRequest, User } from '@fittrack/functions/contract/auth';
import { createContext, useContext } from 'react';
import useSWR from 'swr';
import { authMeKey, getAuthMe } from '@/features/auth/api/get-auth-me';
import { clearStoredUser, writeStoredUser } from './user-storage';

type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated' | 'error';

/** What changes the session. Using these does not trigger a session check. */
export interface SessionActions {
  /** The user restored from browser storage on load: for display only, never for access decisions. */
  cachedUser: User | null;
  /** Signs in; throws ApiError (with serverMessage) on failure, TypeError on network failure. */
  login: (credentials: LoginRequest) => Promise<User>;
  /** Creates the account (and signs in); throws like `login`. */
  signup: (details: SignupRequest) => Promise<User>;
  /** Signs out on the server, then clears the stored user and every cached response. Throws if the server call fails. */
  logout: () => Promise<void>;
  /** Forgets the session here after the server ended it (sign out everywhere, a password change of an account with two-step sign-in). */
  forgetSession: () => Promise<void>;
  /** Replaces the session user with a fresh one from the server (e.g. after subscription activation). */
  setUser: (user: User) => Promise<void>;
}

interface Session extends SessionActions {
  /** 'loading' until GET /api/auth/me answers; 'error' when it failed for another reason than 401. */
  status: SessionStatus;
  /** The user confirmed by the server (null while loading, signed out or on error). */
  user: User | null;
  /** Asks the server again (GET /api/auth/me). */
  revalidate: () => Promise<void>;
}

export const SessionActionsContext = createContext<SessionActions | null>(null);

/** Login, signup, logout and user replacement; use inside <SessionProvider>. */
export function useSessionActions(): SessionActions {
  const actions = useContext(SessionActionsContext);
  if (!actions) throw new Error('useSessionActions must be used inside <SessionProvider>');
  return actions;
}

function syncStoredUser(user: User | null): void {
  if (user) writeStoredUser(user);
  else clearStoredUser();
}

/**
 * The session as the server sees it. The first component that uses it starts GET /api/auth/me
 * (once per app: SWR shares and deduplicates it); screens that need no session (e.g. /auth) do not
 * call it, so a signed-out visitor causes no 401.
 */
export function useSession(): Session {
  const actions = useSessionActions();
  const { data, error, mutate } = useSWR(authMeKey, getAuthMe, { onSuccess: syncStoredUser });
  let status: SessionStatus;
  if (data) status = 'authenticated';
  else if (data === null) status = 'unauthenticated';
  else if (error) status = 'error';
  else status = 'loading';
  return {
    ...actions,
    status,
    user: data ?? null,
    revalidate: async () => {
      await mutate();
    },
  };
}

/** Where a user lands after login (SPEC.md section 4). */
function postLoginPath(user: User): string {
  if (user.role === 'admin') return '/admin';
  if (user.hasActiveSubscription) return '/dashboard';
  return '/subscription';
}

/** What the route guard hands to /auth: the screen a signed-out visitor asked for. */
export interface SignInState {
  from: string;
}

/** The in-app path the guard stored (`/diet?tab=snacks`), or null for anything else. */
function returnPath(state: unknown): string | null {
  const from = state && typeof state === 'object' ? (state as Partial<SignInState>).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/auth')) return null;
  return from;
}

/**
 * Where a signed-in user goes from /auth: back to the screen they opened signed out (a deep link
 * such as /diet), when they may see it; else their home (postLoginPath).
 */
export function afterSignInPath(user: User, state: unknown): string {
  const from = returnPath(state);
  return from && (user.role === 'admin' || user.hasActiveSubscription) ? from : postLoginPath(user);
}
