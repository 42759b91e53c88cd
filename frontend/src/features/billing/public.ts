/** What other features use of billing: the Membership tab of Settings, and how a payment is shown (admin Payments tab). */
export { MembershipTab } from './components/membership-tab';
export { PaymentStatusBadge } from './components/payment-status-badge';
export { PAYMENT_PROVIDER_LABELS, formatMoney, formatPaymentDate } from './payment-labels';
