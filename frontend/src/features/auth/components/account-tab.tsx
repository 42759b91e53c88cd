import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { focusFormAfterError } from '@/lib/focus-after-error';
import { toastRequestError } from '@/lib/request-error-toast';
import { postAuthLogoutAll } from '@/features/auth/api/post-auth-logout-all';
import { postAuthChangePassword } from '@/features/auth/api/post-auth-password';
import { DeleteAccount } from './delete-account';
import { DownloadMyData } from './download-my-data';
// Through the public module, not ./session-context: this chunk then shares the entry's modules instead of
// making Rolldown split the API client and SWR out of the entry into chunks of their own (+600 B at start).
import { useSession, useSessionActions } from '@/features/auth/public';
import { ChangeEmailForm } from './change-email-form';

const sectionClass = 'grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';

/** Change password: the current one is checked like a sign-in; every other device is signed out (decision 0019). */
function ChangePasswordForm() {
  const { forgetSession } = useSessionActions();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setSubmitting(true);
    try {
      const { message, signedOut } = await postAuthChangePassword({
        currentPassword: String(form.get('currentPassword') ?? ''),
        newPassword: String(form.get('newPassword') ?? ''),
      });
      toast({ title: 'Password Changed', description: message });
      if (signedOut) {
        await forgetSession();
        await navigate('/auth', { replace: true });
      } else formElement.reset();
    } catch (error) {
      toastRequestError(error, { failedTitle: 'Password Not Changed', errorTitle: 'Password Error', fallback: 'Please check your passwords and try again.' });
      focusFormAfterError(formElement, error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section aria-labelledby="change-password-title" className={sectionClass}>
      <h2 id="change-password-title" className="text-base font-semibold text-slate-900">
        Change Password
      </h2>
      <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4" aria-busy={submitting}>
        <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required />
        <Field
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters. Every other device will be signed out."
          required
        />
        <Button type="submit" disabled={submitting} className="min-h-11 w-full sm:w-auto">
          {submitting ? 'Saving...' : 'Change Password'}
        </Button>
      </form>
    </section>
  );
}

/** Who is signed in. */
function AccountDetails() {
  const { user } = useSession();
  return (
    <section aria-labelledby="account-title" className={sectionClass}>
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
  );
}

/**
 * Sign out everywhere: every session of the account ends on every device, this one included
 * (POST /api/auth/logout-all; a copied cookie is refused at once, decision 0013). It cannot be undone, so it asks first.
 */
function SignOutEverywhere() {
  const { forgetSession } = useSessionActions();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const signOutEverywhere = async () => {
    setBusy(true);
    try {
      await postAuthLogoutAll();
    } catch (error) {
      // the server could not end the sessions: the cookies are still valid, so do not pretend; let the person try again
      toastRequestError(error, { failedTitle: 'Logout Failed', errorTitle: 'Logout Failed', fallback: 'Something went wrong. Please try again.' });
      setBusy(false);
      return;
    }
    await forgetSession();
    toast({ title: 'Signed Out Everywhere', description: 'Your account is now signed out on every device, this one included.' });
    await navigate('/auth', { replace: true });
  };

  return (
    <section aria-labelledby="everywhere-title" className={sectionClass}>
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
  );
}

/** Settings › Account (issue 15 point 6): who is signed in, change password, sign out everywhere. */
export function AccountTab() {
  return (
    <div className="grid gap-4">
      <AccountDetails />
      <ChangeEmailForm />
      <ChangePasswordForm />
      <SignOutEverywhere />
      <DownloadMyData />
      <DeleteAccount />
    </div>
  );
}
