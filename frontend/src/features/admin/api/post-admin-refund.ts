import type { AdminRefundResponse } from '@fittrack/functions/contract/billing';
import { api } from '@/lib/api-client';

/** POST /api/admin/payments/{id}/refund: the payment, refunded; 409 `{message}` outside the window or already refunded. */
export function refundPayment(id: string): Promise<AdminRefundResponse> {
  return api.post<AdminRefundResponse>(`/api/admin/payments/${encodeURIComponent(id)}/refund`);
}
