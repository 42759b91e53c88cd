import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeUser, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

describe('admin page', () => {
  it('greets an admin', async () => {
    mockFetch({ 'GET /api/auth/me': () => json({ user: makeUser({ role: 'admin' }) }) });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Administrator!' })).toBeInTheDocument();
    expect(screen.getByText('Admin Panel')).toBeInTheDocument();
  });

  it('denies a subscribed non-admin without any credential hint, then redirects to /auth', async () => {
    mockFetch({ 'GET /api/auth/me': () => json({ user: makeUser({ role: 'user' }) }) });
    renderApp('/admin');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Access Denied');
    expect(alert).toHaveTextContent('Administrator privileges required to access this page.');
    expect(document.body.textContent).not.toMatch(/password|credential|username/i);
    expect(await screen.findByRole('tab', { name: 'Login' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });
});
