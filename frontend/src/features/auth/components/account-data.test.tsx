import type { AccountExport } from '@fittrack/functions/contract/account';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeUser, mockFetch, pending } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const sample: AccountExport = {
  format: 'fittrack-export-1',
  exportedAt: '2026-11-25T10:00:00.000Z',
  profile: { id: 'u-1', username: 'alex' },
  totals: null,
  days: [],
  pushupSets: [],
  meals: [{ mealId: 'meal-air-popped-popcorn' }],
  feedback: [],
  payments: [],
  other: [],
};

afterEach(() => vi.restoreAllMocks());

async function accountPanel() {
  renderApp('/settings?tab=account');
  return screen.findByRole('tabpanel', { name: 'Account' });
}

describe('Settings › Account: download my data', () => {
  it('shows a loading state, then saves the JSON file named with the date', async () => {
    let answer: (r: Response) => void = () => undefined;
    mockFetch({ 'GET /api/auth/me': () => json({ user: makeUser() }), 'GET /api/account/export': () => new Promise<Response>((r) => (answer = r)) });
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      created.push(b as Blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    const panel = await accountPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Download My Data' }));
    expect(within(panel).getByRole('button', { name: 'Preparing Download...' })).toBeDisabled();
    answer(json(sample));
    expect(await screen.findByText('Download Started')).toBeInTheDocument();
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('fittrack-data-2026-11-25.json');
    expect(JSON.parse(await created[0]!.text())).toEqual(sample);
    expect(within(panel).getByRole('button', { name: 'Download My Data' })).toBeEnabled();
  });

  it("says so when the server refuses, and the button works again", async () => {
    mockFetch({ 'GET /api/auth/me': () => json({ user: makeUser() }), 'GET /api/account/export': () => json({ message: 'Too many requests' }, 429) });
    const user = userEvent.setup();
    const panel = await accountPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Download My Data' }));
    expect(await screen.findByText('Too many requests')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Download My Data' })).toBeEnabled();
  });
});

describe('Settings › Account: delete my account', () => {
  it('asks for the password and a confirmation, sends the password, signs out and lands on /auth with a toast', async () => {
    let deleted = 0;
    let sent: unknown;
    mockFetch({
      'GET /api/auth/me': () => (deleted ? json({ message: 'Your session has ended. Please sign in again.' }, 401) : json({ user: makeUser() })),
      'POST /api/account/delete': ({ body }) => {
        deleted += 1;
        sent = body;
        return json({ message: 'Your account and its data have been deleted.' });
      },
    });
    const user = userEvent.setup();
    const panel = await accountPanel();
    const section = within(panel).getByRole('region', { name: 'Delete my account' });
    await user.click(within(section).getByRole('button', { name: 'Delete My Account...' }));
    await user.type(within(section).getByLabelText('Password'), 'orbit-lantern-quartz-42');
    // the confirmation is required: without it nothing is sent
    await user.click(within(section).getByRole('button', { name: 'Delete My Account' }));
    expect(deleted).toBe(0);
    await user.click(within(section).getByRole('checkbox', { name: 'I understand that my account and its data are deleted for good.' }));
    await user.click(within(section).getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByText('Account Deleted')).toBeInTheDocument();
    expect(screen.getByText('Your account and its data have been deleted.')).toBeInTheDocument();
    expect(sent).toEqual({ password: 'orbit-lantern-quartz-42' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth'));
  });

  it('Cancel closes the form without sending anything; the button shows progress while the request runs', async () => {
    const fn = mockFetch({ 'GET /api/auth/me': () => json({ user: makeUser() }), 'POST /api/account/delete': () => pending() });
    const user = userEvent.setup();
    const panel = await accountPanel();
    const section = within(panel).getByRole('region', { name: 'Delete my account' });
    await user.click(within(section).getByRole('button', { name: 'Delete My Account...' }));
    await user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(within(section).queryByLabelText('Password')).toBeNull();
    expect(fn.mock.calls.some(([url]) => String(url).includes('/api/account/delete'))).toBe(false);
    await user.click(within(section).getByRole('button', { name: 'Delete My Account...' }));
    await user.type(within(section).getByLabelText('Password'), 'secret');
    await user.click(within(section).getByRole('checkbox'));
    await user.click(within(section).getByRole('button', { name: 'Delete My Account' }));
    expect(await within(section).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
  });
});
