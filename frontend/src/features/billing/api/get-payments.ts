import type { PaymentListResponse } from '@fittrack/functions/contract/billing';
import useSWRInfinite from 'swr/infinite';
import { type ApiError, api } from '@/lib/api-client';
import { cursorPageKey } from '@/lib/cursor-pages';

/** SWR key of page `index` of GET /api/billing/payments (the user's own, newest first, 10 a page). */
const paymentsPageKey = cursorPageKey('/api/billing/payments', 10);

const getPaymentsPage = (key: string) => api.get<PaymentListResponse>(key);

/** The signed-in user's payment history: the first page on open, more on demand. */
export function usePaymentHistory() {
  return useSWRInfinite<PaymentListResponse, ApiError>(paymentsPageKey, getPaymentsPage, { revalidateFirstPage: false });
}
