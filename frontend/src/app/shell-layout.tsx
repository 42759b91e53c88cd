import { Suspense, lazy } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { EmailVerificationBanner, useSession } from '@/features/auth/public';
import { AppFooter } from './app-footer';
import { BottomNav } from './bottom-nav';
import { BrandMark } from './brand-mark';
import { IdleMount } from './idle-mount';
import { SkipLink } from './skip-link';

/**
 * The app shell (SPEC.md section 2): header, main area, footer and bottom navigation. The
 * navigation is fixed at the bottom but comes before the main area in the document, so Tab
 * reaches it early; the skip link jumps past it.
 */
/** Sending what was logged offline, and the list of it (decision 0105): its own chunk, off the start-up path. */
const OfflineStatus = lazy(() => import('./offline-sync').then((m) => ({ default: m.OfflineStatus })));

export function ShellLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-slate-50 shadow-sm">
      <SkipLink />
      <header className="sticky top-0 z-20 flex items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
        <Link to="/" className="shrink-0 rounded-lg" aria-label="FitTrack home">
          <BrandMark />
        </Link>
        <div className="flex min-w-0 items-center gap-3">
          {user?.role === 'admin' ? (
            <nav aria-label="Administration">
              <Link
                to="/admin"
                aria-current={pathname === '/admin' ? 'page' : undefined}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 aria-[current=page]:bg-brand-50"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
                  <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z" />
                </svg>
                Admin
              </Link>
            </nav>
          ) : null}
          {user ? (
            <span className="min-w-0 truncate text-sm text-slate-600" title={user.username}>
              {user.username}
            </span>
          ) : null}
        </div>
      </header>
      <BottomNav />
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 px-4 py-6 outline-none">
        <IdleMount>
          <OfflineStatus />
        </IdleMount>
        {/* With the page, never after it: mounted when idle, it pushed the page down under the
            reader's eyes (CLS 0.27 on the dashboard). */}
        <EmailVerificationBanner />
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
    </div>
  );
}
