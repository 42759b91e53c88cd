import { MFA_CODE_REQUIRED } from '@fittrack/functions/contract/auth-rules';
import { type FormEvent, Suspense, lazy, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { focusFormAfterError } from '@/lib/focus-after-error';
import { toastRequestError } from '@/lib/request-error-toast';
import { afterSignInPath, useSessionActions } from '@/features/auth/session-context';

const LoginCodeStep = lazy(() => import('./login-code-step').then((m) => ({ default: m.LoginCodeStep })));

/** The server asks for the authenticator's code (401 `{ mfa: "totp" }`, decision 0018). */
const asksForCode = (error: unknown) => error instanceof ApiError && error.status === 401 && error.serverFields.mfa === 'totp';

export function LoginForm() {
  const { login } = useSessionActions();
  const navigate = useNavigate();
  const { state } = useLocation();
  const [submitting, setSubmitting] = useState(false);
  // two-step sign-in: after the password, the same form asks for the 6-digit code
  const [codeStep, setCodeStep] = useState(false);
  // the code field, focused by LoginCodeStep when it appears
  const codeRef = useRef<HTMLInputElement>(null);

  // onSubmit catches every failure itself (toast and focus), so the form fires and forgets it.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const username = String(form.get('username') ?? '');
    const password = String(form.get('password') ?? '');
    const code = codeStep ? String(form.get('code') ?? '').replace(/\s+/g, '') : undefined;
    setSubmitting(true);
    try {
      const user = await login({ username, password, ...(code !== undefined ? { code } : {}) });
      toast({ title: 'Login Successful', description: 'Welcome back!' });
      await navigate(afterSignInPath(user, state), { replace: true });
    } catch (error) {
      if (asksForCode(error) && (error as ApiError).serverMessage === MFA_CODE_REQUIRED) {
        // not a failure: the password was accepted and the account has an authenticator
        setCodeStep(true);
      } else {
        toastRequestError(error, { failedTitle: 'Login Failed', errorTitle: 'Login Error', fallback: 'Invalid credentials' });
        if (asksForCode(error) && codeRef.current) {
          codeRef.current.select();
          codeRef.current.focus();
        } else focusFormAfterError(formElement, error);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    // method="post": the pre-rendered form is live before the app has started (scripts/prerender.ts);
    // were it ever submitted without the app, the browser must not put the password in a URL.
    <form method="post" onSubmit={(event) => void onSubmit(event)} className="grid gap-4" aria-busy={submitting}>
      <Field label="Username" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required />
      {codeStep ? (
        <Suspense fallback={null}>
          <LoginCodeStep inputRef={codeRef} />
        </Suspense>
      ) : null}
      <Button type="submit" disabled={submitting} className="mt-2 w-full">
        {submitting ? 'Signing In...' : codeStep ? 'Verify and Sign In' : 'Sign In'}
      </Button>
    </form>
  );
}
