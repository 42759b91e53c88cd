import type { AdminPaymentListResponse } from '@fittrack/functions/contract/billing';
import useSWRInfinite from 'swr/infinite';
import { type ApiError, api } from '@/lib/api-client';

const PAYMENTS_PAGE_SIZE = 20;

/** SWR key of page `index` of GET /api/admin/payments (every user's, newest first, cursor-paginated). */
function adminPaymentsPageKey(index: number, previous: AdminPaymentListResponse | null): string | null {
  if (index === 0) return `/api/admin/payments?limit=${PAYMENTS_PAGE_SIZE}`;
  if (!previous?.nextCursor) return null;
  return `/api/admin/payments?limit=${PAYMENTS_PAGE_SIZE}&cursor=${encodeURIComponent(previous.nextCursor)}`;
}

const getPage = (key: string) => api.get<AdminPaymentListResponse>(key);

/** The admin Payments tab: loaded when the tab opens (`enabled`), more on demand; no auto-refresh. */
export function useAdminPayments(enabled: boolean) {
  return useSWRInfinite<AdminPaymentListResponse, ApiError>((i, prev: AdminPaymentListResponse | null) => (enabled ? adminPaymentsPageKey(i, prev) : null), getPage, {
    revalidateFirstPage: false,
  });
}
