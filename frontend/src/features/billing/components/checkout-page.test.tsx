import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, makeMembership, makeUser, mockFetch, paidYearlyByPaypal, pending, renewingYearly, requestsOf } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const sandboxConfig = () => json({ productName: 'FitTrack', paymentMode: 'sandbox', stripePublishableKey: null, paypalClientId: null });
const SECRET = 'sandbox_01JD5Y2QK8V7N3M4P6R9S0T1W2_secret_abcdefghijklmnop';
const inactive = makeUser({ subscriptionStatus: 'none', hasActiveSubscription: false });
const active = makeUser({ subscriptionStatus: 'active', hasActiveSubscription: true, subscriptionExpiresAt: '2027-01-01T00:00:00.000Z' });

const location = () => screen.getByTestId('location').textContent;

describe('checkout: one paid subscription per user', () => {
  it('a subscriber opening checkout for their own plan is told so: no payment is started', async () => {
    const fn = mockFetch({
      'GET /api/config': sandboxConfig,
      'GET /api/auth/me': () => json({ user: active }),
      'GET /api/subscription': () => json(renewingYearly()),
    });
    renderApp('/checkout?plan=yearly');
    expect(await screen.findByRole('heading', { name: 'You already have the Yearly plan' })).toBeInTheDocument();
    expect(screen.getByText('You already have the Yearly plan. It renews on March 1, 2027.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage your membership' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByRole('button', { name: /PayPal/ })).toBeNull();
    expect(requestsOf(fn).filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  it('while a PayPal period runs, renewing is PayPal only: the card section says why and starts nothing', async () => {
    const fn = mockFetch({
      'GET /api/config': sandboxConfig,
      'GET /api/auth/me': () => json({ user: active }),
      'GET /api/subscription': () => json(paidYearlyByPaypal()),
    });
    renderApp('/checkout?plan=monthly');
    const card = await screen.findByRole('region', { name: 'Pay by card' });
    expect(await within(card).findByText(/^Your Yearly plan is paid until March 1, 2027\. A card subscription can start when it ends/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with PayPal (sandbox)' })).toBeInTheDocument();
    expect(requestsOf(fn)).not.toContain('POST /api/create-monthly-subscription');
  });

  it("a refusal of the start (409) is shown on the page in the server's words, without leaving it", async () => {
    mockFetch({
      'GET /api/config': sandboxConfig,
      'POST /api/create-monthly-subscription': () => json({ message: 'You already have the Monthly plan. It renews on March 1, 2027.' }, 409),
    });
    renderApp('/checkout?plan=monthly');
    const card = await screen.findByRole('region', { name: 'Pay by card' });
    expect(await within(card).findByText('You already have the Monthly plan. It renews on March 1, 2027.')).toBeInTheDocument();
    expect(location()).toBe('/checkout?plan=monthly');
    expect(screen.queryByText('Failed to initialize payment. Please try again.')).toBeNull();
  });
});

describe('checkout (sandbox mode)', () => {
  it('shows the clearly labelled sandbox card form with the price, and a sandbox PayPal button', async () => {
    const fn = mockFetch({
      'GET /api/config': sandboxConfig,
      'POST /api/create-yearly-subscription': () => json({ clientSecret: SECRET, amount: 2999 }),
    });
    renderApp('/checkout?plan=yearly');
    expect(await screen.findByRole('heading', { name: 'Complete Your Subscription' })).toBeInTheDocument();
    const card = await screen.findByLabelText('Card number');
    expect(card).toBeRequired();
    expect(screen.getByText(/no real card is charged/i)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $29.99' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with PayPal (sandbox)' })).toBeInTheDocument();
    expect(requestsOf(fn)).toEqual(expect.arrayContaining(['POST /api/create-yearly-subscription']));
    // the providers' scripts are never requested in sandbox mode
    expect(document.querySelector('script[src*="stripe"], script[src*="paypal"]')).toBeNull();
  });

  it('a client_secret in the URL is not used: the page starts its own subscription', async () => {
    const fn = mockFetch({
      'GET /api/config': sandboxConfig,
      'POST /api/create-monthly-subscription': () => json({ clientSecret: SECRET, amount: 299 }),
    });
    renderApp('/checkout?plan=monthly&client_secret=pi_from_url_secret_x');
    await screen.findByLabelText('Card number');
    expect(requestsOf(fn)).toContain('POST /api/create-monthly-subscription');
  });

  it('pays with 4242…, activates, updates the session user, toasts and goes to /', async () => {
    let activatedBody: unknown;
    let me = inactive;
    mockFetch({
      'GET /api/config': sandboxConfig,
      'GET /api/auth/me': () => json({ user: me }),
      'POST /api/create-monthly-subscription': () => json({ clientSecret: SECRET, amount: 299 }),
      'POST /api/sandbox/card/confirm': ({ body }) => {
        expect(body).toEqual({ clientSecret: SECRET, cardNumber: '4242 4242 4242 4242' });
        me = active;
        return json({ status: 'succeeded' });
      },
      'POST /api/auth/activate-subscription': ({ body }) => {
        activatedBody = body;
        return json({ user: active });
      },
      // the dashboard behind the guard keeps loading: this test is about getting there
      'GET /api/progress/today': pending,
      'GET /api/progress/history': pending,
      'GET /api/pushups/today': pending,
    });
    renderApp('/checkout?plan=monthly');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay $2.99' }));
    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome to FitTrack Premium!')).toBeInTheDocument();
    expect(activatedBody).toEqual({ subscriptionType: 'monthly', paymentMethod: 'stripe' });
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('a declined card toasts Payment Failed with the provider message and stays', async () => {
    const fn = mockFetch({
      'GET /api/config': sandboxConfig,
      'POST /api/create-yearly-subscription': () => json({ clientSecret: SECRET, amount: 2999 }),
      'POST /api/sandbox/card/confirm': () => json({ status: 'declined', message: 'Your card was declined.' }),
    });
    renderApp('/checkout?plan=yearly');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Card number'), '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Pay $29.99' }));
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    expect(location()).toBe('/checkout?plan=yearly');
    expect(requestsOf(fn)).not.toContain('POST /api/auth/activate-subscription');
    expect(screen.getByRole('button', { name: 'Pay $29.99' })).toBeEnabled();
  });

  it('a server error while paying toasts Payment Error with the fallback text', async () => {
    mockFetch({
      'GET /api/config': sandboxConfig,
      'POST /api/create-yearly-subscription': () => json({ clientSecret: SECRET, amount: 2999 }),
      'POST /api/sandbox/card/confirm': () => new Response('', { status: 502 }),
    });
    renderApp('/checkout?plan=yearly');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay $29.99' }));
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument();
  });

  it('when the payment cannot be initialised: Error toast, then /settings', async () => {
    mockFetch({
      'GET /api/config': sandboxConfig,
      'GET /api/auth/me': () => json({ user: active }),
      'POST /api/create-yearly-subscription': () => json({ message: 'Card payments are not available right now.' }, 503),
      'GET /api/subscription': () => json(makeMembership()),
    });
    renderApp('/checkout?plan=yearly');
    expect(await screen.findByText('Failed to initialize payment. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/settings'));
  });

  it('sandbox PayPal: order, approval, capture, activation, then /dashboard', async () => {
    const calls: string[] = [];
    mockFetch({
      'GET /api/config': sandboxConfig,
      'GET /api/auth/me': () => json({ user: active }),
      'POST /api/create-yearly-subscription': () => json({ clientSecret: SECRET, amount: 2999 }),
      'POST /paypal/order': ({ body }) => {
        calls.push(`order ${JSON.stringify(body)}`);
        return json({ id: 'SANDBOX-01JD5Y2QK8V7N3M4P6R9S0T1W2' }, 201);
      },
      'POST /api/sandbox/paypal/SANDBOX-01JD5Y2QK8V7N3M4P6R9S0T1W2/approve': () => {
        calls.push('approve');
        return json({ id: 'SANDBOX-01JD5Y2QK8V7N3M4P6R9S0T1W2', status: 'APPROVED' });
      },
      'POST /paypal/order/SANDBOX-01JD5Y2QK8V7N3M4P6R9S0T1W2/capture': () => {
        calls.push('capture');
        return json({ status: 'COMPLETED' });
      },
      'POST /api/auth/activate-subscription': ({ body }) => {
        calls.push(`activate ${JSON.stringify(body)}`);
        return json({ user: active });
      },
      // the dashboard behind the guard keeps loading: this test is about getting there
      'GET /api/progress/today': pending,
      'GET /api/progress/history': pending,
      'GET /api/pushups/today': pending,
    });
    renderApp('/checkout?plan=yearly');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay with PayPal (sandbox)' }));
    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(calls).toEqual([
      'order {"plan":"yearly"}',
      'approve',
      'capture',
      'activate {"subscriptionType":"yearly","paymentMethod":"paypal","transactionId":"SANDBOX-01JD5Y2QK8V7N3M4P6R9S0T1W2"}',
    ]);
  });

  it('without a plan it offers the plan choice', async () => {
    mockFetch({ 'GET /api/config': sandboxConfig });
    renderApp('/checkout');
    expect(await screen.findByText('No plan selected.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/subscription');
  });
});

describe('payment success screen', () => {
  it('confirms the payment with the server and shows the active plan', async () => {
    mockFetch({ 'POST /api/auth/activate-subscription': () => json({ user: active }) });
    renderApp('/payment-success?plan=yearly');
    expect(await screen.findByRole('heading', { name: 'Payment confirmed' })).toBeInTheDocument();
    expect(screen.getByText('Welcome to FitTrack Premium!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
  });

  it('says so when the provider has not confirmed the payment (402) and can check again', async () => {
    let answer = json({ message: 'No completed payment was found for this subscription.' }, 402);
    const fn = mockFetch({ 'POST /api/auth/activate-subscription': () => answer });
    renderApp('/payment-success?plan=monthly');
    expect(await screen.findByRole('heading', { name: 'Payment not confirmed yet' })).toBeInTheDocument();
    answer = json({ user: active });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Payment confirmed' })).toBeInTheDocument();
    expect(requestsOf(fn).filter((r) => r.includes('activate'))).toHaveLength(2);
  });

  it('shows a failed bank confirmation without asking the server', () => {
    const fn = mockFetch({});
    renderApp('/payment-success?plan=yearly&redirect_status=failed');
    expect(screen.getByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getByText(/bank did not confirm/)).toBeInTheDocument();
    expect(fn).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
