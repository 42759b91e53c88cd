import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeUser, mockFetch, pending } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

/*
 * Live mode: the providers' browser SDKs are replaced by test doubles at their module boundary
 * (no network). What is under test is our code around them: lazy loading, the confirm call and
 * its return URL, the toasts, the activation and where the user goes.
 */
const confirmPayment = vi.fn();
const loadStripe = vi.fn(async (_key: string) => ({}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => loadStripe(key) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({ kind: 'elements' }),
}));

interface ButtonsOptions {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
}
let paypalButtons: ButtonsOptions | undefined;
const loadScript = vi.fn(async (_options: unknown) => ({
  Buttons: (options: ButtonsOptions) => {
    paypalButtons = options;
    return {
      render: async (el: HTMLElement) => {
        el.innerHTML = '<button type="button">PayPal</button>';
      },
      close: async () => undefined,
    };
  },
}));
vi.mock('@paypal/paypal-js', () => ({ loadScript: (o: unknown) => loadScript(o) }));

const liveConfig = () => json({ productName: 'FitTrack', paymentMode: 'live', stripePublishableKey: 'pk_test_123', paypalClientId: 'paypal-client' });
const active = makeUser({ subscriptionStatus: 'active', hasActiveSubscription: true });
const location = () => screen.getByTestId('location').textContent;

const handlers = (extra: Parameters<typeof mockFetch>[0] = {}) =>
  mockFetch({
    'GET /api/config': liveConfig,
    'GET /api/auth/me': () => json({ user: active }),
    'POST /api/create-yearly-subscription': () => json({ clientSecret: 'pi_123_secret_456', amount: 2999 }),
    'GET /api/progress/today': pending,
    'GET /api/progress/history': pending,
    'GET /api/pushups/today': pending,
    ...extra,
  });

beforeEach(() => {
  confirmPayment.mockReset();
  paypalButtons = undefined;
});

describe('checkout (live mode)', () => {
  it('loads Stripe with the publishable key, confirms with the return URL, activates and goes to /', async () => {
    let activated: unknown;
    handlers({
      'POST /api/auth/activate-subscription': ({ body }) => {
        activated = body;
        return json({ user: active });
      },
    });
    confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    renderApp('/checkout?plan=yearly');
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.queryByLabelText('Card number')).toBeNull(); // no sandbox form in live mode
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay $29.99' }));
    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(confirmPayment).toHaveBeenCalledWith({
      elements: { kind: 'elements' },
      confirmParams: { return_url: `${window.location.origin}/payment-success?plan=yearly` },
      redirect: 'if_required',
    });
    expect(activated).toEqual({ subscriptionType: 'yearly', paymentMethod: 'stripe' });
    await waitFor(() => expect(location()).toBe('/'));
  });

  it("a card error toasts 'Payment Failed' with Stripe's message and activates nothing", async () => {
    const fn = handlers();
    confirmPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    renderApp('/checkout?plan=yearly');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay $29.99' }));
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Your card has insufficient funds.')).toBeInTheDocument();
    expect(fn.mock.calls.some(([u]) => String(u).includes('activate'))).toBe(false);
  });

  it("another Stripe failure toasts 'Payment Error' with its message", async () => {
    handlers();
    confirmPayment.mockResolvedValue({ error: { type: 'api_connection_error', message: 'We could not reach Stripe.' } });
    renderApp('/checkout?plan=yearly');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay $29.99' }));
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getByText('We could not reach Stripe.')).toBeInTheDocument();
  });

  it('PayPal buttons: the server creates and captures the order, then /dashboard', async () => {
    const calls: string[] = [];
    handlers({
      'POST /paypal/order': ({ body }) => {
        calls.push(`order ${JSON.stringify(body)}`);
        return json({ id: '5O190127TN364715T' }, 201);
      },
      'POST /paypal/order/5O190127TN364715T/capture': () => {
        calls.push('capture');
        return json({ status: 'COMPLETED' });
      },
      'POST /api/auth/activate-subscription': ({ body }) => {
        calls.push(`activate ${JSON.stringify(body)}`);
        return json({ user: active });
      },
    });
    renderApp('/checkout?plan=yearly');
    expect(await screen.findByRole('button', { name: 'PayPal' })).toBeInTheDocument();
    expect(loadScript).toHaveBeenCalledWith(expect.objectContaining({ clientId: 'paypal-client', currency: 'USD', intent: 'capture' }));
    expect(await paypalButtons!.createOrder()).toBe('5O190127TN364715T');
    await paypalButtons!.onApprove({ orderID: '5O190127TN364715T' });
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(calls).toEqual([
      'order {"plan":"yearly"}',
      'capture',
      'activate {"subscriptionType":"yearly","paymentMethod":"paypal","transactionId":"5O190127TN364715T"}',
    ]);
  });

  it('a PENDING PayPal capture grants nothing and stays on checkout', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fn = handlers({
      'POST /paypal/order': () => json({ id: 'ORDER2' }, 201),
      'POST /paypal/order/ORDER2/capture': () => json({ status: 'PENDING' }),
    });
    renderApp('/checkout?plan=yearly');
    await screen.findByRole('button', { name: 'PayPal' });
    await paypalButtons!.onApprove({ orderID: 'ORDER2' });
    expect(warn).toHaveBeenCalledWith('PayPal capture ended PENDING');
    expect(location()).toBe('/checkout?plan=yearly');
    expect(fn.mock.calls.some(([u]) => String(u).includes('activate'))).toBe(false);
    warn.mockRestore();
  });
});
