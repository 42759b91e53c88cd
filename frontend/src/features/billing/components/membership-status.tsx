import { PLANS, PLAN_IDS, type Plan } from '@fittrack/functions/contract/billing-plans';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { toastFailureWithReason, toastRequestError } from '@/lib/request-error-toast';
import { useMembership } from '@/features/billing/api/get-subscription';
import { createSubscription } from '@/features/billing/api/post-create-subscription';
import { cancelAutoRenewal } from '@/features/billing/api/post-subscription-cancel';
import type { CheckoutState } from '@/features/billing/components/checkout-page';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

const STATUS_TEXT = { none: 'No plan', active: 'Active', canceled: 'Cancelled', expired: 'Expired', past_due: 'Payment overdue' } as const;

/**
 * Settings › Membership: the current plan, when it renews or ends, and turning auto-renewal off
 * (Stripe cancel_at_period_end; access continues to the end of the paid period).
 */
export function MembershipStatus() {
  const { data, error, mutate, isLoading } = useMembership();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'cancel' | Plan | null>(null);

  const cancel = async () => {
    setBusy('cancel');
    try {
      const next = await cancelAutoRenewal();
      await mutate(next, { revalidate: false });
      toast({ title: 'Auto-renewal turned off', description: `Your plan stays active until ${next.expiresAt ? formatDate(next.expiresAt) : 'the end of the period'}.` });
      setConfirming(false);
    } catch (err) {
      toastRequestError(err, { failedTitle: 'Cancellation Failed', errorTitle: 'Cancellation Error', fallback: 'Auto-renewal could not be turned off.' });
    } finally {
      setBusy(null);
    }
  };

  const renew = async (plan: Plan) => {
    setBusy(plan);
    try {
      const { clientSecret } = await createSubscription(plan);
      // The secret travels in the navigation's state, never in the URL (history, CDN logs; DESIGN.md
      // section 8, departure 9).
      await navigate(`/checkout?plan=${plan}`, { state: { clientSecret } satisfies CheckoutState });
    } catch (err) {
      // The spec's words, then the server's reason for a refusal.
      toastFailureWithReason(err, { title: 'Subscription Error', text: 'There was an error processing your subscription. Please try again.' });
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="membership-status" className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="membership-status" className="text-base font-semibold text-slate-900">
        Your membership
      </h2>
      {isLoading ? (
        <Spinner label="Loading your membership..." showLabel />
      ) : error || !data ? (
        <div className="grid gap-2">
          <p className="text-sm text-slate-600">Your membership could not be loaded.</p>
          <Button variant="secondary" className="min-h-11" onClick={() => void mutate()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Plan</dt>
            <dd className="font-medium text-slate-900">
              {data.plan ? `${PLANS[data.plan].label} (${PLANS[data.plan].price} per ${PLANS[data.plan].period})` : 'None'}
            </dd>
            <dt className="text-slate-600">Status</dt>
            <dd className="font-medium text-slate-900">{data.status === 'active' && !data.hasActiveSubscription ? 'Expired' : STATUS_TEXT[data.status]}</dd>
            {data.expiresAt ? (
              <>
                <dt className="text-slate-600">{data.autoRenew ? 'Renews on' : data.hasActiveSubscription ? 'Active until' : 'Ended on'}</dt>
                <dd className="font-medium text-slate-900">{formatDate(data.expiresAt)}</dd>
              </>
            ) : null}
            {data.provider ? (
              <>
                <dt className="text-slate-600">Paid with</dt>
                <dd className="font-medium text-slate-900">{data.provider === 'paypal' ? 'PayPal' : 'Card'}</dd>
              </>
            ) : null}
          </dl>
          {data.canCancel ? (
            confirming ? (
              <div className="grid gap-2 rounded-lg bg-slate-50 p-3" role="group" aria-label="Confirm cancelling auto-renewal">
                <p className="text-sm text-slate-700">
                  Turn off auto-renewal? You keep premium until {data.expiresAt ? formatDate(data.expiresAt) : 'the end of the period'} and are not charged
                  again.
                </p>
                <div className="flex gap-2">
                  <Button variant="secondary" className="min-h-11 flex-1" disabled={busy === 'cancel'} onClick={() => void cancel()}>
                    {busy === 'cancel' ? 'Turning off...' : 'Turn off auto-renewal'}
                  </Button>
                  <Button variant="ghost" className="min-h-11 flex-1" onClick={() => setConfirming(false)}>
                    Keep it
                  </Button>
                </div>
              </div>
            ) : (
              <Button variant="secondary" className="min-h-11" onClick={() => setConfirming(true)}>
                Cancel auto-renewal
              </Button>
            )
          ) : data.hasActiveSubscription ? (
            <div className="grid gap-2">
              <p className="text-sm text-slate-600">Your plan does not renew by itself. Renew now to add another period to it.</p>
              <div className="flex gap-2">
                {PLAN_IDS.map((p) => (
                  <Button key={p} variant={p === 'yearly' ? 'primary' : 'secondary'} className="min-h-11 flex-1" disabled={busy !== null} onClick={() => void renew(p)}>
                    {busy === p ? 'Starting...' : `Renew ${PLANS[p].label}`}
                  </Button>
                ))}
              </div>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
