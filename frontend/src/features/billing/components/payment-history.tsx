import { PLANS } from '@fittrack/functions/contract/billing-plans';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePaymentHistory } from '@/features/billing/api/get-payments';
import { PAYMENT_PROVIDER_LABELS, formatMoney, formatPaymentDate } from '@/features/billing/payment-labels';
import { PaymentStatusBadge } from './payment-status-badge';

/**
 * Settings › Membership: what the user has paid (GET /api/billing/payments), newest first, ten at a
 * time. In live mode a card payment links to Stripe's invoice page.
 */
export function PaymentHistory() {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = usePaymentHistory();
  const payments = data?.flatMap((page) => page.items) ?? [];
  const hasMore = Boolean(data?.at(-1)?.nextCursor);
  const loadingMore = isValidating && size > (data?.length ?? 0);

  return (
    <section aria-labelledby="payment-history" className="grid min-w-0 gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="payment-history" className="text-base font-semibold text-slate-900">
        Payment history
      </h2>
      {isLoading ? (
        <Spinner label="Loading your payments..." showLabel />
      ) : !data ? (
        <div className="grid gap-2">
          <p className="text-sm text-slate-600">{error ? 'Your payments could not be loaded.' : 'Loading your payments...'}</p>
          <Button variant="secondary" className="min-h-11" onClick={() => void mutate()}>
            Try again
          </Button>
        </div>
      ) : payments.length === 0 ? (
        <p className="text-sm text-slate-600">No payments yet. When you buy a plan, it is listed here.</p>
      ) : (
        <>
          <ul className="grid divide-y divide-slate-200" aria-label="Payments">
            {payments.map((p) => (
              <li key={p.id} className="flex min-w-0 items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">
                    {PLANS[p.plan].label} · <span className="tabular-nums">{formatMoney(p.amount, p.currency)}</span>
                  </p>
                  <p className="text-slate-600">
                    <time dateTime={p.paidAt}>{formatPaymentDate(p.paidAt)}</time> · {PAYMENT_PROVIDER_LABELS[p.provider]}
                  </p>
                  {p.receiptUrl ? (
                    <a href={p.receiptUrl} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center text-brand-700 underline">
                      View invoice<span className="sr-only"> of {formatPaymentDate(p.paidAt)} (opens in a new tab)</span>
                    </a>
                  ) : null}
                </div>
                <PaymentStatusBadge status={p.status} />
              </li>
            ))}
          </ul>
          {hasMore ? (
            <Button variant="secondary" className="min-h-11" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
              {loadingMore ? 'Loading...' : 'Load more payments'}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
