import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { focusFormAfterError } from '@/lib/focus-after-error';
import { toastRequestError } from '@/lib/request-error-toast';
import { postAuthForgotPassword, postAuthResetPassword } from '@/features/auth/api/post-auth-reset';

/**
 * "Forgot password?" on the sign-in screen (decision 0019): step 1 asks for the username and sends a
 * code to the account's email (the answer is the same for any username); step 2 takes the code and
 * a new password. A reset ends every session of the account; the person then signs in.
 */
export function ForgotPasswordForm({ onDone }: { onDone: () => void }) {
  const [step, setStep] = useState<'ask' | 'reset'>('ask');
  const [username, setUsername] = useState('');
  const [sentMessage, setSentMessage] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (step === 'reset') codeRef.current?.focus();
  }, [step]);

  const ask = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const formElement = event.currentTarget;
    setSubmitting(true);
    try {
      const { message } = await postAuthForgotPassword({ username });
      setSentMessage(message);
      setStep('reset');
    } catch (error) {
      toastRequestError(error, { failedTitle: 'Reset Failed', errorTitle: 'Reset Error', fallback: 'Please check the username and try again.' });
      focusFormAfterError(formElement, error);
    } finally {
      setSubmitting(false);
    }
  };

  const reset = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const code = String(form.get('code') ?? '').replace(/\s+/g, '');
    const password = String(form.get('password') ?? '');
    setSubmitting(true);
    try {
      const { message } = await postAuthResetPassword({ username, code, password });
      toast({ title: 'Password Changed', description: message });
      onDone();
    } catch (error) {
      toastRequestError(error, { failedTitle: 'Reset Failed', errorTitle: 'Reset Error', fallback: 'That code is wrong or has expired.' });
      focusFormAfterError(formElement, error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="grid gap-4">
      <h2 className="text-base font-semibold text-slate-900">Reset your password</h2>
      {step === 'ask' ? (
        // keys: the two steps are different forms, so the code field never inherits the username field's DOM value
        <form key="ask" onSubmit={(event) => void ask(event)} className="grid gap-4" aria-busy={submitting}>
          <p className="text-sm text-slate-600">Enter your username. We will email a 6-digit code to the address on the account.</p>
          <Field
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <Button type="submit" disabled={submitting} className="w-full">
            {submitting ? 'Sending...' : 'Send Code'}
          </Button>
        </form>
      ) : (
        <form key="reset" onSubmit={(event) => void reset(event)} className="grid gap-4" aria-busy={submitting}>
          <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800">
            {sentMessage}
          </p>
          <Field
            ref={codeRef}
            label="Code from the email"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            pattern="\d{3} ?\d{3}"
            required
          />
          <Field label="New password" name="password" type="password" autoComplete="new-password" required />
          <Button type="submit" disabled={submitting} className="w-full">
            {submitting ? 'Saving...' : 'Set New Password'}
          </Button>
          <Button type="button" variant="secondary" disabled={submitting} onClick={() => setStep('ask')} className="w-full">
            Send a new code
          </Button>
        </form>
      )}
      <Button type="button" variant="ghost" onClick={onDone} className="min-h-11 w-full">
        Back to sign in
      </Button>
    </div>
  );
}
