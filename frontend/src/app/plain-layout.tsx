import { Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { hasStoredUser, useLogout, useSession } from '@/features/auth/public';
import { PlainFooter } from './app-footer';
import { BrandMark } from './brand-mark';
import { HydratedLater } from './hydrated-later';
import { SkipLink } from './skip-link';

/**
 * Who is signed in, and Logout: on the screens a signed-in user without a plan sees (plan choice,
 * checkout), where the shell and its Logout are closed to them. Read when the screen opens (a user
 * who has just signed up arrives here without a reload); only a browser with a stored user asks
 * the server, so a signed-out visitor causes no 401.
 */
function AccountBar() {
  const [maybeSignedIn] = useState(hasStoredUser);
  return maybeSignedIn ? <SignedInAccount /> : null;
}

function SignedInAccount() {
  const { user } = useSession();
  const logout = useLogout();
  if (!user) return null;
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <span className="min-w-0 truncate text-slate-600" title={user.username}>
        {user.username}
      </span>
      <button
        type="button"
        onClick={() => void logout()}
        className="inline-flex min-h-11 shrink-0 items-center rounded-lg border border-slate-300 bg-white px-3 font-semibold text-slate-900 hover:bg-slate-100"
      >
        Logout
      </button>
    </div>
  );
}

/**
 * Layout without the app shell: auth, plan choice, checkout, legal pages, not found. `account`
 * shows the signed-in user and Logout in the header.
 */
export function PlainLayout({ account = false }: { account?: boolean }) {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-slate-50 px-4">
      <SkipLink />
      <header className={`flex items-center gap-3 py-5 ${account ? 'justify-between' : 'justify-center'}`}>
        <Link to="/" className="shrink-0 rounded-lg" aria-label="FitTrack home">
          <BrandMark />
        </Link>
        {account ? <AccountBar /> : null}
      </header>
      <main id="main" tabIndex={-1} className="flex-1 pb-10 outline-none">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <HydratedLater>
        <PlainFooter />
      </HydratedLater>
    </div>
  );
}
