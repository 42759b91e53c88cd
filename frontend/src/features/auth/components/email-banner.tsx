import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { focusFormAfterError } from '@/lib/focus-after-error';
import { toastRequestError } from '@/lib/request-error-toast';
import { postAuthResendVerification, postAuthVerifyEmail } from '@/features/auth/api/post-auth-verify';
import { useSession, useSessionActions } from '@/features/auth/session-context';

/**
 * Above every signed-in screen until the account's email address is confirmed (issue 15 point 6,
 * decision 0024): the 6-digit code from the email, and a button for a new code. In the entry, so
 * the screen and its banner render together from the session's arrival (app/shell-layout.tsx): in
 * a chunk of its own, the screen had to wait for it (else the banner pushed the page down). It
 * decides from the session's user alone, so a confirmed account shows and asks nothing.
 */
export function EmailVerificationBanner() {
  const { user } = useSession();
  const { setUser } = useSessionActions();
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  if (!user || user.emailVerified) return null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const formElement = event.currentTarget;
    setBusy('verify');
    try {
      const { user: verified } = await postAuthVerifyEmail(String(new FormData(formElement).get('code') ?? ''));
      toast({ title: 'Email Confirmed', description: `${verified.email} is confirmed. Password reset codes go there.` });
      await setUser(verified);
    } catch (error) {
      toastRequestError(error, { failedTitle: 'Email Not Confirmed', errorTitle: 'Confirmation Error', fallback: 'Please check the code and try again.' });
      focusFormAfterError(formElement, error);
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy('resend');
    try {
      const { message } = await postAuthResendVerification();
      toast({ title: 'Code Sent', description: message });
    } catch (error) {
      toastRequestError(error, { failedTitle: 'Code Not Sent', errorTitle: 'Code Not Sent', fallback: 'Please try again in a minute.' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="verify-email-title" className="mb-4 grid gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <div>
        <h2 id="verify-email-title" className="font-semibold">
          Confirm your email address
        </h2>
        <p className="mt-1 break-words">
          We sent a 6-digit code to <span className="font-medium break-all">{user.email}</span>. Until you confirm it, a forgotten password cannot be reset.
        </p>
      </div>
      <form onSubmit={(event) => void onSubmit(event)} className="grid gap-3" aria-busy={busy === 'verify'}>
        <Field label="Code from the email" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} required />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy !== null} className="min-h-11 flex-1">
            {busy === 'verify' ? 'Confirming...' : 'Confirm Email'}
          </Button>
          <Button type="button" variant="secondary" disabled={busy !== null} className="min-h-11 flex-1" onClick={() => void resend()}>
            {busy === 'resend' ? 'Sending...' : 'Send New Code'}
          </Button>
        </div>
      </form>
    </section>
  );
}
