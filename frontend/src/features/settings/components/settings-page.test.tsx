import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, makeUser, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

function setup() {
  mockFetch({ 'GET /api/auth/me': () => json({ user: makeUser() }) });
  renderApp('/settings');
  return userEvent.setup();
}

afterEach(() => {
  for (const k of ['theme', 'motion', 'text']) delete document.documentElement.dataset[k];
});

describe('Settings', () => {
  it("has the spec's three tabs and Account (issue 15 point 6); Membership shows both plans and links to checkout", async () => {
    setup();
    const tablist = await screen.findByRole('tablist', { name: 'Settings sections' });
    expect(within(tablist).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Membership', 'Devices', 'Appearance', 'Account']);
    const panel = screen.getByRole('tabpanel', { name: 'Membership' });
    const monthly = within(panel).getByRole('region', { name: 'Monthly Plan' });
    expect(monthly).toHaveTextContent('$2.99 per month');
    expect(within(monthly).getByRole('link', { name: 'Choose Monthly' })).toHaveAttribute('href', '/checkout?plan=monthly');
    const yearly = within(panel).getByRole('region', { name: 'Yearly Plan' });
    expect(yearly).toHaveTextContent('$29.99 per year');
    expect(yearly).toHaveTextContent('Save over 16% vs monthly');
    expect(yearly).toHaveTextContent('Priority support');
    expect(within(yearly).getByRole('link', { name: 'Choose Yearly' })).toHaveAttribute('href', '/checkout?plan=yearly');
  });

  it('Account: shows who is signed in; Sign Out Everywhere asks first, ends every session and goes to /auth', async () => {
    let ended = 0;
    const fn = mockFetch({
      'GET /api/auth/me': () => (ended ? json({ message: 'Not signed in' }, 401) : json({ user: makeUser({ username: 'alex', email: 'alex@example.com' }) })),
      'POST /api/auth/logout-all': () => {
        ended += 1;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/settings?tab=account');
    const user = userEvent.setup();
    const panel = await screen.findByRole('tabpanel', { name: 'Account' });
    expect(await within(panel).findByText('alex')).toBeInTheDocument();
    expect(within(panel).getByText('alex@example.com')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Sign Out Everywhere' }));
    const confirm = within(panel).getByRole('group', { name: 'Confirm signing out everywhere' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(ended).toBe(0);
    await user.click(within(panel).getByRole('button', { name: 'Sign Out Everywhere' }));
    await user.click(within(screen.getByRole('group', { name: 'Confirm signing out everywhere' })).getByRole('button', { name: 'Sign Out Everywhere' }));
    expect(await screen.findByText('Signed Out Everywhere')).toBeInTheDocument();
    expect(ended).toBe(1);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument(); // on /auth
    expect(fn.mock.calls.some(([url, init]) => String(url).endsWith('/api/auth/logout-all') && init?.method === 'POST')).toBe(true);
  });

  it('Account: when the server cannot end the sessions, says so and stays', async () => {
    mockFetch({
      'GET /api/auth/me': () => json({ user: makeUser() }),
      'POST /api/auth/logout-all': () => json({ message: 'Service busy' }, 503),
    });
    renderApp('/settings?tab=account');
    const user = userEvent.setup();
    const panel = await screen.findByRole('tabpanel', { name: 'Account' });
    await user.click(within(panel).getByRole('button', { name: 'Sign Out Everywhere' }));
    await user.click(within(screen.getByRole('group', { name: 'Confirm signing out everywhere' })).getByRole('button', { name: 'Sign Out Everywhere' }));
    expect(await screen.findByText('Logout Failed')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Account' })).toBeInTheDocument();
  });

  it('connects watches with their toasts and persists the device settings in this browser', async () => {
    const user = setup();
    await user.click(await screen.findByRole('tab', { name: 'Devices' }));
    const panel = screen.getByRole('tabpanel', { name: 'Devices' });
    await user.click(within(panel).getByRole('button', { name: 'Connect Apple Watch' }));
    expect(await screen.findByText('Apple Watch connected successfully')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Connect Android Watch' }));
    expect(await screen.findByText('Android Watch connected successfully')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Disconnect Apple Watch' })).toBeInTheDocument();
    const autoSync = within(panel).getByRole('switch', { name: 'Auto-sync data' });
    expect(autoSync).toHaveAccessibleDescription('Syncs every 15 minutes');
    expect(autoSync).toHaveAttribute('aria-checked', 'true');
    await user.click(autoSync);
    await user.click(within(panel).getByRole('switch', { name: 'Send notifications to watch' }));
    expect(JSON.parse(window.localStorage.getItem('deviceSettings') ?? '{}')).toEqual({
      appleWatch: true,
      androidWatch: true,
      autoSync: false,
      watchNotifications: true,
    });
  });

  it('restores the stored device settings and ignores a corrupted value', async () => {
    window.localStorage.setItem('deviceSettings', JSON.stringify({ appleWatch: true, androidWatch: false, autoSync: false, watchNotifications: true }));
    const user = setup();
    await user.click(await screen.findByRole('tab', { name: 'Devices' }));
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Auto-sync data' })).toHaveAttribute('aria-checked', 'false');
  });

  it('switches to the Black theme, reduce motion and larger text, applied to <html> and stored', async () => {
    const user = setup();
    await user.click(await screen.findByRole('tab', { name: 'Appearance' }));
    const panel = screen.getByRole('tabpanel', { name: 'Appearance' });
    expect(within(panel).getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(within(panel).getByText(/conserve battery on OLED/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('radio', { name: 'Black' }));
    expect(document.documentElement.dataset.theme).toBe('black');
    expect(window.localStorage.getItem('theme')).toBe('black');
    await user.click(within(panel).getByRole('switch', { name: 'Reduce motion' }));
    expect(document.documentElement.dataset.motion).toBe('reduce');
    expect(window.localStorage.getItem('reduceMotion')).toBe('true');
    await user.click(within(panel).getByRole('switch', { name: 'Larger text' }));
    expect(document.documentElement.dataset.text).toBe('large');
    expect(window.localStorage.getItem('largerText')).toBe('true');
    await user.click(within(panel).getByRole('radio', { name: 'Light' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(window.localStorage.getItem('theme')).toBe('light');
  });

  it('Account: changes the password (current and new sent as typed) and signs out everywhere', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => json({ user: makeUser() }),
      'POST /api/auth/change-password': () => json({ message: 'Your password has been changed. Every other device has been signed out.', signedOut: false }),
      'POST /api/auth/logout-all': () => new Response(null, { status: 204 }),
    });
    renderApp('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Account' }));
    const panel = screen.getByRole('tabpanel', { name: 'Account' });
    await user.type(await within(panel).findByLabelText('Current password'), 'orbit-lantern-quartz-42');
    await user.type(within(panel).getByLabelText('New password'), 'harbour-violet-compass-77');
    await user.click(within(panel).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Your password has been changed. Every other device has been signed out.')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/api/auth/change-password') && init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ currentPassword: 'orbit-lantern-quartz-42', newPassword: 'harbour-violet-compass-77' });
    expect(within(panel).getByLabelText('Current password')).toHaveValue('');

    await user.click(within(panel).getByRole('button', { name: 'Sign Out Everywhere' }));
    await user.click(within(screen.getByRole('group', { name: 'Confirm signing out everywhere' })).getByRole('button', { name: 'Sign Out Everywhere' }));
    expect(await screen.findByText('Your account is now signed out on every device, this one included.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome to FitTrack' })).toBeInTheDocument();
  });

  it('keeps the tab panels keyboard-reachable (arrow keys move between tabs)', async () => {
    const user = setup();
    const first = await screen.findByRole('tab', { name: 'Membership' });
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Devices' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Account' })).toHaveFocus();
  });
});
