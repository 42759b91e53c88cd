import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeUser, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const signedOut = () => json({ message: 'Not signed in' }, 401);

describe('legal pages', () => {
  it.each([
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/cookie-policy', 'Cookie Policy'],
    ['/refund-policy', 'Refund Policy'],
    ['/accessibility', 'Accessibility'],
  ])('%s is public, dated and linked from the plain layout footer', async (path, title) => {
    const fn = mockFetch({ 'GET /api/auth/me': signedOut });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Last updated: June 22, 2025')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Privacy Policy',
      'Terms of Service',
      'Cookie Policy',
      'Refund Policy',
      'Accessibility',
      'Contact Us',
    ]);
    expect(fn).not.toHaveBeenCalled();
  });

  it('states the terms of SPEC.md section 9', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderApp('/terms-of-service');
    const page = await screen.findByRole('article');
    expect(page).toHaveTextContent('at least 13 years old');
    expect(page).toHaveTextContent('renew automatically');
    expect(page).toHaveTextContent('at least 30 days before');
    expect(page).toHaveTextContent('$2.99 per month or $29.99 per year');
    expect(page).toHaveTextContent('Support replies within 24 hours');
  });

  it('reconciles the 7-day window with the 30-day guarantee and lists processing times', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderApp('/refund-policy');
    const page = await screen.findByRole('article');
    expect(page).toHaveTextContent('Within 7 days of your first purchase: a full refund, no questions asked.');
    expect(page).toHaveTextContent('From day 8 to day 30');
    expect(page).toHaveTextContent('within 5-10 business days');
    expect(page).toHaveTextContent('card: 3-5 business days');
    expect(page).toHaveTextContent('PayPal: 1-2 business days');
    expect(page).toHaveTextContent('Bank transfer: 5-10 business days');
    expect(page).toHaveTextContent('replies within 24 hours');
  });

  it('is reachable from the shell footer too', async () => {
    mockFetch({ 'GET /api/auth/me': () => json({ user: makeUser() }) });
    renderApp('/settings');
    const legal = await screen.findByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund-policy');
  });

  it("shows 'Page Not Found' with a developer hint for any other path", async () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('/no/such/page')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Did you forget to add the page to the router?');
  });
});
