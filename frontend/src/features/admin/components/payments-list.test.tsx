import type { AdminPayment, AdminPaymentListResponse } from '@fittrack/functions/contract/billing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeUser, mockFetch, requestsOf } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const adminMe = () => json({ user: makeUser({ role: 'admin', username: 'admin', hasActiveSubscription: false, subscriptionStatus: 'none' }) });
const logs = () => json({ total: 0, feedbackTotal: 0, recentLogins: 0, recentFailedSignIns: 0, events: [] });
const feedback = () => json({ items: [], nextCursor: null });

const payment = (o: Partial<AdminPayment> = {}): AdminPayment => ({
  id: 'cGF5LTE',
  userId: '3f6c2b1e-8d4a-4c5e-9b7f-2a1d0e9c8b7a',
  paidAt: '2026-11-20T10:00:00.000Z',
  plan: 'yearly',
  amount: 2999,
  currency: 'USD',
  provider: 'sandbox-card',
  status: 'paid',
  receiptUrl: null,
  refundable: true,
  refundableUntil: '2026-12-20T10:00:00.000Z',
  ...o,
});

describe('admin Payments tab', () => {
  it('lists payments across users and refunds one only after the confirm dialog', async () => {
    let refunded = false;
    const fn = mockFetch({
      'GET /api/auth/me': adminMe,
      'GET /api/admin/logs': logs,
      'GET /api/feedback': feedback,
      'GET /api/admin/payments': () =>
        json({
          items: [refunded ? payment({ status: 'refunded', refundable: false }) : payment(), payment({ id: 'old', refundable: false, paidAt: '2026-09-01T10:00:00.000Z', plan: 'monthly', amount: 299 })],
          nextCursor: null,
        } satisfies AdminPaymentListResponse),
      'POST /api/admin/payments/cGF5LTE/refund': () => {
        refunded = true;
        return json({ payment: payment({ status: 'refunded', refundable: false }) });
      },
    });
    renderApp('/admin?tab=payments');
    const user = userEvent.setup();
    const card = within(await screen.findByRole('list', { name: 'Payments' })).getAllByRole('listitem')[0]!;
    expect(card).toHaveTextContent('Yearly · $29.99');
    expect(card).toHaveTextContent('Card (sandbox)');
    expect(card).toHaveTextContent('Paid');
    expect(screen.getAllByRole('button', { name: 'Refund' })).toHaveLength(1);

    await user.click(within(card).getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this payment?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep payment' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsOf(fn).filter((r) => r.startsWith('POST'))).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Refund' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Refund in full' }));
    expect(await screen.findByText('Payment Refunded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull());
    expect(screen.getAllByText('Refunded').length).toBeGreaterThan(0);
    expect(requestsOf(fn)).toContain('POST /api/admin/payments/cGF5LTE/refund');
  });

  it('keeps the dialog open with the server’s reason when the refund is refused', async () => {
    mockFetch({
      'GET /api/auth/me': adminMe,
      'GET /api/admin/logs': logs,
      'GET /api/feedback': feedback,
      'GET /api/admin/payments': () => json({ items: [payment()], nextCursor: null }),
      'POST /api/admin/payments/cGF5LTE/refund': () => json({ message: 'This payment has already been refunded.' }, 409),
    });
    renderApp('/admin?tab=payments');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    await user.click(screen.getByRole('button', { name: 'Refund in full' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('This payment has already been refunded.');
  });

  it('says when there are no payments, and asks for none until the tab is opened', async () => {
    const fn = mockFetch({ 'GET /api/auth/me': adminMe, 'GET /api/admin/logs': logs, 'GET /api/feedback': feedback, 'GET /api/admin/payments': () => json({ items: [], nextCursor: null }) });
    renderApp('/admin');
    await screen.findByRole('heading', { name: 'Welcome back, Administrator!' });
    expect(requestsOf(fn).some((r) => r.includes('/api/admin/payments'))).toBe(false);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Payments' }));
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  });
});
