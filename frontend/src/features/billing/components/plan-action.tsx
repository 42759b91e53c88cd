import { PLANS, type Plan } from '@fittrack/functions/contract/billing-plans';
import type { MembershipResponse } from '@fittrack/functions/contract/billing';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { toastFailureWithReason } from '@/lib/request-error-toast';
import { changePlan } from '@/features/billing/api/post-subscription-change';
import { once } from '@/lib/format';

const dateFormat = once(() => new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' }));
/** "December 20, 2026" in the browser's language. */
export const formatDay = (iso: string | null) => (iso ? dateFormat().format(new Date(iso)) : 'the end of the period');

/**
 * What a user can do with one plan, as the server's purchase rules say (GET /api/subscription
 * `plans`, one paid subscription per user): buy it (checkout), renew it (PayPal adds a period),
 * switch to it at the period end, keep it when a switch is scheduled, or nothing (it is the current
 * plan, or the one a switch starts). The server refuses anything else, whatever the page shows.
 */
export function PlanAction({
  plan,
  membership,
  onChanged,
  primary = false,
  checkoutLabel,
}: {
  plan: Plan;
  /** null: not known (signed out, or not loaded): the plain way to checkout */
  membership: MembershipResponse | null;
  onChanged: (next: MembershipResponse) => void;
  primary?: boolean;
  /** the checkout link's text (default "Choose <Plan>") */
  checkoutLabel?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const option = membership?.plans[plan];
  const label = PLANS[plan].label;
  const variant = primary ? 'primary' : 'secondary';

  const change = async () => {
    setBusy(true);
    try {
      const next = await changePlan(plan);
      onChanged(next);
      setConfirming(false);
      toast({
        title: next.nextPlan ? `Switching to ${PLANS[next.nextPlan].label}` : `Keeping ${label}`,
        description: next.nextPlan
          ? `Your ${PLANS[next.nextPlan].label} plan starts on ${formatDay(next.expiresAt)}. Nothing is charged before then.`
          : `Your ${label} plan renews on ${formatDay(next.expiresAt)} as before.`,
      });
    } catch (err) {
      // The spec's words for a subscription change that failed in Settings, then the server's reason.
      toastFailureWithReason(err, { title: 'Subscription Error', text: 'There was an error processing your subscription. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  if (!option || option.action === 'checkout') {
    return (
      <Link to={`/checkout?plan=${plan}`} className={buttonClasses(variant, 'min-h-11 w-full')}>
        {checkoutLabel ?? `Choose ${label}`}
      </Link>
    );
  }
  if (option.action === 'renew') {
    return (
      <Link to={`/checkout?plan=${plan}`} className={buttonClasses(variant, 'min-h-11 w-full')}>
        Renew {label}
      </Link>
    );
  }
  if (option.action === 'keep') {
    return (
      <Button variant={variant} className="min-h-11 w-full" disabled={busy} onClick={() => void change()}>
        {busy ? 'Saving...' : `Keep ${label}`}
      </Button>
    );
  }
  if (option.action === 'switch') {
    return confirming ? (
      <div className="grid gap-2 rounded-lg bg-slate-50 p-3" role="group" aria-label={`Confirm switching to ${label}`}>
        <p className="text-sm text-slate-700">
          Switch to {label} on {formatDay(membership.expiresAt)}? Your current plan runs until then; {PLANS[plan].price} per {PLANS[plan].period} is charged from
          that day. Nothing is charged now.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" className="min-h-11 flex-1" disabled={busy} onClick={() => void change()}>
            {busy ? 'Switching...' : `Switch to ${label}`}
          </Button>
          <Button variant="ghost" className="min-h-11 flex-1" onClick={() => setConfirming(false)}>
            Not now
          </Button>
        </div>
      </div>
    ) : (
      <Button variant={variant} className="min-h-11 w-full" onClick={() => setConfirming(true)}>
        Switch to {label}
      </Button>
    );
  }
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2.5 text-center text-sm font-medium text-slate-700">
      {option.startsAt ? `Starts on ${formatDay(option.startsAt)}` : option.current ? 'This is your current plan' : (option.reason ?? 'Not available right now')}
    </p>
  );
}

/** A plan's badge: the current plan, or the one a scheduled switch starts. */
export function PlanBadge({ plan, membership }: { plan: Plan; membership: MembershipResponse | null }) {
  const option = membership?.plans[plan];
  if (option?.current) return <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">Current plan</span>;
  if (option?.startsAt) return <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950">Next plan</span>;
  return null;
}
