import { Link, useSearchParams } from 'react-router';
import { Card } from '../../../components/ui/card';
import { PLANS, isPlan } from '../../../lib/constants';

/** Checkout shell: the card and PayPal sections arrive with the payments issue. */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const requested = params.get('plan');
  const plan = isPlan(requested) ? requested : null;
  return (
    <div className="grid gap-6 py-2">
      <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">Complete Your Subscription</h1>
      <Card>
        {plan ? (
          <p className="text-sm text-slate-700">
            {PLANS[plan].label} plan: <strong className="text-slate-900">{PLANS[plan].price}</strong> per {PLANS[plan].period}
          </p>
        ) : (
          <p className="text-sm text-slate-700">No plan selected.</p>
        )}
        <Link to="/subscription" className="mt-3 inline-block text-sm font-medium text-brand-800 underline underline-offset-2">
          {plan ? 'Change plan' : 'Choose a plan'}
        </Link>
      </Card>
    </div>
  );
}
