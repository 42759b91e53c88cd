import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeUser, mockFetch, pending, requestsOf } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

describe('shell', () => {
  it('has six bottom navigation items with aria-current on the active one', async () => {
    mockFetch({ 'GET /api/auth/me': () => json({ user: makeUser() }) });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Dashboard', 'Stretching', 'Workout', 'Diet', 'Settings', 'Logout']);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Diet' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Stretching' })).toHaveAttribute('href', '/stretching');
  });

  it('has the legal and support links in the footer', async () => {
    mockFetch({ 'GET /api/auth/me': () => json({ user: makeUser() }) });
    renderApp('/');
    const legal = await screen.findByRole('navigation', { name: 'Legal' });
    expect(within(legal).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Privacy Policy',
      'Terms of Service',
      'Cookie Policy',
      'Refund Policy',
    ]);
    const support = screen.getByRole('navigation', { name: 'Support' });
    expect(within(support).getByRole('link', { name: 'Send Feedback' })).toHaveAttribute('href', '/feedback');
    expect(within(support).getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toMatch(/^mailto:/);
    expect(screen.getByText(/©/)).toBeInTheDocument();
  });

  it("logs out: calls the server, clears the stored user, toasts 'Logged Out' and goes to /auth", async () => {
    const fn = mockFetch({
      'GET /api/auth/me': () => json({ user: makeUser() }),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    renderApp('/stretching');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(window.localStorage.getItem('user')).not.toBeNull());
    await userEvent.click(within(nav).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged Out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully logged out.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    expect(screen.getByRole('tab', { name: 'Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(requestsOf(fn)).toContain('POST /api/auth/logout');
  });

  it('an admin logging out from /admin never sees the page render without a session (no "Access Denied")', async () => {
    mockFetch({
      'GET /api/auth/me': () => json({ user: makeUser({ role: 'admin' }) }),
      'GET /api/admin/logs': pending,
      'GET /api/feedback': pending,
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    renderApp('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Administrator!' })).toBeInTheDocument();
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes('Access Denied')) seen.push('Access Denied');
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    await userEvent.click(within(nav).getByRole('button', { name: 'Logout' }));
    await screen.findByText('Logged Out');
    observer.disconnect();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    expect(seen).toEqual([]);
  });

  it('after logout the guarded routes send the user to /auth without a new session check', async () => {
    const fn = mockFetch({
      'GET /api/auth/me': () => json({ user: makeUser() }),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Logout' }));
    await screen.findByText('Logged Out');
    await userEvent.click(screen.getByRole('link', { name: 'FitTrack home' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    expect(requestsOf(fn).filter((r) => r === 'GET /api/auth/me')).toHaveLength(1);
  });

  it('stays signed in and says so when the logout call fails', async () => {
    mockFetch({
      'GET /api/auth/me': () => json({ user: makeUser() }),
      'POST /api/auth/logout': () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout Failed')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
