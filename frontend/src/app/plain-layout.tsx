import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { PlainFooter } from './app-footer';
import { BrandMark } from './brand-mark';

/** Layout without the app shell: auth, plan choice, checkout, legal pages, not found. */
export function PlainLayout() {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-slate-50 px-4">
      <header className="flex items-center justify-center py-5">
        <Link to="/" className="rounded-lg" aria-label="FitTrack home">
          <BrandMark />
        </Link>
      </header>
      <main id="main" className="flex-1 pb-10">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <PlainFooter />
    </div>
  );
}
