import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { focusFormAfterError } from '@/lib/focus-after-error';
import { toastRequestError } from '@/lib/request-error-toast';
import { afterSignInPath, useSessionActions } from '@/features/auth/session-context';

export function LoginForm() {
  const { login } = useSessionActions();
  const navigate = useNavigate();
  const { state } = useLocation();
  const [submitting, setSubmitting] = useState(false);

  // onSubmit catches every failure itself (toast and focus), so the form fires and forgets it.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const username = String(form.get('username') ?? '');
    const password = String(form.get('password') ?? '');
    setSubmitting(true);
    try {
      const user = await login({ username, password });
      toast({ title: 'Login Successful', description: 'Welcome back!' });
      await navigate(afterSignInPath(user, state), { replace: true });
    } catch (error) {
      toastRequestError(error, { failedTitle: 'Login Failed', errorTitle: 'Login Error', fallback: 'Invalid credentials' });
      focusFormAfterError(formElement, error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4" aria-busy={submitting}>
      <Field label="Username" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" disabled={submitting} className="mt-2 w-full">
        {submitting ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
