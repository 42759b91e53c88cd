import type { MfaSetupResponse } from '@fittrack/functions/contract/auth';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { toastRequestError } from '@/lib/request-error-toast';
import { postAuthMfaSetup, postAuthMfaVerify } from '@/features/auth/api/post-auth-mfa';
import { AuthenticatorCodeInput } from './authenticator-code-input';

/** The QR code of the otpauth:// URL as SVG squares (uqr, loaded only on this screen). */
function QrCode({ text }: { text: string }) {
  const [modules, setModules] = useState<boolean[][]>();
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ encode }) => {
      if (live) setModules(encode(text, { ecc: 'M', border: 2 }).data);
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (!modules) return <div className="size-48 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />;
  const size = modules.length;
  const path = modules.flatMap((row, y) => row.map((on, x) => (on ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    // always dark on white, whatever the theme: scanners expect it
    <svg viewBox={`0 0 ${size} ${size}`} className="size-48 rounded-lg bg-white" role="img" aria-label="QR code of the authenticator set-up link" shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up two-step sign-in with an authenticator app (issue 15 point 5, decision 0018): the
 * admin page shows this until the server lets the administrator in. Step 1 asks the server for a
 * secret (shown once, as a QR code and as text); step 2 sends the first code the app shows.
 */
export function MfaSetup({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<MfaSetupResponse>();
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  useEffect(() => {
    if (setup) codeRef.current?.focus();
  }, [setup]);

  const start = async () => {
    setBusy(true);
    try {
      setSetup(await postAuthMfaSetup());
    } catch (error) {
      toastRequestError(error, { failedTitle: 'Set-up Failed', errorTitle: 'Set-up Error', fallback: 'The authenticator could not be set up.' });
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s+/g, '');
    setBusy(true);
    try {
      await postAuthMfaVerify(code);
      toast({ title: 'Two-step sign-in is on', description: 'From now on, signing in asks for a code from your authenticator app.' });
      onDone();
    } catch (error) {
      toastRequestError(error, { failedTitle: 'Code Not Accepted', errorTitle: 'Set-up Error', fallback: 'That code did not match.' });
      codeRef.current?.select();
      codeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="grid gap-4" aria-labelledby={headingId}>
      <div className="grid gap-1">
        <CardTitle id={headingId}>Set up two-step sign-in</CardTitle>
        <CardDescription>
          Administrator accounts need a second step at sign-in: a 6-digit code from an authenticator app on your phone (for example Google
          Authenticator, Microsoft Authenticator or 1Password). The admin page opens once it is set up.
        </CardDescription>
      </div>
      {!setup ? (
        <Button className="min-h-11 justify-self-start" disabled={busy} onClick={() => void start()}>
          {busy ? 'Preparing...' : 'Set up authenticator'}
        </Button>
      ) : (
        <>
          <ol className="grid list-decimal gap-3 pl-5 text-sm text-slate-800">
            <li>
              Scan this QR code with your authenticator app.
              <div className="mt-2 inline-block rounded-lg border border-slate-200 p-1">
                <QrCode text={setup.otpauthUrl} />
              </div>
            </li>
            <li>
              Or enter this key by hand (time-based). It is shown only now:
              <code className="mt-1 block font-mono text-base break-all text-slate-900 select-all">{grouped(setup.secret)}</code>
            </li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <form onSubmit={(e) => void verify(e)} className="grid gap-3 sm:max-w-xs" aria-busy={busy}>
            <label htmlFor={`${headingId}-code`} className="text-sm font-medium text-slate-800">
              Authentication code
            </label>
            <AuthenticatorCodeInput id={`${headingId}-code`} inputRef={codeRef} />
            <Button type="submit" className="min-h-11" disabled={busy}>
              {busy ? 'Checking...' : 'Turn on two-step sign-in'}
            </Button>
          </form>
        </>
      )}
    </Card>
  );
}
