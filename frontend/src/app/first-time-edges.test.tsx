import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeMembership, makeUser, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { pageTitle } from './page-title';

/** Issue 18 point 4: what a first-time user hits (routing, focus, titles, logout, tabs in the URL). */

const signedOut = () => json({ message: 'Not signed in' }, 401);
const progress = { date: '2026-11-21', steps: 0, caloriesConsumed: 0, pushups: 0, caloriesBurned: 0, lifetime: { steps: 0, pushups: 0, caloriesBurned: 0, daysTracked: 0 } };
const me = (overrides = {}) => () => json({ user: makeUser(overrides) });
const storeUser = (overrides = {}) => window.localStorage.setItem('user', JSON.stringify(makeUser(overrides)));
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  // jsdom implements no scrolling.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

describe('route change', () => {
  it('scrolls to the top and moves focus to the new screen heading', async () => {
    mockFetch({ 'GET /api/auth/me': me(), 'GET /api/progress/today': () => json(progress), 'GET /api/workouts': () => json([]), 'GET /api/progress/history': () => json({ days: [] }) });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(window.scrollTo).not.toHaveBeenCalled(); // nothing on the first load
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Workout' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Workout Plans' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('does not move focus when only the tab in the query string changes', async () => {
    mockFetch({ 'GET /api/auth/me': me(), 'GET /api/config': () => json({ paymentMode: 'sandbox' }), 'GET /api/subscription': () => json(makeMembership()) });
    renderApp('/settings');
    const devices = await screen.findByRole('tab', { name: 'Devices' });
    devices.focus();
    fireEvent.click(devices);
    await waitFor(() => expect(location()).toBe('/settings?tab=devices'));
    expect(devices).toHaveFocus();
    expect(window.scrollTo).not.toHaveBeenCalled();
  });
});

describe('page titles, skip link and tab order', () => {
  it('names every screen in the document title', () => {
    expect(pageTitle('/')).toBe('Dashboard – FitTrack');
    expect(pageTitle('/diet')).toBe('Diet Plan – FitTrack');
    expect(pageTitle('/settings/')).toBe('Settings – FitTrack');
    expect(pageTitle('/checkout/step/2')).toBe('Checkout – FitTrack');
    expect(pageTitle('/no/such/page')).toBe('Page Not Found – FitTrack');
  });

  it('leaves a title that already reads right alone (the pre-rendered /auth carries it), and sets the next', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    document.title = 'Sign In – FitTrack';
    const setTitle = vi.spyOn(Document.prototype, 'title', 'set');
    renderApp('/auth');
    await screen.findByRole('tab', { name: 'Login' });
    expect(setTitle).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('link', { name: 'Privacy Policy' })[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(setTitle).toHaveBeenCalledTimes(1);
    expect(document.title).toBe('Privacy Policy – FitTrack');
    setTitle.mockRestore();
  });

  it('sets the title on each route', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderApp('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(document.title).toBe('Privacy Policy – FitTrack');
  });

  it("puts 'Skip to content' first, then the header and the bottom navigation before the content; the skip link focuses the heading", async () => {
    mockFetch({ 'GET /api/auth/me': me(), 'GET /api/progress/today': () => json(progress), 'GET /api/progress/history': () => json({ days: [] }) });
    renderApp('/');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.compareDocumentPosition(screen.getByRole('main')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    Element.prototype.scrollIntoView = vi.fn();
    await user.keyboard('{Enter}');
    expect(heading).toHaveFocus();
  });

  it('has the skip link on the plain layout too', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderApp('/auth');
    await screen.findByRole('tab', { name: 'Login' });
    await userEvent.setup().tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
  });
});

describe('admin entry', () => {
  it('shows Admin in the navigation for an admin only', async () => {
    mockFetch({ 'GET /api/auth/me': me({ role: 'admin', hasActiveSubscription: false, subscriptionStatus: 'none' }), 'GET /api/progress/today': () => json(progress), 'GET /api/progress/history': () => json({ days: [] }) });
    renderApp('/');
    const admin = await screen.findByRole('link', { name: 'Admin' });
    expect(admin).toHaveAttribute('href', '/admin');
  });

  it('shows no Admin entry to a subscriber', async () => {
    mockFetch({ 'GET /api/auth/me': me(), 'GET /api/progress/today': () => json(progress), 'GET /api/progress/history': () => json({ days: [] }) });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});

describe('logout without a plan', () => {
  it.each(['/subscription', '/checkout?plan=yearly'])('offers Logout on %s, which signs out and goes to /auth', async (path) => {
    storeUser({ hasActiveSubscription: false, subscriptionStatus: 'none', username: 'newbie' });
    const fn = mockFetch({
      'GET /api/auth/me': me({ hasActiveSubscription: false, subscriptionStatus: 'none', username: 'newbie' }),
      'GET /api/config': () => json({ paymentMode: 'sandbox' }),
      'POST /api/create-yearly-subscription': () => json({ clientSecret: 'cs_1', amount: 2999 }),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    renderApp(path);
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('newbie')).toBeInTheDocument();
    fireEvent.click(within(banner).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(fn.mock.calls.some(([url, init]) => String(url).endsWith('/api/auth/logout') && init?.method === 'POST')).toBe(true);
    expect(await screen.findByText('Logged Out')).toBeInTheDocument();
  });

  it('shows no account bar to a visitor', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderApp('/subscription');
    await screen.findByRole('heading', { name: 'Choose Your Plan' });
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });
});

describe('where sign-in leads', () => {
  it.each([
    [{}, '/dashboard'],
    [{ role: 'admin' }, '/admin'],
    [{ hasActiveSubscription: false, subscriptionStatus: 'none' }, '/subscription'],
  ])('sends a signed-in user (%o) who opens /auth to their home, %s', async (overrides, home) => {
    storeUser(overrides);
    mockFetch({ 'GET /api/auth/me': me(overrides), 'GET /api/progress/today': () => json(progress), 'GET /api/progress/history': () => json({ days: [] }) });
    renderApp('/auth');
    await waitFor(() => expect(location()).toBe(home));
  });

  it('keeps the sign-in form when the stored user has been signed out on the server', async () => {
    storeUser();
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderApp('/auth');
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(location()).toBe('/auth');
  });

  it('returns to a deep link (/diet?tab=snacks) opened signed out, after sign-in', async () => {
    let signedIn = false;
    mockFetch({
      'GET /api/auth/me': () => (signedIn ? json({ user: makeUser() }) : signedOut()),
      'POST /api/auth/login': () => {
        signedIn = true;
        return json({ user: makeUser() });
      },
      'GET /api/meals': () => json([]),
      'GET /api/progress/today': () => json(progress),
      'GET /api/progress/today/meals': () => json([]),
    });
    renderApp('/diet?tab=snacks');
    await waitFor(() => expect(location()).toBe('/auth'));
    const panel = await screen.findByRole('tabpanel');
    fireEvent.change(within(panel).getByLabelText('Username'), { target: { value: 'alex' } });
    fireEvent.change(within(panel).getByLabelText('Password'), { target: { value: 'Secret123x' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toBe('/diet?tab=snacks'));
    expect(await screen.findByRole('tab', { name: 'Snacks' })).toHaveAttribute('aria-selected', 'true');
  });

  it('sends a user without a plan to the plan choice even from a deep link', async () => {
    mockFetch({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/login': () => json({ user: makeUser({ hasActiveSubscription: false, subscriptionStatus: 'none' }) }),
    });
    renderApp('/diet');
    const panel = await screen.findByRole('tabpanel');
    fireEvent.change(within(panel).getByLabelText('Username'), { target: { value: 'alex' } });
    fireEvent.change(within(panel).getByLabelText('Password'), { target: { value: 'Secret123x' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toBe('/subscription'));
  });
});

describe('tabs kept in the URL', () => {
  it('opens Settings › Appearance from ?tab=appearance (a reload keeps it)', async () => {
    mockFetch({ 'GET /api/auth/me': me(), 'GET /api/config': () => json({ paymentMode: 'sandbox' }), 'GET /api/subscription': () => json(makeMembership()) });
    renderApp('/settings?tab=appearance');
    expect(await screen.findByRole('tab', { name: 'Appearance' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('radio', { name: 'Black' })).toBeVisible();
    fireEvent.click(screen.getByRole('tab', { name: 'Membership' }));
    await waitFor(() => expect(location()).toBe('/settings'));
  });

  it('writes the Diet tab into the URL and shows the default for an unknown one', async () => {
    mockFetch({ 'GET /api/auth/me': me(), 'GET /api/meals': () => json([]), 'GET /api/progress/today': () => json(progress), 'GET /api/progress/today/meals': () => json([]) });
    renderApp('/diet?tab=nonsense');
    expect(await screen.findByRole('tab', { name: 'All Meals' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: 'Protein-Rich' }));
    await waitFor(() => expect(location()).toBe('/diet?tab=protein-rich'));
    expect(screen.getByRole('tab', { name: 'Protein-Rich' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('greeting', () => {
  it("greets a user who has just signed up with 'Welcome', and 'Welcome back' after a later sign-in", async () => {
    const user = makeUser({ username: 'newbie', hasActiveSubscription: false, subscriptionStatus: 'none' });
    let signedUp = false;
    mockFetch({
      'GET /api/auth/me': () => (signedUp ? json({ user }) : signedOut()),
      'POST /api/auth/signup': () => {
        signedUp = true;
        return json({ user }, 201);
      },
    });
    const first = renderApp('/auth');
    fireEvent.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    const panel = screen.getByRole('tabpanel');
    fireEvent.change(within(panel).getByLabelText('Username'), { target: { value: 'newbie' } });
    fireEvent.change(within(panel).getByLabelText('Email'), { target: { value: 'n@example.com' } });
    fireEvent.change(within(panel).getByLabelText('Password'), { target: { value: 'Secret123x' } });
    fireEvent.change(within(panel).getByLabelText('Confirm Password'), { target: { value: 'Secret123x' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(location()).toBe('/subscription'));
    // Arrived without a reload: the account bar knows the new user and offers Logout.
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    first.unmount();

    // The plan is paid: the dashboard greets the new user.
    mockFetch({ 'GET /api/auth/me': me({ username: 'newbie' }), 'GET /api/progress/today': () => json(progress), 'GET /api/progress/history': () => json({ days: [] }) });
    const second = renderApp('/');
    expect(await screen.findByText('Welcome, newbie.')).toBeInTheDocument();
    second.unmount();

    // Signed out and in again: a returning user.
    mockFetch({ 'GET /api/auth/me': signedOut, 'POST /api/auth/login': () => json({ user: makeUser({ username: 'newbie' }) }), 'GET /api/progress/today': () => json(progress), 'GET /api/progress/history': () => json({ days: [] }) });
    renderApp('/auth');
    const login = await screen.findByRole('tabpanel');
    fireEvent.change(within(login).getByLabelText('Username'), { target: { value: 'newbie' } });
    fireEvent.change(within(login).getByLabelText('Password'), { target: { value: 'Secret123x' } });
    fireEvent.click(within(login).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Welcome back, newbie.')).toBeInTheDocument();
  });
});
