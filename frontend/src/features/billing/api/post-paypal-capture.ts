import type { PaypalCaptureResponse } from '@fittrack/functions/contract/billing';
import { api } from '@/lib/api-client';

/** POST /paypal/order/{orderId}/capture → {status}; COMPLETED means the plan is active. */
export function capturePaypalOrder(orderId: string): Promise<PaypalCaptureResponse> {
  return api.post<PaypalCaptureResponse>(`/paypal/order/${encodeURIComponent(orderId)}/capture`);
}
