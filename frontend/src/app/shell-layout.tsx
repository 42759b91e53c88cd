import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/public';
import { AppFooter } from './app-footer';
import { BottomNav } from './bottom-nav';
import { BrandMark } from './brand-mark';

/** The app shell (SPEC.md section 2): header, main area, footer and bottom navigation. */
export function ShellLayout() {
  const { user } = useSession();
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-slate-50 shadow-sm">
      <header className="sticky top-0 z-20 flex items-center justify-between border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
        <Link to="/" className="rounded-lg" aria-label="FitTrack home">
          <BrandMark />
        </Link>
        {user ? (
          <span className="max-w-[50%] truncate text-sm text-slate-600" title={user.username}>
            {user.username}
          </span>
        ) : null}
      </header>
      <main id="main" className="min-h-dvh flex-1 px-4 py-6">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
      <BottomNav />
    </div>
  );
}
