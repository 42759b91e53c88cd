import { type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { type SignInState, useSession } from '@/features/auth/public';

/**
 * Route guard (SPEC.md section 2): spinner while the server confirms the session; signed out →
 * /auth; signed in without an active subscription → /subscription. Admins pass without a
 * subscription (DESIGN.md departure 3); the admin page itself checks the role.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  // The session's arrival mounts the signed-in screen at once (SWR renders through
  // useSyncExternalStore). Deferring that mount into a transition sliced it into short tasks but
  // put the returning subscriber's figures on screen 40-100 ms later under real throttling, so it
  // is not done (docs/decisions/0030). Every change applies at once: no page renders without its session.
  const { status, user, revalidate } = session;
  const location = useLocation();

  if (status === 'loading') return <PageSpinner label="Loading your session..." />;
  if (status === 'error') {
    return (
      <main className="mx-auto grid min-h-[60vh] max-w-md place-content-center gap-4 p-6 text-center">
        <h1 className="text-xl font-semibold text-slate-900">We could not reach FitTrack</h1>
        <p className="text-sm text-slate-600">Check your connection and try again.</p>
        <Button onClick={() => void revalidate()}>Try again</Button>
      </main>
    );
  }
  if (!user) {
    // After sign-in, /auth returns to the screen that was asked for (a deep link such as /diet).
    const state: SignInState = { from: location.pathname + location.search };
    return <Navigate to="/auth" replace state={state} />;
  }
  if (!user.hasActiveSubscription && user.role !== 'admin') return <Navigate to="/subscription" replace />;
  return children;
}
