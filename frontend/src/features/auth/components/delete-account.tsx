import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { focusFormAfterError } from '@/lib/focus-after-error';
import { toastRequestError } from '@/lib/request-error-toast';
import { postAccountDelete } from '@/features/auth/api/post-account-delete';
// Through the public module, not ./session-context (see account-tab.tsx: keeps the API client and SWR in the entry).
import { useSessionActions } from '@/features/auth/public';

const DANGER_BUTTON =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-red-800 active:bg-red-800 disabled:cursor-not-allowed disabled:opacity-70';

/**
 * Delete my account (danger zone, decision 0021): the password and an explicit confirmation. The
 * server checks the password like a sign-in, cancels a renewing subscription at once, deletes the
 * account and its data and ends every session; this browser then forgets the session and goes to
 * sign-in. A refusal keeps what was typed.
 */
export function DeleteAccount() {
  const { forgetSession } = useSessionActions();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setSubmitting(true);
    try {
      const { message } = await postAccountDelete({ password: String(form.get('password') ?? '') });
      await forgetSession();
      toast({ title: 'Account Deleted', description: message });
      await navigate('/auth', { replace: true });
    } catch (error) {
      toastRequestError(error, { failedTitle: 'Account Not Deleted', errorTitle: 'Account Not Deleted', fallback: 'Please check your password and try again.' });
      setSubmitting(false);
      focusFormAfterError(formElement, error);
    }
  };

  return (
    <section aria-labelledby="delete-account-title" className="grid gap-3 rounded-2xl border border-red-200 bg-white p-5 shadow-sm">
      <h2 id="delete-account-title" className="text-base font-semibold text-red-800">
        Delete my account
      </h2>
      <p className="text-sm text-slate-600">
        This deletes your account, your tracked days, meals and push-up sets for good, and cancels a renewing subscription now, without a refund for the days
        left. Feedback you sent stays, without your name or email. Download your data first if you want to keep it.
      </p>
      {open ? (
        <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4" aria-busy={submitting} aria-label="Delete my account">
          <Field label="Password" name="password" type="password" autoComplete="current-password" required />
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" name="confirm" required className="mt-0.5 size-5 shrink-0 accent-red-700" />
            <span>I understand that my account and its data are deleted for good.</span>
          </label>
          <div className="flex flex-wrap gap-2">
            {/* not a Button variant: the primary colour would win over red in the Black theme's overrides */}
            <button type="submit" disabled={submitting} className={DANGER_BUTTON}>
              {submitting ? 'Deleting...' : 'Delete My Account'}
            </button>
            <Button variant="ghost" className="min-h-11 flex-1" disabled={submitting} onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" className="min-h-11 w-full border-red-200 text-red-800 sm:w-auto" onClick={() => setOpen(true)}>
          Delete My Account...
        </Button>
      )}
    </section>
  );
}
