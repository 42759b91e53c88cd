import { type ReactNode, useDeferredValue } from 'react';
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
  // SWR hands the session over through useSyncExternalStore, whose updates React renders at once:
  // the signed-in screen would mount in one long task. While the deferred status is still 'loading',
  // the spinner stays for that urgent render, and the screen mounts in a transition, which React
  // renders in 5 ms slices (TBT budget, DESIGN.md section 10; decision 0030's amendment of
  // 2026-11-29: the real returning visit is not slower for it). Only this first arrival waits: every
  // later change (sign-out, expiry) applies at once, so no page renders without its session.
  // Today's figures are not deferred: that made the real returning visit slower (decision 0030).
  const status = useDeferredValue(session.status) === 'loading' ? 'loading' : session.status;
  const { user, revalidate } = session;
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
