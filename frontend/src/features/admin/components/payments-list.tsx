import type { AdminPayment } from '@fittrack/functions/contract/billing';
import { PLANS } from '@fittrack/functions/contract/billing-plans';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { refusalMessage } from '@/lib/api-client';
import { PAYMENT_PROVIDER_LABELS, PaymentStatusBadge, formatMoney, formatPaymentDate } from '@/features/billing/public';
import { useAdminPayments } from '@/features/admin/api/get-admin-payments';
import { refundPayment } from '@/features/admin/api/post-admin-refund';

/**
 * The admin Payments tab: every user's payments, newest first, twenty at a time, with a Refund
 * button for a paid payment inside the refund window (decision 0200: 30 days). A refund is asked
 * for in a confirm dialog (it cannot be undone); the server decides again and may answer 409.
 */
export function PaymentsList({ active }: { active: boolean }) {
  const payments = useAdminPayments(active);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const items = payments.data?.flatMap((page) => page.items) ?? [];
  const hasMore = Boolean(payments.data?.at(-1)?.nextCursor);
  const loadingMore = payments.isValidating && payments.size > (payments.data?.length ?? 0);

  if (!payments.data && !payments.error) return <Spinner label="Loading payments..." showLabel className="py-10" />;
  if (!payments.data) {
    return (
      <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
        <p>Payments could not be loaded.</p>
        <Button variant="secondary" className="min-h-11" onClick={() => void payments.mutate()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-3">
      {items.length === 0 ? <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">No payments yet</p> : null}
      <ul className="grid grid-cols-1 gap-3" aria-label="Payments">
      {items.map((p) => (
        <li key={p.id} className="min-w-0">
        <Card className="grid min-w-0 grid-cols-1 gap-2 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-slate-900">
                {PLANS[p.plan].label} · <span className="tabular-nums">{formatMoney(p.amount, p.currency)}</span>
              </p>
              <p className="text-slate-600">
                <time dateTime={p.paidAt}>{formatPaymentDate(p.paidAt)}</time> · {PAYMENT_PROVIDER_LABELS[p.provider]}
              </p>
              <p className="truncate text-xs text-slate-600" title={p.userId}>
                User {p.userId}
              </p>
            </div>
            <PaymentStatusBadge status={p.status} />
          </div>
          {p.refundable ? (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs text-slate-600">Refundable until {formatPaymentDate(p.refundableUntil)}</p>
              <Button variant="secondary" className="min-h-11" onClick={() => setRefunding(p)}>
                Refund
              </Button>
            </div>
          ) : null}
        </Card>
        </li>
      ))}
      </ul>
      {hasMore ? (
        <Button variant="secondary" className="min-h-11" disabled={loadingMore} onClick={() => void payments.setSize(payments.size + 1)}>
          {loadingMore ? 'Loading...' : 'Load more payments'}
        </Button>
      ) : null}
      {refunding ? (
        <RefundDialog
          payment={refunding}
          onClose={() => setRefunding(null)}
          onRefunded={async () => {
            setRefunding(null);
            await payments.mutate();
          }}
        />
      ) : null}
    </div>
  );
}

/** The confirm dialog of a refund (a native modal <dialog>: focus trapped, Escape closes). */
function RefundDialog({ payment, onClose, onRefunded }: { payment: AdminPayment; onClose: () => void; onRefunded: () => Promise<void> }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);

  const refund = async () => {
    setBusy(true);
    setRefused(null);
    try {
      await refundPayment(payment.id);
      toast({ title: 'Payment Refunded', description: `${formatMoney(payment.amount, payment.currency)} goes back to the user; their access for that period has ended.` });
      await onRefunded();
    } catch (error) {
      console.error('Refund failed:', error);
      setRefused(refusalMessage(error) ?? 'The refund could not be made. Please try again.');
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto w-[min(24rem,calc(100%-2rem))] rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/60"
    >
      <div className="grid gap-4 p-5">
        <h2 id={titleId} className="text-lg font-semibold">
          Refund this payment?
        </h2>
        <p className="text-sm text-slate-700">
          {formatMoney(payment.amount, payment.currency)} for the {PLANS[payment.plan].label} plan, paid on {formatPaymentDate(payment.paidAt)} with{' '}
          {PAYMENT_PROVIDER_LABELS[payment.provider]}, goes back in full. The user loses premium access for the period it paid for. This cannot be undone.
        </p>
        {refused ? (
          <p role="alert" className="text-sm text-red-700">
            {refused}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button className="min-h-11 flex-1" disabled={busy} onClick={() => void refund()}>
            {busy ? 'Refunding...' : 'Refund in full'}
          </Button>
          <Button variant="ghost" className="min-h-11 flex-1" disabled={busy} onClick={onClose}>
            Keep payment
          </Button>
        </div>
      </div>
    </dialog>
  );
}
