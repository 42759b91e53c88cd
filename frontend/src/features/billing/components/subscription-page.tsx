import { PLANS, type Plan } from '@fittrack/functions/contract/billing-plans';
import { useState } from 'react';
import { EmailVerificationBanner, useSession } from '@/features/auth/public';
import { useMembership } from '@/features/billing/api/get-subscription';
import { PlanAction, PlanBadge } from './plan-action';

const planOrder: Plan[] = ['yearly', 'monthly'];

/** What premium includes (the spec leaves the texts open): yearly lists all ten, monthly five. */
export const PREMIUM_FEATURES = [
  'Track calories, steps, push-ups and calories burned every day',
  'Progress rings against your daily goals',
  'Low-calorie meal plan built around 500 calories a day',
  'Workout plans with low joint impact',
  'Guided stretches with a 3:33 timer',
  'Lifetime stats and your progress history',
  'Meal filters by category and restaurant',
  'Log push-up sets straight from the dashboard',
  'Light and battery-saving black themes',
  'Priority support from the FitTrack team',
] as const;

function FeatureList({ plan }: { plan: Plan }) {
  const items = plan === 'yearly' ? PREMIUM_FEATURES : PREMIUM_FEATURES.slice(0, 5);
  return (
    <ul className="mt-3 grid gap-1.5 text-sm text-slate-700" aria-label={`${PLANS[plan].label} plan features`}>
      {items.map((f) => (
        <li key={f} className="flex gap-2">
          <span aria-hidden="true" className="font-bold text-brand-700">
            ✓
          </span>
          {f}
        </li>
      ))}
      {plan === 'monthly' ? <li className="pl-5 font-medium text-slate-600">+ 5 more premium features</li> : null}
    </ul>
  );
}

/**
 * Plan choice (SPEC.md section 2): yearly is selected by default; continuing goes to
 * /checkout?plan=. A member sees their plan marked as current, and for the selected plan only what
 * the server's purchase rules allow (one paid subscription per user): renew, switch at the renewal,
 * or nothing for the plan they already have.
 */
export function SubscriptionPage() {
  const [plan, setPlan] = useState<Plan>('yearly');
  // only a signed-in visitor has a membership to ask for (a signed-out one would get a 401)
  const { status } = useSession();
  const { data, mutate } = useMembership(status === 'authenticated');
  const membership = data ?? null;
  return (
    <div className="grid gap-6 py-2">
      {/* a new account lands here: confirm the email address (decision 0024; nothing once confirmed) */}
      <EmailVerificationBanner />
      <div className="text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Choose Your Plan</h1>
        <p className="mt-1 text-sm text-slate-600">Unlock every FitTrack premium feature.</p>
      </div>
      <fieldset className="grid gap-3">
        <legend className="sr-only">Subscription plan</legend>
        {planOrder.map((id) => {
          const p = PLANS[id];
          const selected = plan === id;
          return (
            // The whole card selects the plan; the radio is the keyboard and screen-reader control.
            <div
              key={id}
              onClick={() => setPlan(id)}
              className={`cursor-pointer rounded-2xl border-2 bg-white p-5 shadow-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700 has-[:focus-visible]:ring-offset-2 ${
                selected ? 'border-brand-700' : 'border-slate-200 hover:border-slate-300'
              }`}
            >
              <label className="relative flex cursor-pointer items-center gap-4">
                <input
                  type="radio"
                  name="plan"
                  value={id}
                  checked={selected}
                  onChange={() => setPlan(id)}
                  className="size-5 accent-brand-700"
                />
                <span className="grid flex-1 gap-0.5">
                  <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    {p.label}
                    <PlanBadge plan={id} membership={membership} />
                    {id === 'yearly' ? (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Save $6</span>
                    ) : null}
                  </span>
                  {id === 'yearly' ? <span className="text-xs font-medium text-brand-800">Best value - Save over 16%</span> : null}
                </span>
                <span className="text-right">
                  <span className="block text-xl font-bold text-slate-900">{p.price}</span>
                  <span className="block text-xs text-slate-600">per {p.period}</span>
                </span>
              </label>
              <FeatureList plan={id} />
            </div>
          );
        })}
      </fieldset>
      <PlanAction plan={plan} membership={membership} onChanged={(next) => void mutate(next, { revalidate: false })} primary checkoutLabel={`Continue with ${PLANS[plan].label}`} />
      <ul className="grid gap-1 text-center text-xs text-slate-600">
        <li>30-day money-back guarantee</li>
        <li>Cancel anytime</li>
        <li>Secure payment by card or PayPal</li>
      </ul>
    </div>
  );
}
