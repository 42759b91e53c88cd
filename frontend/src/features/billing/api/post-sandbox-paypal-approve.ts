import type { SandboxPaypalApproveResponse } from '@fittrack/functions/contract/billing';
import { api } from '@/lib/api-client';

/** POST /api/sandbox/paypal/{orderId}/approve (sandbox mode only): the buyer's approval. */
export function approveSandboxPaypalOrder(orderId: string): Promise<SandboxPaypalApproveResponse> {
  return api.post<SandboxPaypalApproveResponse>(`/api/sandbox/paypal/${encodeURIComponent(orderId)}/approve`);
}
