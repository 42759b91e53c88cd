import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

function setup(stored?: string) {
  if (stored) window.localStorage.setItem('cookieConsent', stored);
  mockFetch({ 'GET /api/auth/me': () => json({ message: 'Not signed in' }, 401) });
  renderApp('/auth');
  return userEvent.setup();
}

describe('cookie banner', () => {
  it.each([
    ['Accept All', 'accepted'],
    ['Decline', 'declined'],
    ['Close cookie banner', 'declined'],
  ])('%s stores %s and hides the banner', async (button, value) => {
    const user = setup();
    expect(screen.getByRole('heading', { name: 'We use cookies' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: button }));
    expect(window.localStorage.getItem('cookieConsent')).toBe(value);
    expect(screen.queryByRole('heading', { name: 'We use cookies' })).toBeNull();
  });

  it('Learn More opens the cookie policy and keeps the question open', async () => {
    const user = setup();
    await user.click(screen.getByRole('link', { name: 'Learn More' }));
    expect(await screen.findByRole('heading', { name: 'Cookie Policy' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/cookie-policy');
    expect(screen.getByRole('heading', { name: 'We use cookies' })).toBeInTheDocument();
    expect(window.localStorage.getItem('cookieConsent')).toBeNull();
  });

  it.each(['accepted', 'declined'])('is not shown once the choice (%s) is stored', (stored) => {
    setup(stored);
    expect(screen.queryByRole('heading', { name: 'We use cookies' })).toBeNull();
  });

  it('asks again when the stored value is not a valid choice', () => {
    setup('maybe');
    expect(screen.getByRole('heading', { name: 'We use cookies' })).toBeInTheDocument();
  });
});
