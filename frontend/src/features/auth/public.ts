import { lazy } from 'react';
/** What the app and the other features use of auth: the session, its provider, logout and setting up two-step sign-in. */
export { SessionProvider } from './session-provider';
export { type SignInState, useSession, useSessionActions } from './session-context';
export { hasStoredUser, isNewAccount, storedUserHasPlan } from './user-storage';
export { useLogout } from './use-logout';
/** Settings › Account (change password, sign out everywhere), in its own chunk. */
export const AccountTab = lazy(() => import('./components/account-tab').then((m) => ({ default: m.AccountTab })));
/** Confirm your email address (decision 0024): above every signed-in screen and the plan choice until confirmed; nothing once confirmed. */
export { EmailVerificationBanner } from './components/email-banner';
/** The two-step sign-in set-up screen (the admin page), in its own chunk: no sign-in page loads it. */
export const MfaSetup = lazy(() => import('./components/mfa-setup').then((m) => ({ default: m.MfaSetup })));
