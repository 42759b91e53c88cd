import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, makeUser, mockFetch, requestsOf } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { MFA_CODE_REQUIRED, MFA_CODE_WRONG } from '@fittrack/functions/contract/auth-rules';

const signedOut = () => json({ message: 'Not signed in' }, 401);

async function fillLogin(username = 'alex', password = 'Secret123') {
  const user = userEvent.setup();
  const panel = screen.getByRole('tabpanel', { name: 'Login' });
  await user.type(within(panel).getByLabelText('Username'), username);
  await user.type(within(panel).getByLabelText('Password'), password);
  await user.click(within(panel).getByRole('button', { name: 'Sign In' }));
  return panel;
}

async function openSignup() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
  const panel = screen.getByRole('tabpanel', { name: 'Sign Up' });
  return { user, panel };
}

describe('auth screen', () => {
  it('shows the tagline, accessible tabs and labelled, required fields', () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderApp('/auth');
    expect(screen.getByText('FitTrack')).toBeInTheDocument();
    expect(screen.getByText('Join thousands achieving their fitness goals')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    const login = screen.getByRole('tabpanel', { name: 'Login' });
    expect(within(login).getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(within(login).getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(within(login).getByLabelText('Password')).toBeRequired();
  });

  it('makes no session request (a signed-out visitor causes no 401)', async () => {
    const fn = mockFetch({ 'GET /api/auth/me': signedOut });
    renderApp('/auth');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(fn).not.toHaveBeenCalled();
  });

  it('on password mismatch toasts and makes no request', async () => {
    const fn = mockFetch({ 'GET /api/auth/me': signedOut });
    renderApp('/auth');
    const { user, panel } = await openSignup();
    await user.type(within(panel).getByLabelText('Username'), 'newbie');
    await user.type(within(panel).getByLabelText('Email'), 'newbie@example.com');
    await user.type(within(panel).getByLabelText('Password'), 'Secret123');
    await user.type(within(panel).getByLabelText('Confirm Password'), 'Secret124');
    await user.click(within(panel).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password Mismatch')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(requestsOf(fn)).toEqual([]);
    // What the user typed is kept.
    expect(within(panel).getByLabelText('Email')).toHaveValue('newbie@example.com');
    expect(within(panel).getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  it.each([
    ['an admin', makeUser({ role: 'admin', hasActiveSubscription: false, subscriptionStatus: 'none' }), '/admin', 'Welcome back, Administrator!'],
    ['a subscriber', makeUser(), '/dashboard', 'Dashboard'],
    ['a user without a subscription', makeUser({ hasActiveSubscription: false, subscriptionStatus: 'expired' }), '/subscription', 'Choose Your Plan'],
  ])('after login sends %s to the right place', async (_who, user, path, heading) => {
    const login = vi.fn(() => json({ user }));
    mockFetch({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/login': login,
      // what the landing screens load, so that no failure toast replaces 'Login Successful'
      'GET /api/admin/logs': () => json({ total: 0, feedbackTotal: 0, recentLogins: 0, recentFailedSignIns: 0, events: [] }),
      'GET /api/feedback': () => json({ items: [], nextCursor: null }),
      'GET /api/progress/today': () =>
        json({ date: '2026-11-21', steps: 0, caloriesConsumed: 0, pushups: 0, caloriesBurned: 0, lifetime: { steps: 0, pushups: 0, caloriesBurned: 0, daysTracked: 0 } }),
      'GET /api/progress/history': () => json({ days: [] }),
    });
    renderApp('/auth');
    await fillLogin('alex', 'Secret123');
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(path);
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    expect(login).toHaveBeenCalledWith(expect.objectContaining({ body: { username: 'alex', password: 'Secret123' } }));
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(user);
  });

  it('two-step sign-in: asks for the code after the password, keeps what was typed, refuses a wrong code and signs in with the right one', async () => {
    const admin = makeUser({ role: 'admin', hasActiveSubscription: false, subscriptionStatus: 'none' });
    const login = vi.fn((init: { body?: unknown }) => {
      const code = (init.body as { code?: string }).code;
      if (!code) return json({ message: MFA_CODE_REQUIRED, mfa: 'totp' }, 401);
      if (code !== '123456') return json({ message: MFA_CODE_WRONG, mfa: 'totp' }, 401);
      return json({ user: admin });
    });
    mockFetch({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/login': login,
      'GET /api/admin/logs': () => json({ total: 0, feedbackTotal: 0, recentLogins: 0, recentFailedSignIns: 0, events: [] }),
      'GET /api/feedback': () => json({ items: [], nextCursor: null }),
    });
    renderApp('/auth');
    const user = userEvent.setup();
    const panel = await fillLogin('boss', 'orbit-lantern-quartz-42');
    const code = await within(panel).findByLabelText('Authentication code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(within(panel).getByText(MFA_CODE_REQUIRED)).toBeInTheDocument();
    expect(screen.queryByText('Login Failed')).not.toBeInTheDocument(); // asking for the code is not a failure
    expect(within(panel).getByLabelText('Password')).toHaveValue('orbit-lantern-quartz-42');

    await user.type(code, '000000');
    await user.click(within(panel).getByRole('button', { name: 'Verify and Sign In' }));
    expect(await screen.findByText(MFA_CODE_WRONG)).toBeInTheDocument();
    expect(code).toHaveFocus();
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(within(panel).getByRole('button', { name: 'Verify and Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Administrator!' })).toBeInTheDocument();
    expect(login).toHaveBeenLastCalledWith(expect.objectContaining({ body: { username: 'boss', password: 'orbit-lantern-quartz-42', code: '123456' } }));
  });

  it('shows the server message when login fails, keeps the input and stays', async () => {
    mockFetch({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/login': () => json({ message: 'Too many attempts. Try again later.' }, 429),
    });
    renderApp('/auth');
    const panel = await fillLogin('alex', 'Wrong123');
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Too many attempts. Try again later.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    expect(within(panel).getByLabelText('Username')).toHaveValue('alex');
    expect(within(panel).getByLabelText('Password')).toHaveValue('Wrong123');
    expect(within(panel).getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it("falls back to 'Invalid credentials' when the failure has no message", async () => {
    mockFetch({ 'GET /api/auth/me': signedOut, 'POST /api/auth/login': () => new Response('', { status: 401 }) });
    renderApp('/auth');
    await fillLogin();
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid credentials')).toBeInTheDocument();
  });

  it("shows 'Login Error' on a network failure and 'Signing In...' while busy", async () => {
    let fail!: (reason: unknown) => void;
    mockFetch({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/login': () => new Promise<Response>((_resolve, reject) => (fail = reject)),
    });
    renderApp('/auth');
    const panel = await fillLogin();
    expect(within(panel).getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    fail(new TypeError('Failed to fetch'));
    expect(await screen.findByText('Login Error')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });

  it("after signup goes to /subscription with 'Account Created'", async () => {
    const created = makeUser({ username: 'newbie', hasActiveSubscription: false, subscriptionStatus: 'none' });
    const signup = vi.fn(() => json({ user: created }, 201));
    mockFetch({ 'GET /api/auth/me': signedOut, 'POST /api/auth/signup': signup });
    renderApp('/auth');
    const { user, panel } = await openSignup();
    await user.type(within(panel).getByLabelText('Username'), 'newbie');
    await user.type(within(panel).getByLabelText('Email'), 'newbie@example.com');
    await user.type(within(panel).getByLabelText('Password'), 'Secret123');
    await user.type(within(panel).getByLabelText('Confirm Password'), 'Secret123');
    await user.click(within(panel).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(screen.getByText('Account Created')).toBeInTheDocument();
    expect(screen.getByText('Please choose a subscription plan to continue')).toBeInTheDocument();
    expect(signup).toHaveBeenCalledWith(
      expect.objectContaining({ body: { username: 'newbie', email: 'newbie@example.com', password: 'Secret123' } }),
    );
  });

  it("shows 'Signup Failed' with the server message", async () => {
    mockFetch({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/signup': () => json({ message: 'Username already taken' }, 409),
    });
    renderApp('/auth');
    const { user, panel } = await openSignup();
    await user.type(within(panel).getByLabelText('Username'), 'alex');
    await user.type(within(panel).getByLabelText('Email'), 'alex@example.com');
    await user.type(within(panel).getByLabelText('Password'), 'Secret123');
    await user.type(within(panel).getByLabelText('Confirm Password'), 'Secret123');
    await user.click(within(panel).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Signup Failed')).toBeInTheDocument();
    expect(screen.getByText('Username already taken')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Username')).toHaveValue('alex');
  });
});
