import type { Plan } from '@fittrack/functions/contract/billing-plans';
import type { PaypalOrderResponse } from '@fittrack/functions/contract/billing';
import { api } from '@/lib/api-client';

/** POST /paypal/order {plan} → {id}: the server sets amount and currency from its price table. */
export function createPaypalOrder(plan: Plan): Promise<PaypalOrderResponse> {
  return api.post<PaypalOrderResponse>('/paypal/order', { plan });
}
