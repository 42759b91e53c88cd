import type { SandboxCardConfirmResponse } from '@fittrack/functions/contract/billing';
import { api } from '@/lib/api-client';

/** POST /api/sandbox/card/confirm (sandbox mode only) → {status: succeeded} or {status: declined, message}. */
export function confirmSandboxCard(clientSecret: string, cardNumber: string): Promise<SandboxCardConfirmResponse> {
  return api.post<SandboxCardConfirmResponse>('/api/sandbox/card/confirm', { clientSecret, cardNumber });
}
