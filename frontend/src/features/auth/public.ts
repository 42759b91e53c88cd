/** What the app and the other features use of auth: the session, its provider and logout. */
export { SessionProvider } from './session-provider';
export { useSession, useSessionActions } from './session-context';
export { useLogout } from './use-logout';
