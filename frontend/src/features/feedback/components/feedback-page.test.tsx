import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, makeUser, mockFetch, pending, requestsOf } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const me = () => json({ user: makeUser({ username: 'alex', email: 'alex@example.com' }) });

async function open() {
  renderApp('/feedback');
  return screen.findByRole('heading', { name: 'Send Feedback' });
}

describe('feedback page', () => {
  it('prefills name and email, offers the four categories, an optional star radio group and a 6-row message', async () => {
    mockFetch({ 'GET /api/auth/me': me });
    await open();
    expect(screen.getByLabelText('Name')).toHaveValue('alex');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('alex@example.com');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    const category = screen.getByLabelText('Category');
    expect(category).toBeRequired();
    expect(within(category).getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['bug', 'Bug Report'],
      ['feature', 'Feature Request'],
      ['general', 'General Feedback'],
      ['complaint', 'Complaint'],
    ]);
    const group = screen.getByRole('group', { name: 'Rating (optional)' });
    expect(within(group).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(within(group).getByRole('radio', { name: '4 stars' })).not.toBeChecked();
    expect(screen.getByText('No rating')).toBeInTheDocument();
    const message = screen.getByLabelText('Message');
    expect(message).toHaveAttribute('rows', '6');
    expect(message).toBeRequired();
  });

  it('rates with the keyboard like any radio group and reads the choice out', async () => {
    mockFetch({ 'GET /api/auth/me': me });
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '1 star' }));
    expect(screen.getByText('1 star', { selector: 'p' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(screen.getByText('3 stars', { selector: 'p' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('No rating')).toBeInTheDocument();
  });

  it('sends the form (no userId, rating absent when 0), shows Submitting..., toasts and resets form and rating', async () => {
    let release: (r: Response) => void = () => {};
    const post = vi.fn(() => new Promise<Response>((r) => (release = r)));
    mockFetch({ 'GET /api/auth/me': me, 'POST /api/feedback': post });
    await open();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Alex R');
    await user.selectOptions(screen.getByLabelText('Category'), 'bug');
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Message'), 'The timer skips a second.');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(post).toHaveBeenCalledWith(
      expect.objectContaining({ body: { email: 'alex@example.com', name: 'Alex R', message: 'The timer skips a second.', rating: 4, category: 'bug' } }),
    );
    release(json({ ok: true, id: '01J0000000000000000000000' }, 201));
    expect(await screen.findByText('Feedback Submitted')).toBeInTheDocument();
    expect(screen.getByText("Thank you for your feedback! We'll review it soon.")).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Name')).toHaveValue('alex');
    expect(screen.getByLabelText('Category')).toHaveValue('general');
    expect(screen.getByText('No rating')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Feedback' })).toBeEnabled();
  });

  it('omits an unrated rating and a blank name', async () => {
    const post = vi.fn(() => json({ ok: true, id: 'x' }, 201));
    mockFetch({ 'GET /api/auth/me': me, 'POST /api/feedback': post });
    await open();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Message'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await screen.findByText('Feedback Submitted');
    expect(post).toHaveBeenCalledWith(expect.objectContaining({ body: { email: 'alex@example.com', message: 'Hi', category: 'general' } }));
  });

  it("shows 'Submission Failed' with the server's message and keeps what was typed", async () => {
    mockFetch({
      'GET /api/auth/me': me,
      'POST /api/feedback': () => json({ message: 'You can send up to 10 feedback messages per hour. Please try again later.' }, 429),
    });
    await open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Message'), 'Again');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText('Submission Failed')).toBeInTheDocument();
    expect(screen.getByText('You can send up to 10 feedback messages per hour. Please try again later.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('Again');
  });

  it("falls back to 'Failed to submit feedback' without a server message", async () => {
    mockFetch({ 'GET /api/auth/me': me, 'POST /api/feedback': () => new Response('', { status: 400 }) });
    await open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Message'), 'x');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText('Failed to submit feedback')).toBeInTheDocument();
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a server error', () => json({ message: 'Internal server error (request x)' }, 500)],
  ])("shows 'Submission Error' on %s", async (_what, answer) => {
    mockFetch({ 'GET /api/auth/me': me, 'POST /api/feedback': answer });
    await open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Message'), 'x');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText('Submission Error')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });

  it('is reachable from the footer link Send Feedback', async () => {
    const fn = mockFetch({ 'GET /api/auth/me': me, 'GET /api/progress/today': pending, 'GET /api/pushups/today': pending, 'GET /api/progress/history': pending });
    renderApp('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Send Feedback' }));
    expect(await screen.findByRole('heading', { name: 'Send Feedback' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/feedback');
    expect(requestsOf(fn).filter((r) => r.includes('/api/feedback'))).toEqual([]);
  });
});
