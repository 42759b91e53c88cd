import { PLANS, type Plan } from '@fittrack/functions/contract/billing-plans';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { activateSubscription } from '@/features/billing/api/post-activate-subscription';
import { toastPaymentError, toastPaymentFailed, toastPaymentProblem, useFinishPayment } from '@/features/billing/payment-feedback';

/*
 * Live mode only, and only on /checkout: this module (and Stripe.js, which it loads from
 * js.stripe.com) is a lazy chunk, never part of the initial bundle.
 */
const stripePromises = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let p = stripePromises.get(key);
  if (!p) {
    p = loadStripe(key);
    stripePromises.set(key, p);
  }
  return p;
};

function PayForm({ plan }: { plan: Plan }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  // After a failure, focus goes back to the Pay button (disabled while busy, which dropped it).
  const [failures, setFailures] = useState(0);
  const payButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (failures) payButton.current?.focus();
  }, [failures]);
  const finish = useFinishPayment();
  const fail = () => {
    setBusy(false);
    setFailures((n) => n + 1);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/payment-success?plan=${plan}` },
        redirect: 'if_required',
      });
      if (error) {
        if (error.type === 'card_error' || error.type === 'validation_error') toastPaymentFailed(error.message ?? 'Your payment was not accepted.');
        else toastPaymentError(new Error(error.message));
        fail();
        return;
      }
      if (paymentIntent && paymentIntent.status !== 'succeeded' && paymentIntent.status !== 'processing') {
        toastPaymentFailed('Your payment was not completed.');
        fail();
        return;
      }
      const user = await activateSubscription({ subscriptionType: plan, paymentMethod: 'stripe' });
      await finish(user, '/');
    } catch (error) {
      toastPaymentProblem(error);
      fail();
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-3">
      <PaymentElement />
      <Button ref={payButton} type="submit" disabled={!stripe || busy} className="min-h-11 w-full">
        {busy ? 'Processing...' : `Pay ${PLANS[plan].price}`}
      </Button>
    </form>
  );
}

/** Stripe Payment Element for the subscription's first invoice (confirmation secret from the server). */
export default function StripeCardSection({ plan, clientSecret, publishableKey }: { plan: Plan; clientSecret: string; publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <PayForm plan={plan} />
    </Elements>
  );
}
