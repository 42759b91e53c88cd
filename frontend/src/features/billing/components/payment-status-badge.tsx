import type { PaymentStatus } from '@fittrack/functions/contract/billing';
import { PAYMENT_STATUS_CLASSES, PAYMENT_STATUS_LABELS } from '@/features/billing/payment-labels';

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <span data-status={status} className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${PAYMENT_STATUS_CLASSES[status]}`}>
      {PAYMENT_STATUS_LABELS[status]}
    </span>
  );
}
