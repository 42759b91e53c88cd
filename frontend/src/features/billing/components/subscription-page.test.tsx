import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeUser, mockFetch, renewingYearly } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { PREMIUM_FEATURES } from './subscription-page';

describe('plan choice', () => {
  it('shows both plans, yearly selected by default with its badges and ten features; monthly five plus more', async () => {
    mockFetch({});
    renderApp('/subscription');
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Yearly/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Monthly/ })).not.toBeChecked();
    expect(screen.getByText('Save $6')).toBeInTheDocument();
    expect(screen.getByText('Best value - Save over 16%')).toBeInTheDocument();
    expect(screen.getByText('$29.99')).toBeInTheDocument();
    expect(screen.getByText('$2.99')).toBeInTheDocument();
    const yearly = within(screen.getByRole('list', { name: 'Yearly plan features' })).getAllByRole('listitem');
    expect(yearly.map((li) => li.textContent?.replace('✓', ''))).toEqual([...PREMIUM_FEATURES]);
    const monthly = within(screen.getByRole('list', { name: 'Monthly plan features' })).getAllByRole('listitem');
    expect(monthly).toHaveLength(6);
    expect(monthly[5]).toHaveTextContent('+ 5 more premium features');
    expect(screen.getByText('30-day money-back guarantee')).toBeInTheDocument();
    expect(screen.getByText('Cancel anytime')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue with Yearly' })).toHaveAttribute('href', '/checkout?plan=yearly');
  });

  it('choosing monthly (by keyboard or by the card) goes to /checkout?plan=monthly', async () => {
    mockFetch({});
    renderApp('/subscription');
    const user = userEvent.setup();
    await user.click(await screen.findByText('+ 5 more premium features'));
    expect(screen.getByRole('radio', { name: /Monthly/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Yearly/ }));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /Monthly/ })).toBeChecked();
    await user.click(screen.getByRole('link', { name: 'Continue with Monthly' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/checkout?plan=monthly'));
  });

  it('a subscriber sees their plan as current and cannot buy it again; the other plan is a switch at the renewal', async () => {
    mockFetch({
      'GET /api/auth/me': () => json({ user: makeUser() }),
      'GET /api/subscription': () => json(renewingYearly()),
    });
    renderApp('/subscription');
    expect(await screen.findByText('This is your current plan')).toBeInTheDocument();
    expect(screen.getByText('Current plan')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Monthly/ }));
    expect(screen.getByRole('button', { name: 'Switch to Monthly' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /checkout/i })).toBeNull();
  });
});
