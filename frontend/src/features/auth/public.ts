import { lazy } from 'react';
/** What the app and the other features use of auth: the session, its provider, logout and setting up two-step sign-in. */
export { SessionProvider } from './session-provider';
export { type SignInState, useSession, useSessionActions } from './session-context';
export { hasStoredUser, isNewAccount } from './user-storage';
export { useLogout, useLogoutEverywhere } from './use-logout';
/** The two-step sign-in set-up screen (the admin page), in its own chunk: no sign-in page loads it. */
export const MfaSetup = lazy(() => import('./components/mfa-setup').then((m) => ({ default: m.MfaSetup })));
