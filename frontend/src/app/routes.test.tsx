import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeUser, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const signedOut = () => json({ message: 'Not signed in' }, 401);

describe('routes', () => {
  it('shows Page Not Found with the unmatched path', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page', { selector: 'code' })).toBeInTheDocument();
    expect(screen.getByText(/No route matches/)).toBeInTheDocument();
  });

  it.each(['/checkout?plan=yearly', '/checkout/step/2'])('serves %s with the checkout screen', async (path) => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Complete Your Subscription' })).toBeInTheDocument();
  });

  it.each([
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/cookie-policy', 'Cookie Policy'],
    ['/refund-policy', 'Refund Policy'],
    ['/accessibility', 'Accessibility'],
  ])('serves the legal page %s publicly, dated', async (path, title) => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Last updated: June 22, 2025')).toBeInTheDocument();
  });

  it('lists both plans with prices, yearly selected, linking to checkout', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderApp('/subscription');
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(screen.getByText('$2.99')).toBeInTheDocument();
    expect(screen.getByText('$29.99')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Yearly/ })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Continue with Yearly' })).toHaveAttribute('href', '/checkout?plan=yearly');
    screen.getByRole('radio', { name: /Monthly/ }).click();
    expect(await screen.findByRole('link', { name: 'Continue with Monthly' })).toHaveAttribute('href', '/checkout?plan=monthly');
  });

  it.each([
    ['/stretching', 'Stretching'],
    ['/diet', 'Diet Plan'],
    ['/settings', 'Settings'],
    ['/feedback', 'Send Feedback'],
  ])('serves the guarded screen %s inside the shell', async (path, heading) => {
    mockFetch({ 'GET /api/auth/me': () => json({ user: makeUser() }) });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
