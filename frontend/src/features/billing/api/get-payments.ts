import type { PaymentListResponse } from '@fittrack/functions/contract/billing';
import useSWRInfinite from 'swr/infinite';
import { type ApiError, api } from '@/lib/api-client';

const PAYMENTS_PAGE_SIZE = 10;

/** SWR key of page `index` of GET /api/billing/payments (the user's own, newest first, cursor-paginated). */
function paymentsPageKey(index: number, previous: PaymentListResponse | null): string | null {
  if (index === 0) return `/api/billing/payments?limit=${PAYMENTS_PAGE_SIZE}`;
  if (!previous?.nextCursor) return null;
  return `/api/billing/payments?limit=${PAYMENTS_PAGE_SIZE}&cursor=${encodeURIComponent(previous.nextCursor)}`;
}

const getPaymentsPage = (key: string) => api.get<PaymentListResponse>(key);

/** The signed-in user's payment history: the first page on open, more on demand. */
export function usePaymentHistory() {
  return useSWRInfinite<PaymentListResponse, ApiError>(paymentsPageKey, getPaymentsPage, { revalidateFirstPage: false });
}
