import type { SandboxCardConfirmResponse } from '@fittrack/functions/contract/billing';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/sandbox/card/confirm (sandbox mode only) → {status: succeeded} or {status: declined, message}. */
export function confirmSandboxCard(clientSecret: string, cardNumber: string): Promise<SandboxCardConfirmResponse> {
  return apiFetch<SandboxCardConfirmResponse>('/api/sandbox/card/confirm', { method: 'POST', body: { clientSecret, cardNumber } });
}
