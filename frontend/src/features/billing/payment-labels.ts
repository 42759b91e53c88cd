import type { Payment, PaymentStatus } from '@fittrack/functions/contract/billing';
import { once } from '@/lib/format';

/** How a payment is shown (Settings › Membership and the admin Payments tab). */
export const PAYMENT_PROVIDER_LABELS: Record<Payment['provider'], string> = {
  stripe: 'Card',
  paypal: 'PayPal',
  'sandbox-card': 'Card (sandbox)',
  'sandbox-paypal': 'PayPal (sandbox)',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { paid: 'Paid', refunded: 'Refunded', disputed: 'Disputed' };

/** Always with the text: green paid, grey refunded, amber disputed. */
export const PAYMENT_STATUS_CLASSES: Record<PaymentStatus, string> = {
  paid: 'bg-green-100 text-green-800 ring-green-200',
  refunded: 'bg-slate-200 text-slate-700 ring-slate-300',
  disputed: 'bg-amber-100 text-amber-900 ring-amber-300',
};

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** `amount` in cents as money of `currency` ($2.99). */
export function formatMoney(amount: number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency: currency || 'USD' });
    moneyFormats.set(currency, format);
  }
  return format.format(amount / 100);
}

const dateFormat = once(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));
export const formatPaymentDate = (iso: string) => dateFormat().format(new Date(iso));
