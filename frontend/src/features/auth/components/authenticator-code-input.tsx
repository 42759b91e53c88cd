import { type Ref } from 'react';

/** The 6-digit code field of two-step sign-in (the sign-in form and the set-up screen): digits, the phone's code autofill, spaces allowed between groups. */
export function AuthenticatorCodeInput({ id, inputRef, describedBy }: { id: string; inputRef: Ref<HTMLInputElement>; describedBy?: string }) {
  return (
    <input
      ref={inputRef}
      id={id}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]{6,7}"
      maxLength={7}
      required
      aria-describedby={describedBy}
      className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 font-mono text-lg tracking-[0.3em] text-slate-900 focus:border-brand-700"
    />
  );
}
