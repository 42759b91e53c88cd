import { PLANS } from '@fittrack/functions/contract/billing-plans';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { MembershipStatus } from './membership-status';

/** Settings › Membership: the two plans and the way to checkout. */
export function MembershipTab() {
  return (
    <div className="grid gap-4">
      <MembershipStatus />
      <section aria-labelledby="plan-monthly" className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="plan-monthly" className="text-base font-semibold text-slate-900">
          Monthly Plan
        </h2>
        <p className="text-slate-900">
          <span className="text-2xl font-bold">{PLANS.monthly.price}</span> <span className="text-sm text-slate-600">per month</span>
        </p>
        <p className="text-sm text-slate-600">All premium features, billed monthly. Cancel anytime.</p>
        <Link to="/checkout?plan=monthly" className={buttonClasses('secondary', 'mt-1 min-h-11')}>
          Choose Monthly
        </Link>
      </section>
      <section aria-labelledby="plan-yearly" className="grid gap-2 rounded-2xl border-2 border-brand-700 bg-white p-5 shadow-sm">
        <div className="flex items-center justify-between gap-2">
          <h2 id="plan-yearly" className="text-base font-semibold text-slate-900">
            Yearly Plan
          </h2>
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">Save over 16% vs monthly</span>
        </div>
        <p className="text-slate-900">
          <span className="text-2xl font-bold">{PLANS.yearly.price}</span> <span className="text-sm text-slate-600">per year</span>
        </p>
        <ul className="list-disc pl-5 text-sm text-slate-600">
          <li>All premium features, billed yearly</li>
          <li>Priority support</li>
        </ul>
        <Link to="/checkout?plan=yearly" className={buttonClasses('primary', 'mt-1 min-h-11')}>
          Choose Yearly
        </Link>
      </section>
    </div>
  );
}
