import type { AdminPaymentListResponse } from '@fittrack/functions/contract/billing';
import useSWRInfinite from 'swr/infinite';
import { type ApiError, api } from '@/lib/api-client';
import { cursorPageKey } from '@/lib/cursor-pages';

/** SWR key of page `index` of GET /api/admin/payments (every user's, newest first, 20 a page). */
const adminPaymentsPageKey = cursorPageKey('/api/admin/payments', 20);

const getPage = (key: string) => api.get<AdminPaymentListResponse>(key);

/** The admin Payments tab: loaded when the tab opens (`enabled`), more on demand; no auto-refresh. */
export function useAdminPayments(enabled: boolean) {
  return useSWRInfinite<AdminPaymentListResponse, ApiError>((i, prev: AdminPaymentListResponse | null) => (enabled ? adminPaymentsPageKey(i, prev) : null), getPage, {
    revalidateFirstPage: false,
  });
}
