import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';

/** Return target of the card payment (/payment-success?plan=). */
export function PaymentSuccessPage() {
  return (
    <div className="grid gap-4 py-2 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Payment status</h1>
      <p className="text-sm text-slate-600">
        Your premium membership becomes active as soon as the payment provider confirms the payment.
      </p>
      <Link to="/" className={buttonClasses('primary')}>
        Go to the dashboard
      </Link>
    </div>
  );
}
