import { PASSWORD_HINT } from '@fittrack/functions/contract/auth-rules';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { focusFormAfterError } from '@/lib/focus-after-error';
import { toastRequestError } from '@/lib/request-error-toast';
import { useSessionActions } from '@/features/auth/session-context';


export function SignupForm() {
  const { signup } = useSessionActions();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  // onSubmit catches every failure itself (toast and focus), so the form fires and forgets it.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const username = String(form.get('username') ?? '');
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    const confirmPassword = String(form.get('confirmPassword') ?? '');
    if (password !== confirmPassword) {
      toast({ variant: 'destructive', title: 'Password Mismatch', description: 'Passwords do not match' });
      return;
    }
    setSubmitting(true);
    try {
      await signup({ username, email, password });
      toast({ title: 'Account Created', description: 'Please choose a subscription plan to continue' });
      await navigate('/subscription', { replace: true });
    } catch (error) {
      toastRequestError(error, { failedTitle: 'Signup Failed', errorTitle: 'Signup Error', fallback: 'Failed to create account' });
      focusFormAfterError(formElement, error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    // method="post": the pre-rendered form is live before the app has started (scripts/prerender.ts);
    // were it ever submitted without the app, the browser must not put the password in a URL.
    <form method="post" onSubmit={(event) => void onSubmit(event)} className="grid gap-4" aria-busy={submitting}>
      <Field label="Username" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required />
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <Field label="Password" name="password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} required />
      <Field label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" required />
      <Button type="submit" disabled={submitting} className="mt-2 w-full">
        {submitting ? 'Creating Account...' : 'Create Account'}
      </Button>
      <p className="text-center text-xs text-slate-600">
        By creating an account you agree to the{' '}
        <Link to="/terms-of-service" className="font-medium text-brand-800 underline underline-offset-2">
          Terms of Service
        </Link>{' '}
        and the{' '}
        <Link to="/privacy-policy" className="font-medium text-brand-800 underline underline-offset-2">
          Privacy Policy
        </Link>
        .
      </p>
    </form>
  );
}
