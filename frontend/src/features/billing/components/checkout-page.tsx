import { PLANS, isPlan, type Plan } from '@fittrack/functions/contract/billing-plans';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Card, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { createSubscription } from '@/features/billing/api/post-create-subscription';
import { useConfig } from '@/features/billing/api/get-config';
import { SandboxCardForm } from './sandbox-card-form';
import { SandboxPaypalButton } from './sandbox-paypal-button';

// The providers' SDKs load only here, only in live mode, as their own chunks.
const StripeCardSection = lazy(() => import('./stripe-card-section'));
const PaypalButtonsSection = lazy(() => import('./paypal-buttons-section'));

/**
 * What a page that has already started the subscription (Settings' Renew) hands to /checkout: in the
 * navigation's state, kept by the browser's session history for this tab (a reload keeps it), never
 * in the URL, which lands in history and CDN logs (DESIGN.md section 8, departure 9).
 */
export interface CheckoutState {
  clientSecret: string;
}

const secretFrom = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && typeof (state as Partial<CheckoutState>).clientSecret === 'string' ? (state as CheckoutState).clientSecret : null;

/** Starts the card subscription (or takes the client secret handed over in memory) and fails over to /settings. */
function useClientSecret(plan: Plan | null, enabled: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const [secret, setSecret] = useState<string | null>(() => secretFrom(location.state));
  const started = useRef(false);
  useEffect(() => {
    if (!plan || !enabled || secret || started.current) return;
    started.current = true;
    createSubscription(plan)
      .then((r) => setSecret(r.clientSecret))
      .catch(() => {
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to initialize payment. Please try again.' });
        void navigate('/settings', { replace: true });
      });
  }, [plan, enabled, secret, navigate]);
  return secret;
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
  const secret = useClientSecret(plan, !!config && (!live || !!config.stripePublishableKey));

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
        {!config || (!secret && (!live || config.stripePublishableKey)) ? (
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
        {!config ? (
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
