/** What the app and the other features use of auth: the session, its provider, logout and setting up two-step sign-in. */
export { SessionProvider } from './session-provider';
export { type SignInState, useSession, useSessionActions } from './session-context';
export { hasStoredUser, isNewAccount } from './user-storage';
export { useLogout } from './use-logout';
export { MfaSetup } from './components/mfa-setup';
