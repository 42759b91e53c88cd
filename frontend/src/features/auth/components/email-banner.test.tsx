import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeUser, mockFetch, requestsOf } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

/** Email verification and change email in the browser (issue 15 point 6, decision 0024). */

const sentBody = (fn: ReturnType<typeof mockFetch>, path: string) => {
  const call = fn.mock.calls.find(([url, init]) => String(url).endsWith(path) && init?.method === 'POST');
  return call?.[1]?.body ? JSON.parse(String(call[1].body)) : undefined;
};

describe('the email banner', () => {
  it('asks an unconfirmed account for the mailed code on every signed-in screen, sends it as typed and goes away when confirmed', async () => {
    let verified = false;
    const fn = mockFetch({
      'GET /api/auth/me': () => json({ user: makeUser({ email: 'alex@example.com', emailVerified: verified }) }),
      'POST /api/auth/verify-email': () => {
        verified = true;
        return json({ user: makeUser({ email: 'alex@example.com', emailVerified: true }) });
      },
    });
    renderApp('/settings');
    const user = userEvent.setup();
    const banner = await screen.findByRole('region', { name: 'Confirm your email address' });
    expect(banner).toHaveTextContent('We sent a 6-digit code to alex@example.com.');
    await user.type(within(banner).getByLabelText('Code from the email'), '123 456');
    await user.click(within(banner).getByRole('button', { name: 'Confirm Email' }));
    expect(await screen.findByText('alex@example.com is confirmed. Password reset codes go there.')).toBeInTheDocument();
    expect(sentBody(fn, '/api/auth/verify-email')).toEqual({ code: '123 456' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Confirm your email address' })).not.toBeInTheDocument());
  });

  it('sends a new code and shows the server\'s answer', async () => {
    const fn = mockFetch({
      'GET /api/auth/me': () => json({ user: makeUser({ emailVerified: false }) }),
      'POST /api/auth/resend-verification': () => json({ message: 'A new code is on its way. Use the newest code you receive.' }, 202),
    });
    renderApp('/settings');
    const user = userEvent.setup();
    const banner = await screen.findByRole('region', { name: 'Confirm your email address' });
    await user.click(within(banner).getByRole('button', { name: 'Send New Code' }));
    expect(await screen.findByText('A new code is on its way. Use the newest code you receive.')).toBeInTheDocument();
    expect(requestsOf(fn).filter((r) => r.startsWith('POST'))).toEqual([expect.stringMatching(/^POST .*\/api\/auth\/resend-verification$/)]);
  });

  it('shows nothing and asks nothing for a confirmed account', async () => {
    const fn = mockFetch({ 'GET /api/auth/me': () => json({ user: makeUser({ emailVerified: true }) }) });
    renderApp('/settings');
    await screen.findByRole('tablist', { name: 'Settings sections' });
    // give the idle mount its chance
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('region', { name: 'Confirm your email address' })).not.toBeInTheDocument();
    expect(requestsOf(fn).every((r) => r.startsWith('GET'))).toBe(true);
  });
});

describe('Settings › Account: change email', () => {
  it('sends the new address and the password as typed, then the banner asks for the new address\'s code', async () => {
    let email = 'alex@example.com';
    let emailVerified = true;
    const fn = mockFetch({
      'GET /api/auth/me': () => json({ user: makeUser({ email, emailVerified }) }),
      'POST /api/auth/change-email': () => {
        email = 'alex.new@example.com';
        emailVerified = false;
        return json({ message: 'We sent a code to alex.new@example.com. Enter the newest code to confirm the new address.', email });
      },
    });
    renderApp('/settings?tab=account');
    const user = userEvent.setup();
    const panel = await screen.findByRole('tabpanel', { name: 'Account' });
    const section = within(panel).getByRole('region', { name: 'Change Email' });
    expect(section).not.toHaveTextContent('not confirmed yet');
    await user.type(within(section).getByLabelText('New email'), 'alex.new@example.com');
    await user.type(within(section).getByLabelText('Password'), 'orbit-lantern-quartz-42');
    await user.click(within(section).getByRole('button', { name: 'Change Email' }));
    expect(await screen.findByText('We sent a code to alex.new@example.com. Enter the newest code to confirm the new address.')).toBeInTheDocument();
    expect(sentBody(fn, '/api/auth/change-email')).toEqual({ email: 'alex.new@example.com', password: 'orbit-lantern-quartz-42' });
    expect(within(section).getByLabelText('New email')).toHaveValue('');
    const banner = await screen.findByRole('region', { name: 'Confirm your email address' });
    expect(banner).toHaveTextContent('alex.new@example.com');
    expect(section).toHaveTextContent('Your current address is not confirmed yet.');
    expect(within(panel).getByRole('region', { name: 'Your account' })).toHaveTextContent('alex.new@example.com');
  });
});
