import { PLANS, type Plan } from '@fittrack/functions/contract/billing-plans';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { focusFormAfterError } from '@/lib/focus-after-error';
import { activateSubscription } from '@/features/billing/api/post-activate-subscription';
import { confirmSandboxCard } from '@/features/billing/api/post-sandbox-card-confirm';
import { toastPaymentFailed, toastPaymentProblem, useFinishPayment } from '@/features/billing/payment-feedback';

/** Groups of four digits as the user types ("4242 4242 4242 4242"). */
const formatCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * Sandbox mode's card form (no provider keys configured): clearly labelled as a test, it takes
 * Stripe's test numbers and confirms with the server's sandbox adapter, which activates through
 * the same code as a real payment.
 */
export function SandboxCardForm({ plan, clientSecret }: { plan: Plan; clientSecret: string }) {
  const [cardNumber, setCardNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const finish = useFinishPayment();
  const hintId = useId();
  const inputId = useId();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    setBusy(true);
    try {
      const result = await confirmSandboxCard(clientSecret, cardNumber);
      if (result.status === 'declined') {
        toastPaymentFailed(result.message);
        setBusy(false);
        focusFormAfterError(form);
        return;
      }
      const user = await activateSubscription({ subscriptionType: plan, paymentMethod: 'stripe' });
      await finish(user, '/');
    } catch (error) {
      toastPaymentProblem(error);
      setBusy(false);
      focusFormAfterError(form, error);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-3" aria-describedby={hintId}>
      <p id={hintId} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-xs text-amber-950">
        <strong className="font-semibold">Sandbox mode - no real card is charged.</strong> Use the test card 4242 4242 4242 4242 to pay, or
        4000 0000 0000 0002 to see a declined payment.
      </p>
      <div className="grid gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          Card number
        </label>
        <input
          id={inputId}
          name="cardNumber"
          inputMode="numeric"
          autoComplete="off"
          required
          placeholder="4242 4242 4242 4242"
          value={cardNumber}
          onChange={(e) => setCardNumber(formatCardNumber(e.target.value))}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 font-mono text-base tracking-wider text-slate-900 placeholder:text-slate-400 focus:border-brand-700 sm:text-sm"
        />
      </div>
      <Button type="submit" disabled={busy} className="min-h-11 w-full">
        {busy ? 'Processing...' : `Pay ${PLANS[plan].price}`}
      </Button>
    </form>
  );
}
