import type { AdminLogsResponse } from '@fittrack/functions/contract/admin';
import type { Feedback, FeedbackListResponse } from '@fittrack/functions/contract/feedback';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeUser, mockFetch, pending, requestsOf } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { MFA_CODE_WRONG, MFA_SETUP_REQUIRED } from '@fittrack/functions/contract/auth-rules';

const adminMe = () => json({ user: makeUser({ role: 'admin', username: 'admin', hasActiveSubscription: false, subscriptionStatus: 'none' }) });

const fb = (o: Partial<Feedback> = {}): Feedback => ({
  id: '01JAAAAAAAAAAAAAAAAAAAAAAA',
  userId: 'u-1',
  name: 'Alex Runner',
  email: 'alex@example.com',
  message: 'Please add a weekly view.',
  rating: 4,
  category: 'feature',
  status: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...o,
});

const logsBody = (o: Partial<AdminLogsResponse> = {}): AdminLogsResponse => ({
  total: 1234,
  feedbackTotal: 17,
  recentLogins: 5,
  recentFailedSignIns: 2,
  events: [
    { id: 'e1', action: 'feedback_submitted', details: 'alex sent feature feedback (4/5)', userId: 'u-1', ipAddress: '203.0.113.9', timestamp: '2026-11-20T10:00:00.000Z' },
    { id: 'e2', action: 'login', details: 'User alex signed in', userId: 'u-1', ipAddress: '203.0.113.9', timestamp: '2026-11-20T09:59:00.000Z' },
  ],
  ...o,
});

const page = (items: Feedback[], nextCursor: string | null = null): FeedbackListResponse => ({ items, nextCursor });

afterEach(() => {
  vi.useRealTimers();
});

describe('admin page', () => {
  it('greets an admin with the badges, the system tests card and the three stat cards', async () => {
    mockFetch({ 'GET /api/auth/me': adminMe, 'GET /api/admin/logs': () => json(logsBody()), 'GET /api/feedback': () => json(page([fb()])) });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Administrator!' })).toBeInTheDocument();
    expect(screen.getByText('Admin Panel')).toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.getByText('System Function Tests')).toBeInTheDocument();
    expect(screen.getByText('Admin Only')).toBeInTheDocument();
    for (const name of ['Test Login', 'Test Signup', 'Test Feedback']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'Statistics' });
    await waitFor(() => expect(stats).toHaveTextContent('Total Feedback17'));
    expect(stats).toHaveTextContent('Activity Logs1,234');
    expect(stats).toHaveTextContent('Recent Logins5');
    expect(stats).toHaveTextContent('Failed Sign-ins (24 h)2');
    expect(screen.getByRole('tab', { name: 'Customer Feedback' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Activity Logs' })).toBeInTheDocument();
  });

  it('shows the two-step sign-in set-up instead of the dashboard until the server opens the admin routes', async () => {
    let enrolled = false;
    const refused = () => json({ message: MFA_SETUP_REQUIRED, mfa: 'setup-required' }, 403);
    const verify = vi.fn((req: { body?: unknown }) => {
      if ((req.body as { code: string }).code !== '654321') return json({ message: MFA_CODE_WRONG }, 400);
      enrolled = true;
      return new Response(null, { status: 204 });
    });
    mockFetch({
      'GET /api/auth/me': adminMe,
      'GET /api/admin/logs': () => (enrolled ? json(logsBody()) : refused()),
      'GET /api/feedback': () => (enrolled ? json(page([fb()])) : refused()),
      'POST /api/auth/mfa/setup': () => json({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauthUrl: 'otpauth://totp/FitTrack%3Aadmin?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=FitTrack' }),
      'POST /api/auth/mfa/verify': verify,
    });
    renderApp('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator' }));
    expect(screen.queryByText('Failed to load admin data')).not.toBeInTheDocument();
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code of the authenticator set-up link' })).toBeInTheDocument();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveFocus();
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByText(MFA_CODE_WRONG)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Administrator!' })).toBeInTheDocument();
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('tells a subscribed non-admin they are not an admin, without any credential hint or admin API call, and keeps them signed in', async () => {
    const fn = mockFetch({ 'GET /api/auth/me': () => json({ user: makeUser({ role: 'user', username: 'casey' }) }) });
    renderApp('/admin');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Access Denied');
    expect(alert).toHaveTextContent('Administrator privileges required to access this page.');
    expect(alert).toHaveTextContent('You are signed in as casey, which is not an administrator account.');
    expect(document.body.textContent).not.toMatch(/password|credential/i);
    // Not sent to the sign-in form (it would only send them home again): a way back instead.
    await new Promise((r) => setTimeout(r, 3000));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
    expect(screen.queryByRole('tab', { name: 'Login' })).toBeNull();
    await userEvent.click(within(alert).getByRole('link', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(requestsOf(fn).filter((r) => /admin|feedback/.test(r))).toEqual([]);
  });

  it('shows feedback cards: name or Anonymous, email, category (default general), coloured badge with text, stars, date, message', async () => {
    const legacy = { ...fb({ id: '01JBBBBBBBBBBBBBBBBBBBBBBB', name: undefined, rating: undefined, status: 'in_progress', message: 'Old one' }) } as Partial<Feedback>;
    delete legacy.category;
    mockFetch({ 'GET /api/auth/me': adminMe, 'GET /api/admin/logs': () => json(logsBody()), 'GET /api/feedback': () => json(page([fb(), legacy as Feedback])) });
    renderApp('/admin');
    const first = (await screen.findByRole('heading', { name: 'Alex Runner' })).closest('[aria-labelledby]') as HTMLElement;
    expect(first).toHaveTextContent('alex@example.com');
    expect(first).toHaveTextContent('Feature Request');
    expect(within(first).getByRole('img', { name: 'Rated 4 of 5 stars' })).toBeInTheDocument();
    expect(within(first).getByText('Please add a weekly view.')).toBeInTheDocument();
    expect(within(first).getByText('Open')).toHaveClass('bg-blue-100');
    expect(first.querySelector('time')).toHaveAttribute('dateTime', '2026-11-20T10:00:00.000Z');
    const second = screen.getByRole('heading', { name: 'Anonymous' }).closest('[aria-labelledby]') as HTMLElement;
    expect(second).toHaveTextContent('General Feedback');
    expect(second).toHaveTextContent('No rating');
    expect(within(second).getByText('In Progress')).toHaveClass('bg-yellow-100');
  });

  it.each([
    ['open', ['Mark In Progress', 'Close'], 'bg-blue-100', 'Open'],
    ['in_progress', ['Mark Resolved', 'Close'], 'bg-yellow-100', 'In Progress'],
    ['resolved', ['Close'], 'bg-green-100', 'Resolved'],
    ['closed', [], 'bg-slate-200', 'Closed'],
  ] as const)('a %s item offers only %j, badge %s', async (status, buttons, colour, text) => {
    mockFetch({ 'GET /api/auth/me': adminMe, 'GET /api/admin/logs': () => json(logsBody()), 'GET /api/feedback': () => json(page([fb({ status })])) });
    renderApp('/admin');
    const card = (await screen.findByRole('heading', { name: 'Alex Runner' })).closest('[aria-labelledby]') as HTMLElement;
    expect(within(card).queryAllByRole('button').map((b) => b.textContent)).toEqual(buttons);
    expect(within(card).getByText(text)).toHaveClass(colour);
    // A badge never wraps ('In Progress' on one line) and is not squeezed by a long name.
    expect(within(card).getByText(text)).toHaveClass('whitespace-nowrap', 'shrink-0');
  });

  it("moves an item with 'Mark In Progress', toasts 'Status Updated' and reloads", async () => {
    let status: Feedback['status'] = 'open';
    const patch = vi.fn(() => {
      status = 'in_progress';
      return json(fb({ status }));
    });
    const fn = mockFetch({
      'GET /api/auth/me': adminMe,
      'GET /api/admin/logs': () => json(logsBody()),
      'GET /api/feedback': () => json(page([fb({ status })])),
      'PATCH /api/feedback/01JAAAAAAAAAAAAAAAAAAAAAAA/status': patch,
    });
    renderApp('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark In Progress' }));
    expect(await screen.findByText('Status Updated')).toBeInTheDocument();
    expect(screen.getByText('Feedback marked as in progress')).toBeInTheDocument();
    expect(patch).toHaveBeenCalledWith(expect.objectContaining({ body: { status: 'in_progress' } }));
    expect(await screen.findByRole('button', { name: 'Mark Resolved' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Alex Runner' })).toHaveFocus());
    expect(requestsOf(fn).filter((r) => r.startsWith('GET /api/feedback')).length).toBeGreaterThanOrEqual(2);
  });

  it("toasts 'Error' / 'Failed to update feedback status' when the move is refused", async () => {
    mockFetch({
      'GET /api/auth/me': adminMe,
      'GET /api/admin/logs': () => json(logsBody()),
      'GET /api/feedback': () => json(page([fb()])),
      'PATCH /api/feedback/01JAAAAAAAAAAAAAAAAAAAAAAA/status': () => json({ message: 'Feedback is resolved: it can move to closed, not in_progress.' }, 409),
    });
    renderApp('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark In Progress' }));
    expect(await screen.findByText('Failed to update feedback status')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('shows the activity logs tab: title, count, events with label, details, user id, time and IP', async () => {
    mockFetch({ 'GET /api/auth/me': adminMe, 'GET /api/admin/logs': () => json(logsBody()), 'GET /api/feedback': () => json(page([])) });
    renderApp('/admin');
    expect(await screen.findByText('No feedback yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Activity Logs' }));
    const panel = screen.getByRole('tabpanel', { name: 'Activity Logs' });
    expect(within(panel).getByRole('heading', { name: 'System Activity Logs' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('1,234 events');
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Feedback Submitted');
    expect(items[0]).toHaveTextContent('alex sent feature feedback (4/5)');
    expect(items[0]).toHaveTextContent('u-1');
    expect(items[0]).toHaveTextContent('203.0.113.9');
    expect(items[1]).toHaveTextContent('Login');
  });

  it("shows 'No activity logs found' when there are none", async () => {
    mockFetch({ 'GET /api/auth/me': adminMe, 'GET /api/admin/logs': () => json(logsBody({ total: 0, events: [] })), 'GET /api/feedback': () => json(page([])) });
    renderApp('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Activity Logs' }));
    expect(await screen.findByText('No activity logs found')).toBeInTheDocument();
  });

  it("toasts 'Error' / 'Failed to load admin data' when loading fails", async () => {
    mockFetch({ 'GET /api/auth/me': adminMe, 'GET /api/admin/logs': () => json({ message: 'boom' }, 500), 'GET /api/feedback': () => json(page([])) });
    renderApp('/admin');
    expect(await screen.findByText('Failed to load admin data')).toBeInTheDocument();
  });

  it('loads more feedback pages with the cursor', async () => {
    const list = vi.fn(({ url }: { url: string }) =>
      url.includes('cursor=') ? json(page([fb({ id: '01JCCCCCCCCCCCCCCCCCCCCCCC', name: 'Second Page' })])) : json(page([fb()], 'abc_DEF-1')),
    );
    mockFetch({ 'GET /api/auth/me': adminMe, 'GET /api/admin/logs': () => json(logsBody()), 'GET /api/feedback': list });
    renderApp('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more feedback' }));
    expect(await screen.findByRole('heading', { name: 'Second Page' })).toBeInTheDocument();
    expect(list.mock.calls.map(([r]) => new URL(r.url, 'http://x').search)).toContain('?limit=20&cursor=abc_DEF-1');
  });

  it('reloads feedback and logs every 30 seconds while open (and only here)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fn = mockFetch({ 'GET /api/auth/me': adminMe, 'GET /api/admin/logs': () => json(logsBody()), 'GET /api/feedback': () => json(page([fb()])) });
    renderApp('/admin');
    await screen.findByRole('heading', { name: 'Alex Runner' });
    const count = () => requestsOf(fn).filter((r) => r.startsWith('GET /api/admin/logs')).length;
    const fbCount = () => requestsOf(fn).filter((r) => r.startsWith('GET /api/feedback')).length;
    expect(count()).toBe(1);
    expect(fbCount()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_000);
    });
    expect(count()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    await waitFor(() => expect(count()).toBe(2));
    await waitFor(() => expect(fbCount()).toBe(2));
    expect(requestsOf(fn).filter((r) => r.includes('/api/auth/me'))).toHaveLength(1);
  });

  it.each([
    ['passed', { passed: true, details: 'Signed in the throwaway account systest_1' }, 'Login Test Passed', 'Signed in the throwaway account systest_1'],
    ['failed', { passed: false, details: 'Sign-in of the throwaway account was refused: 401 Invalid credentials' }, 'Login Test Failed', 'Sign-in of the throwaway account was refused: 401 Invalid credentials'],
  ])('runs the login test on the server and toasts when it %s', async (_w, result, title, description) => {
    const run = vi.fn(() => json(result));
    mockFetch({ 'GET /api/auth/me': adminMe, 'GET /api/admin/logs': () => json(logsBody()), 'GET /api/feedback': () => json(page([])), 'POST /api/admin/system-tests/login': run });
    renderApp('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Test Login' }));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(run).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST', body: undefined }));
  });

  it.each([
    ['signup', 'Test Signup', 'Signup Test Error'],
    ['feedback', 'Test Feedback', 'Feedback Test Error'],
  ])('toasts %s test errors (server error) as Error', async (test, button, title) => {
    mockFetch({
      'GET /api/auth/me': adminMe,
      'GET /api/admin/logs': () => json(logsBody()),
      'GET /api/feedback': () => json(page([])),
      [`POST /api/admin/system-tests/${test}`]: () => new Response('', { status: 503 }),
    });
    renderApp('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });

  it('shows Testing... while a test runs and blocks the others', async () => {
    mockFetch({ 'GET /api/auth/me': adminMe, 'GET /api/admin/logs': () => json(logsBody()), 'GET /api/feedback': () => json(page([])), 'POST /api/admin/system-tests/signup': pending });
    renderApp('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Test Signup' }));
    expect(await screen.findByRole('button', { name: 'Testing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Test Login' })).toBeDisabled();
  });
});
