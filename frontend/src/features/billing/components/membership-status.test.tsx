import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, requestsOf } from '@/test/fetch-mock';
import { MembershipStatus } from './membership-status';

const renderStatus = () =>
  render(
    <MemoryRouter>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MembershipStatus />
      </SWRConfig>
    </MemoryRouter>,
  );

const renewing = { status: 'active', hasActiveSubscription: true, plan: 'yearly', provider: 'stripe', expiresAt: '2027-03-01T12:00:00.000Z', autoRenew: true, canCancel: true };

describe('membership status (Settings › Membership)', () => {
  it('shows the plan and renewal date, and cancels auto-renewal after a confirmation', async () => {
    const fn = mockFetch({
      'GET /api/subscription': () => json(renewing),
      'POST /api/subscription/cancel': () => json({ ...renewing, autoRenew: false, canCancel: false }),
    });
    renderStatus();
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

  it('a plan that does not renew offers renewal; a failed start toasts Subscription Error', async () => {
    mockFetch({
      'GET /api/subscription': () => json({ ...renewing, provider: 'paypal', autoRenew: false, canCancel: false }),
      'POST /api/create-monthly-subscription': () => json({ message: 'down' }, 503),
    });
    renderStatus();
    expect(await screen.findByText('Active until')).toBeInTheDocument();
    expect(screen.getByText('PayPal')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Renew Monthly' }));
    // the toast store renders in the app's Toaster; here the button is re-enabled after the failure
    expect(await screen.findByRole('button', { name: 'Renew Monthly' })).toBeEnabled();
  });

  it('Renew hands the client secret to /checkout in memory: the URL carries only the plan', async () => {
    mockFetch({
      'GET /api/subscription': () => json({ ...renewing, autoRenew: false, canCancel: false }),
      'POST /api/create-monthly-subscription': () => json({ clientSecret: 'pi_123_secret_456', amount: 299 }),
    });
    function CheckoutProbe() {
      const location = useLocation();
      return <p data-testid="checkout">{`${location.pathname}${location.search}|${JSON.stringify(location.state)}`}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/settings']}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <Routes>
            <Route path="/settings" element={<MembershipStatus />} />
            <Route path="/checkout" element={<CheckoutProbe />} />
          </Routes>
        </SWRConfig>
      </MemoryRouter>,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Renew Monthly' }));
    const [url, state] = (await screen.findByTestId('checkout')).textContent!.split('|');
    expect(url).toBe('/checkout?plan=monthly');
    expect(url).not.toContain('secret');
    expect(JSON.parse(state!)).toEqual({ clientSecret: 'pi_123_secret_456' });
  });

  it('shows an error state with a retry', async () => {
    mockFetch({ 'GET /api/subscription': () => json({ message: 'boom' }, 500) });
    renderStatus();
    expect(await screen.findByText('Your membership could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
