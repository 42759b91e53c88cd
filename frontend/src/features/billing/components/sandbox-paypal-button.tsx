import type { Plan } from '@fittrack/functions/contract/billing-plans';
import { useState } from 'react';
import { activateSubscription } from '@/features/billing/api/post-activate-subscription';
import { capturePaypalOrder } from '@/features/billing/api/post-paypal-capture';
import { createPaypalOrder } from '@/features/billing/api/post-paypal-order';
import { approveSandboxPaypalOrder } from '@/features/billing/api/post-sandbox-paypal-approve';
import { useFinishPayment } from '@/features/billing/payment-feedback';

/**
 * Sandbox mode's PayPal button: creates an order on the server, approves it as the buyer would on
 * PayPal's page, captures it, then activates (SPEC.md section 4: order, approval, capture).
 * As in the spec, PayPal failures are only logged.
 */
export function SandboxPaypalButton({ plan }: { plan: Plan }) {
  const [busy, setBusy] = useState(false);
  const finish = useFinishPayment();

  const pay = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { id } = await createPaypalOrder(plan);
      await approveSandboxPaypalOrder(id);
      const { status } = await capturePaypalOrder(id);
      if (status !== 'COMPLETED') {
        console.warn(`PayPal capture ended ${status}`);
        setBusy(false);
        return;
      }
      const user = await activateSubscription({ subscriptionType: plan, paymentMethod: 'paypal', transactionId: id });
      await finish(user, '/dashboard');
    } catch (error) {
      console.warn('PayPal payment failed', error);
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-2">
      <p className="text-xs text-slate-600">Sandbox PayPal: no PayPal account is charged.</p>
      <button
        type="button"
        onClick={() => void pay()}
        disabled={busy}
        className="inline-flex min-h-11 w-full items-center justify-center rounded-full bg-[#ffc439] px-4 py-2.5 text-sm font-bold text-[#003087] hover:brightness-95 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {busy ? 'Processing...' : 'Pay with PayPal (sandbox)'}
      </button>
    </div>
  );
}
