import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { json, makeMembership, mockFetch, paidYearlyByPaypal, renewingYearly, requestsOf } from '@/test/fetch-mock';
import { MembershipTab } from './membership-tab';

const renderTab = () =>
  render(
    <MemoryRouter>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MembershipTab />
      </SWRConfig>
    </MemoryRouter>,
  );

const planCard = (name: 'Monthly Plan' | 'Yearly Plan') => screen.getByRole('region', { name });

describe('membership status (Settings › Membership)', () => {
  it('shows the plan and renewal date, and cancels auto-renewal after a confirmation', async () => {
    const fn = mockFetch({
      'GET /api/subscription': () => json(renewingYearly()),
      'POST /api/subscription/cancel': () => json(renewingYearly({ autoRenew: false, canCancel: false })),
    });
    renderTab();
    expect(await screen.findByText('Yearly ($29.99 per year)')).toBeInTheDocument();
    expect(screen.getByText('Renews on')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel auto-renewal' }));
    expect(requestsOf(fn)).not.toContain('POST /api/subscription/cancel');
    await user.click(screen.getByRole('button', { name: 'Turn off auto-renewal' }));
    expect(await screen.findByText('Active until')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel auto-renewal' })).toBeNull();
    expect(requestsOf(fn)).toContain('POST /api/subscription/cancel');
  });

  it('the current plan is marked and not sold again; the other plan is a switch at the renewal, confirmed first', async () => {
    let asked: unknown;
    const switched = renewingYearly({
      nextPlan: 'monthly',
      plans: {
        yearly: { current: true, startsAt: null, action: 'keep', card: false, paypal: false, reason: 'You have the Yearly plan until March 1, 2027; your Monthly plan starts then.' },
        monthly: { current: false, startsAt: '2027-03-01T12:00:00.000Z', action: null, card: false, paypal: false, reason: 'Your switch to the Monthly plan is already scheduled for March 1, 2027.' },
      },
    });
    const fn = mockFetch({
      'GET /api/subscription': () => json(renewingYearly()),
      'POST /api/subscription/change': ({ body }) => {
        asked = body;
        return json(switched);
      },
    });
    renderTab();
    const yearly = await screen.findByText('This is your current plan');
    expect(within(planCard('Yearly Plan')).getByText('Current plan')).toBeInTheDocument();
    expect(within(planCard('Yearly Plan')).queryByRole('link')).toBeNull();
    expect(yearly).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(planCard('Monthly Plan')).getByRole('button', { name: 'Switch to Monthly' }));
    const confirm = screen.getByRole('group', { name: 'Confirm switching to Monthly' });
    expect(confirm).toHaveTextContent('Nothing is charged now.');
    expect(requestsOf(fn)).not.toContain('POST /api/subscription/change');
    await user.click(within(confirm).getByRole('button', { name: 'Switch to Monthly' }));
    expect(await within(planCard('Monthly Plan')).findByText('Next plan')).toBeInTheDocument();
    expect(asked).toEqual({ plan: 'monthly' });
    expect(within(planCard('Monthly Plan')).getByText(/^Starts on /)).toBeInTheDocument();
    expect(screen.getByText('Then')).toBeInTheDocument();
    expect(screen.getByText('Monthly ($2.99 per month)')).toBeInTheDocument();
    expect(within(planCard('Yearly Plan')).getByRole('button', { name: 'Keep Yearly' })).toBeInTheDocument();
  });

  it('a plan that does not renew (PayPal) offers renewal of either plan through checkout', async () => {
    mockFetch({ 'GET /api/subscription': () => json(paidYearlyByPaypal()) });
    renderTab();
    expect(await screen.findByText('Active until')).toBeInTheDocument();
    expect(screen.getByText('PayPal')).toBeInTheDocument();
    expect(within(planCard('Monthly Plan')).getByRole('link', { name: 'Renew Monthly' })).toHaveAttribute('href', '/checkout?plan=monthly');
    expect(within(planCard('Yearly Plan')).getByRole('link', { name: 'Renew Yearly' })).toHaveAttribute('href', '/checkout?plan=yearly');
    expect(screen.queryByRole('button', { name: 'Cancel auto-renewal' })).toBeNull();
  });

  it('without a plan: both plans link to checkout (SPEC: a link to /checkout)', async () => {
    mockFetch({ 'GET /api/subscription': () => json(makeMembership()) });
    renderTab();
    expect(await screen.findByRole('link', { name: 'Choose Monthly' })).toHaveAttribute('href', '/checkout?plan=monthly');
    expect(screen.getByRole('link', { name: 'Choose Yearly' })).toHaveAttribute('href', '/checkout?plan=yearly');
    expect(screen.queryByText('Current plan')).toBeNull();
  });

  it('shows an error state with a retry', async () => {
    mockFetch({ 'GET /api/subscription': () => json({ message: 'boom' }, 500), 'GET /api/billing/payments': () => json({ items: [], nextCursor: null }) });
    renderTab();
    expect(await screen.findByText('Your membership could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
