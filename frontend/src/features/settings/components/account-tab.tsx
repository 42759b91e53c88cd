import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useLogoutEverywhere, useSession } from '@/features/auth/public';

/**
 * Settings › Account (issue 15 point 6): who is signed in, and "sign out everywhere", which ends
 * every session of the account on every device, this one included (POST /api/auth/logout-all; a
 * copied cookie is refused at once, decision 0013). It cannot be undone, so it asks first.
 */
export function AccountTab() {
  const { user } = useSession();
  const logoutEverywhere = useLogoutEverywhere();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const signOutEverywhere = async () => {
    setBusy(true);
    await logoutEverywhere();
    // still here only when it failed (the toast says so): let the person try again
    setBusy(false);
  };

  return (
    <div className="grid gap-4">
      <section aria-labelledby="account-title" className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="account-title" className="text-base font-semibold text-slate-900">
          Your account
        </h2>
        <dl className="grid gap-1 text-sm">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">Username</dt>
            <dd className="font-medium break-all text-slate-900">{user?.username ?? '…'}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">Email</dt>
            <dd className="font-medium break-all text-slate-900">{user?.email ?? '…'}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="everywhere-title" className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="everywhere-title" className="text-base font-semibold text-slate-900">
          Sign out everywhere
        </h2>
        <p className="text-sm text-slate-600">
          Lost a phone, or signed in on a computer that is not yours? This ends every session of your account on every device, this one included. You sign in
          again with your password.
        </p>
        {confirming ? (
          <div className="grid gap-2 rounded-lg bg-slate-50 p-3" role="group" aria-label="Confirm signing out everywhere">
            <p className="text-sm text-slate-700">Sign out on every device now?</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="primary" className="min-h-11 flex-1" disabled={busy} onClick={() => void signOutEverywhere()}>
                {busy ? 'Signing Out...' : 'Sign Out Everywhere'}
              </Button>
              <Button variant="ghost" className="min-h-11 flex-1" disabled={busy} onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="secondary" className="min-h-11 w-full" onClick={() => setConfirming(true)}>
            Sign Out Everywhere
          </Button>
        )}
      </section>
    </div>
  );
}
