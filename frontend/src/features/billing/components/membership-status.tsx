import { PLANS } from '@fittrack/functions/contract/billing-plans';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { toastRequestError } from '@/lib/request-error-toast';
import { useMembership } from '@/features/billing/api/get-subscription';
import { cancelAutoRenewal } from '@/features/billing/api/post-subscription-cancel';
import { formatDay } from './plan-action';

const STATUS_TEXT = { none: 'No plan', active: 'Active', canceled: 'Cancelled', expired: 'Expired', past_due: 'Payment overdue' } as const;

/**
 * Settings › Membership: the current plan, when it renews or ends, a switch scheduled for the
 * renewal, and turning auto-renewal off (Stripe cancel_at_period_end; access continues to the end of
 * the paid period). What can be bought or switched is on the plan cards below (plan-cards.tsx).
 */
export function MembershipStatus() {
  const { data, error, mutate, isLoading } = useMembership();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const cancel = async () => {
    setBusy(true);
    try {
      const next = await cancelAutoRenewal();
      await mutate(next, { revalidate: false });
      toast({ title: 'Auto-renewal turned off', description: `Your plan stays active until ${formatDay(next.expiresAt)}.` });
      setConfirming(false);
    } catch (err) {
      toastRequestError(err, { failedTitle: 'Cancellation Failed', errorTitle: 'Cancellation Error', fallback: 'Auto-renewal could not be turned off.' });
    } finally {
      setBusy(false);
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
                <dt className="text-slate-600">{data.nextPlan ? 'Until' : data.autoRenew ? 'Renews on' : data.hasActiveSubscription ? 'Active until' : 'Ended on'}</dt>
                <dd className="font-medium text-slate-900">{formatDay(data.expiresAt)}</dd>
              </>
            ) : null}
            {data.nextPlan ? (
              <>
                <dt className="text-slate-600">Then</dt>
                <dd className="font-medium text-slate-900">
                  {PLANS[data.nextPlan].label} ({PLANS[data.nextPlan].price} per {PLANS[data.nextPlan].period})
                </dd>
              </>
            ) : null}
            {data.provider ? (
              <>
                <dt className="text-slate-600">Paid with</dt>
                <dd className="font-medium text-slate-900">{data.provider === 'paypal' ? 'PayPal' : 'Card'}</dd>
              </>
            ) : null}
          </dl>
          {data.hasActiveSubscription && !data.autoRenew ? (
            <p className="text-sm text-slate-600">Your plan does not renew by itself. Renew it below to add another period.</p>
          ) : null}
          {data.canCancel ? (
            confirming ? (
              <div className="grid gap-2 rounded-lg bg-slate-50 p-3" role="group" aria-label="Confirm cancelling auto-renewal">
                <p className="text-sm text-slate-700">
                  Turn off auto-renewal? You keep premium until {formatDay(data.expiresAt)} and are not charged again
                  {data.nextPlan ? `, and the switch to ${PLANS[data.nextPlan].label} is cancelled` : ''}.
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" className="min-h-11 flex-1" disabled={busy} onClick={() => void cancel()}>
                    {busy ? 'Turning off...' : 'Turn off auto-renewal'}
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
          ) : null}
        </>
      )}
    </section>
  );
}
