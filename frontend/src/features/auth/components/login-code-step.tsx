import { MFA_CODE_REQUIRED } from '@fittrack/functions/contract/auth-rules';
import { type RefObject, useEffect } from 'react';
import { AuthenticatorCodeInput } from './authenticator-code-input';

/**
 * The sign-in form's second step for an account with two-step sign-in (decision 0018): the 6-digit
 * code. Only admins see it, so it is its own chunk, loaded when the server asks for the code.
 */
export function LoginCodeStep({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  useEffect(() => inputRef.current?.focus(), [inputRef]);
  return (
    <div className="grid gap-1.5">
      <p id="login-code-help" className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800">
        {MFA_CODE_REQUIRED}
      </p>
      <label htmlFor="login-code" className="text-sm font-medium text-slate-800">
        Authentication code
      </label>
      <AuthenticatorCodeInput id="login-code" inputRef={inputRef} describedBy="login-code-help" />
    </div>
  );
}
