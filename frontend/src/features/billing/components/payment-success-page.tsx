import { PLANS, isPlan } from '@fittrack/functions/contract/billing-plans';
import type { User } from '@fittrack/functions/contract/auth';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useSessionActions } from '@/features/auth/public';
import { activateSubscription } from '@/features/billing/api/post-activate-subscription';

type State = { kind: 'checking' } | { kind: 'active'; user: User } | { kind: 'pending' } | { kind: 'failed'; message: string };

const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }) : null);

/**
 * /payment-success?plan= : the card payment's return target (after a bank's 3-D Secure step).
 * It asks the server to confirm the payment with Stripe and shows the outcome.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const requested = params.get('plan');
  const plan = isPlan(requested) ? requested : 'monthly';
  const redirectFailed = params.get('redirect_status') === 'failed';
  const { setUser } = useSessionActions();
  const [state, setState] = useState<State>(redirectFailed ? { kind: 'failed', message: 'Your bank did not confirm the payment.' } : { kind: 'checking' });
  const started = useRef(false);

  const check = useCallback(async () => {
    setState({ kind: 'checking' });
    try {
      const user = await activateSubscription({ subscriptionType: plan, paymentMethod: 'stripe' });
      await setUser(user);
      setState({ kind: 'active', user });
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) setState({ kind: 'pending' });
      else if (error instanceof ApiError && error.status === 401) setState({ kind: 'failed', message: 'Please sign in again to confirm your payment.' });
      else setState({ kind: 'failed', message: (error instanceof ApiError && error.serverMessage) || 'We could not reach FitTrack to confirm your payment.' });
    }
  }, [plan, setUser]);

  useEffect(() => {
    if (redirectFailed || started.current) return;
    started.current = true;
    void check();
  }, [check, redirectFailed]);

  return (
    <div className="grid gap-5 py-2 text-center">
      {state.kind === 'checking' ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Confirming your payment</h1>
          <Spinner label="Checking with the payment provider..." showLabel />
        </>
      ) : state.kind === 'active' ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Payment confirmed</h1>
          <Card className="grid gap-1">
            <p className="font-semibold text-slate-900">Welcome to FitTrack Premium!</p>
            <p className="text-sm text-slate-600">
              Your {PLANS[plan].label.toLowerCase()} plan is active
              {state.user.subscriptionExpiresAt ? ` until ${formatDate(state.user.subscriptionExpiresAt)}` : ''}.
            </p>
          </Card>
          <Link to="/" className={buttonClasses('primary', 'min-h-11')}>
            Go to the dashboard
          </Link>
        </>
      ) : state.kind === 'pending' ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Payment not confirmed yet</h1>
          <p className="text-sm text-slate-600">
            The payment provider has not confirmed your payment yet. This usually takes a few seconds. Nothing is granted until it does, and you
            are never charged twice.
          </p>
          <Button onClick={() => void check()} className="min-h-11">
            Check again
          </Button>
          <Link to="/subscription" className="text-sm font-medium text-brand-800 underline underline-offset-2">
            Back to the plans
          </Link>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Payment not completed</h1>
          <p role="alert" className="text-sm text-slate-700">
            {state.message}
          </p>
          <Link to={`/checkout?plan=${plan}`} className={buttonClasses('primary', 'min-h-11')}>
            Try again
          </Link>
        </>
      )}
    </div>
  );
}
