import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeUser, mockFetch, pending } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

describe('route guard', () => {
  it('shows a labelled spinner while the session loads, even with a cached user', async () => {
    window.localStorage.setItem('user', JSON.stringify(makeUser({ role: 'admin' })));
    mockFetch({ 'GET /api/auth/me': pending });
    renderApp('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your session...');
    // The cached user is never let through before the server confirms it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('redirects to /auth when /me says 401, and drops the cached user', async () => {
    window.localStorage.setItem('user', JSON.stringify(makeUser()));
    mockFetch({ 'GET /api/auth/me': () => json({ message: 'Not signed in' }, 401) });
    renderApp('/stretching');
    expect(await screen.findByText('Join thousands achieving their fitness goals')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    await waitFor(() => expect(window.localStorage.getItem('user')).toBeNull());
  });

  it('redirects a user without an active subscription to /subscription', async () => {
    mockFetch({
      'GET /api/auth/me': () =>
        json({ user: makeUser({ subscriptionStatus: 'none', hasActiveSubscription: false }) }),
    });
    renderApp('/diet');
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/subscription');
  });

  it('lets an admin in without a subscription', async () => {
    mockFetch({
      'GET /api/auth/me': () =>
        json({ user: makeUser({ role: 'admin', subscriptionStatus: 'none', hasActiveSubscription: false }) }),
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('lets a subscriber in and stores the confirmed user', async () => {
    const user = makeUser();
    mockFetch({ 'GET /api/auth/me': () => json({ user }) });
    renderApp('/workout');
    expect(await screen.findByRole('heading', { name: 'Workout Plans' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(user));
  });

  it('removes invalid stored user data on load', async () => {
    window.localStorage.setItem('user', '{not json');
    mockFetch({ 'GET /api/auth/me': pending });
    renderApp('/auth');
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Login' })).toBeInTheDocument();
  });

  it('offers a retry when the session check fails for another reason', async () => {
    const fn = mockFetch({ 'GET /api/auth/me': () => new Response('', { status: 503, statusText: 'Service Unavailable' }) });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
