import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { focusFormAfterError } from '@/lib/focus-after-error';
import { toastRequestError } from '@/lib/request-error-toast';
import { postAuthChangeEmail } from '@/features/auth/api/post-auth-email';
// Through the public module, not ./session-context (see account-tab.tsx): the entry keeps the API client and SWR.
import { useSession } from '@/features/auth/public';

/**
 * Settings › Account: change email (issue 15 point 6, decision 0024). The password is checked like a
 * sign-in; the new address gets a code, which the banner above every signed-in screen asks for.
 */
export function ChangeEmailForm() {
  const { user, revalidate } = useSession();
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setSubmitting(true);
    try {
      const { message } = await postAuthChangeEmail({ email: String(form.get('email') ?? '').trim(), password: String(form.get('password') ?? '') });
      toast({ title: 'Email Changed', description: message });
      formElement.reset();
      // the session's user now has the new, unconfirmed address: the banner asks for its code
      await revalidate();
    } catch (error) {
      toastRequestError(error, { failedTitle: 'Email Not Changed', errorTitle: 'Email Error', fallback: 'Please check the address and your password and try again.' });
      focusFormAfterError(formElement, error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section aria-labelledby="change-email-title" className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="change-email-title" className="text-base font-semibold text-slate-900">
        Change Email
      </h2>
      <p className="text-sm text-slate-600">
        We send a code to the new address to confirm it.{user && !user.emailVerified ? ' Your current address is not confirmed yet.' : ''}
      </p>
      <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4" aria-busy={submitting}>
        <Field label="New email" name="email" type="email" autoComplete="email" maxLength={254} required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" hint="Your current password, to confirm it is you." required />
        <Button type="submit" disabled={submitting} className="min-h-11 w-full sm:w-auto">
          {submitting ? 'Saving...' : 'Change Email'}
        </Button>
      </form>
    </section>
  );
}
