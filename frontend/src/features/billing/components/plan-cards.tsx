import { PLANS } from '@fittrack/functions/contract/billing-plans';
import { useMembership } from '@/features/billing/api/get-subscription';
import { PlanAction, PlanBadge } from './plan-action';

/**
 * Settings › Membership: the two plans (SPEC: Monthly $2.99 per month; Yearly $29.99 per year, 'Save
 * over 16% vs monthly', priority support; a link to /checkout), each with what the user can do with
 * it now: the current plan is marked and not sold again; the other is a switch at the renewal.
 */
export function PlanCards() {
  const { data, mutate } = useMembership();
  const membership = data ?? null;
  const onChanged = (next: typeof data) => void mutate(next, { revalidate: false });
  return (
    <>
      <section aria-labelledby="plan-monthly" className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="plan-monthly" className="text-base font-semibold text-slate-900">
            Monthly Plan
          </h2>
          <PlanBadge plan="monthly" membership={membership} />
        </div>
        <p className="text-slate-900">
          <span className="text-2xl font-bold">{PLANS.monthly.price}</span> <span className="text-sm text-slate-600">per month</span>
        </p>
        <p className="text-sm text-slate-600">All premium features, billed monthly. Cancel anytime.</p>
        <div className="mt-1">
          <PlanAction plan="monthly" membership={membership} onChanged={onChanged} />
        </div>
      </section>
      <section aria-labelledby="plan-yearly" className="grid gap-2 rounded-2xl border-2 border-brand-700 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="plan-yearly" className="text-base font-semibold text-slate-900">
            Yearly Plan
          </h2>
          <span className="flex flex-wrap gap-1.5">
            <PlanBadge plan="yearly" membership={membership} />
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">Save over 16% vs monthly</span>
          </span>
        </div>
        <p className="text-slate-900">
          <span className="text-2xl font-bold">{PLANS.yearly.price}</span> <span className="text-sm text-slate-600">per year</span>
        </p>
        <ul className="list-disc pl-5 text-sm text-slate-600">
          <li>All premium features, billed yearly</li>
          <li>Priority support</li>
        </ul>
        <div className="mt-1">
          <PlanAction plan="yearly" membership={membership} onChanged={onChanged} primary />
        </div>
      </section>
    </>
  );
}
