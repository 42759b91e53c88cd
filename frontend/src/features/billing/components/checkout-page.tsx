import { PLANS, isPlan, type Plan } from '@fittrack/functions/contract/billing-plans';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/features/auth/public';
import { useMembership } from '@/features/billing/api/get-subscription';
import { createSubscription } from '@/features/billing/api/post-create-subscription';
import { useConfig } from '@/features/billing/api/get-config';
import { SandboxCardForm } from './sandbox-card-form';
import { SandboxPaypalButton } from './sandbox-paypal-button';

// The providers' SDKs load only here, only in live mode, as their own chunks.
const StripeCardSection = lazy(() => import('./stripe-card-section'));
const PaypalButtonsSection = lazy(() => import('./paypal-buttons-section'));

/**
 * Starts the card subscription (the server reuses one still waiting for its payment) and fails over
 * to /settings; a refusal by the purchase rules (409: one paid subscription per user) is answered on
 * the page instead, in the server's words. The client secret stays in this page's memory, never in
 * the URL, which lands in history and CDN logs (DESIGN.md section 8, departure 9): a client_secret
 * in the URL is not read.
 */
function useClientSecret(plan: Plan | null, enabled: boolean) {
  const navigate = useNavigate();
  const [secret, setSecret] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!plan || !enabled || secret || started.current) return;
    started.current = true;
    createSubscription(plan)
      .then((r) => setSecret(r.clientSecret))
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 409 && err.serverMessage) {
          setRefusal(err.serverMessage);
          return;
        }
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to initialize payment. Please try again.' });
        void navigate('/settings', { replace: true });
      });
  }, [plan, enabled, secret, navigate]);
  return { secret, refusal };
}

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <CardTitle id={id} className="text-base">
      {children}
    </CardTitle>
  );
}

/** /checkout?plan= : 'Complete Your Subscription' with the card section and the PayPal section. */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const requested = params.get('plan');
  const plan = isPlan(requested) ? requested : null;
  const { data: config, error: configError } = useConfig();
  const live = config?.paymentMode === 'live';
  // What this user may pay for this plan (the server's purchase rules): nothing is started that
  // the server would refuse. Without a membership (not signed in, or not loaded) the server decides.
  const { status } = useSession();
  const { data: membership, error: membershipError } = useMembership(status === 'authenticated');
  const option = plan && membership ? membership.plans[plan] : null;
  const membershipKnown = status === 'authenticated' ? !!membership || !!membershipError : status !== 'loading';
  const cardAllowed = option?.card ?? true;
  const { secret, refusal } = useClientSecret(plan, !!config && (!live || !!config.stripePublishableKey) && membershipKnown && cardAllowed);
  const cardRefusal = option && !option.card ? option.reason : refusal;

  useEffect(() => {
    if (!configError) return;
    toast({ variant: 'destructive', title: 'Error', description: 'Failed to initialize payment. Please try again.' });
    void navigate('/settings', { replace: true });
  }, [configError, navigate]);

  if (!plan) {
    return (
      <div className="grid gap-6 py-2">
        <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">Complete Your Subscription</h1>
        <Card>
          <p className="text-sm text-slate-700">No plan selected.</p>
          <Link to="/subscription" className="mt-3 inline-block text-sm font-medium text-brand-800 underline underline-offset-2">
            Choose a plan
          </Link>
        </Card>
      </div>
    );
  }

  const price = PLANS[plan];
  if (option && !option.card && !option.paypal) {
    // Nothing to pay: the plan is the user's own, or a switch, or waits for an overdue payment.
    return (
      <div className="grid gap-6 py-2">
        <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">Complete Your Subscription</h1>
        <Card role="region" aria-labelledby="nothing-to-pay" className="grid gap-3">
          <SectionTitle id="nothing-to-pay">{option.current ? `You already have the ${price.label} plan` : `The ${price.label} plan`}</SectionTitle>
          <p className="text-sm text-slate-700">{option.reason ?? 'This plan cannot be bought right now.'}</p>
          <div className="flex flex-wrap gap-2">
            <Link to="/settings" className={buttonClasses('primary', 'min-h-11 flex-1')}>
              Manage your membership
            </Link>
            <Link to="/subscription" className={buttonClasses('secondary', 'min-h-11 flex-1')}>
              See the plans
            </Link>
          </div>
        </Card>
      </div>
    );
  }
  return (
    <div className="grid gap-5 py-2">
      <div className="text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Complete Your Subscription</h1>
        {config && !live ? (
          <p className="mt-2 inline-block rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-950">Sandbox mode: test payments only</p>
        ) : null}
      </div>
      <Card className="flex items-center justify-between gap-3">
        <div>
          <p className="font-semibold text-slate-900">FitTrack Premium {price.label}</p>
          <p className="text-sm text-slate-600">
            {price.price} per {price.period}
            {plan === 'yearly' ? ' - save over 16%' : ''}
          </p>
        </div>
        <Link to="/subscription" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline underline-offset-2">
          Change plan
        </Link>
      </Card>

      <Card role="region" aria-labelledby="card-payment" className="grid gap-3">
        <SectionTitle id="card-payment">Pay by card</SectionTitle>
        {cardRefusal ? (
          <p className="text-sm text-slate-700">{cardRefusal}</p>
        ) : !config || (!secret && (!live || config.stripePublishableKey)) ? (
          <Spinner label="Preparing secure payment..." showLabel />
        ) : live ? (
          config.stripePublishableKey && secret ? (
            <Suspense fallback={<Spinner label="Loading card payment..." showLabel />}>
              <StripeCardSection plan={plan} clientSecret={secret} publishableKey={config.stripePublishableKey} />
            </Suspense>
          ) : (
            <p className="text-sm text-slate-600">Card payments are not available right now. Please use PayPal or try again later.</p>
          )
        ) : (
          <SandboxCardForm plan={plan} clientSecret={secret!} />
        )}
      </Card>

      <Card role="region" aria-labelledby="paypal-payment" className="grid gap-3">
        <SectionTitle id="paypal-payment">Pay with PayPal</SectionTitle>
        {option && !option.paypal ? (
          <p className="text-sm text-slate-700">{option.reason}</p>
        ) : !config ? (
          <Spinner label="Loading PayPal..." />
        ) : live ? (
          config.paypalClientId ? (
            <Suspense fallback={<Spinner label="Loading PayPal..." showLabel />}>
              <PaypalButtonsSection plan={plan} clientId={config.paypalClientId} />
            </Suspense>
          ) : (
            <p className="text-sm text-slate-600">PayPal is not available right now.</p>
          )
        ) : (
          <SandboxPaypalButton plan={plan} />
        )}
      </Card>

      <p className="text-center text-xs text-slate-600">
        Payments are processed securely{live ? ' by Stripe and PayPal' : ''}. Cancel anytime; 30-day money-back guarantee.
      </p>
    </div>
  );
}
