import type { Payment, PaymentListResponse } from '@fittrack/functions/contract/billing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { PaymentHistory } from './payment-history';

const payment = (o: Partial<Payment> = {}): Payment => ({
  id: 'p-1',
  paidAt: '2026-11-20T10:00:00.000Z',
  plan: 'monthly',
  amount: 299,
  currency: 'USD',
  provider: 'sandbox-card',
  status: 'paid',
  receiptUrl: null,
  ...o,
});

const renderHistory = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PaymentHistory />
    </SWRConfig>,
  );

describe('payment history (Settings › Membership)', () => {
  it('says it is loading, then that there are no payments yet', async () => {
    let answer: ((r: Response) => void) | undefined;
    mockFetch({ 'GET /api/billing/payments': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderHistory();
    expect(await screen.findByText('Loading your payments...')).toBeInTheDocument();
    // the spinner shows before the request leaves (the API client first reads the time zone in a task of its own)
    await waitFor(() => expect(answer).toBeDefined());
    answer!(json({ items: [], nextCursor: null } satisfies PaymentListResponse));
    expect(await screen.findByText('No payments yet. When you buy a plan, it is listed here.')).toBeInTheDocument();
  });

  it('lists payments newest first with plan, amount, date, method and status, an invoice link in live mode, and loads more on demand', async () => {
    const pages: Record<string, PaymentListResponse> = {
      first: {
        items: [
          payment({ id: 'p-3', plan: 'yearly', amount: 2999, provider: 'stripe', receiptUrl: 'https://invoice.stripe.com/i/acct_1/test_in_1' }),
          payment({ id: 'p-2', status: 'refunded', provider: 'paypal', paidAt: '2026-10-01T10:00:00.000Z' }),
        ],
        nextCursor: 'c-2',
      },
      second: { items: [payment({ id: 'p-1', status: 'disputed', paidAt: '2026-09-01T10:00:00.000Z' })], nextCursor: null },
    };
    const fn = mockFetch({ 'GET /api/billing/payments': (req) => json(new URL(req.url, 'http://x').searchParams.get('cursor') === 'c-2' ? pages.second : pages.first) });
    renderHistory();
    const list = await screen.findByRole('list', { name: 'Payments' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Yearly · $29.99');
    expect(rows[0]).toHaveTextContent('Card');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(within(rows[0]!).getByRole('link', { name: /View invoice/ })).toHaveAttribute('href', 'https://invoice.stripe.com/i/acct_1/test_in_1');
    expect(rows[1]).toHaveTextContent('Monthly · $2.99');
    expect(rows[1]).toHaveTextContent('PayPal');
    expect(rows[1]).toHaveTextContent('Refunded');
    expect(within(rows[1]!).queryByRole('link')).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more payments' }));
    expect(await screen.findByText('Disputed')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more payments' })).toBeNull();
    expect(fn.mock.calls.map(([url]) => String(url))).toEqual(['/api/billing/payments?limit=10', '/api/billing/payments?limit=10&cursor=c-2']);
  });

  it('offers to try again when the list cannot be loaded', async () => {
    mockFetch({ 'GET /api/billing/payments': () => json({ message: 'Service unavailable' }, 503) });
    renderHistory();
    expect(await screen.findByText('Your payments could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
