import type { AdminLogsResponse } from '@fittrack/functions/contract/admin';
import type { Meal } from '@fittrack/functions/contract/catalog';
import type { Feedback } from '@fittrack/functions/contract/feedback';
import type { ProgressToday } from '@fittrack/functions/contract/tracking';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Handler, json, makeUser, mockFetch, renewingYearly, requestsOf } from './fetch-mock';
import { renderApp } from './render-app';

/*
 * Hardening sweep (input to the UI): every form shows the server's message on a 4xx and never loses
 * what the user typed. Each form is reached as a user reaches it (whole app, real routes), every field
 * is filled, the submit is refused with each 4xx its route can answer (`{ message }`, distinct text
 * per case), and then:
 *  - the exact message is on screen and announced (inside a role=alert or role=status element);
 *  - every field still holds exactly what was typed (selects and radios included);
 *  - keyboard focus is back in the form, on the field the message names ("<field>: ...", as the
 *    server's 400s do) or else on the first field (a submit button disabled while busy drops the
 *    focus: jsdom does not do that by itself, so `focusFixup` below does what browsers do);
 *  - the submit button works again and the user is still on the same screen.
 *
 * The registry is complete by construction: the last block scans frontend/src for forms (a <form>,
 * onSubmit, a submit button, an Enter-key handler) and for components that send changing requests,
 * and fails for any that has no entry here (or no reasoned exemption).
 *
 * Named in the hardening issue but not forms in this app (nothing to register): daily goals are
 * constants (no goals form); the admin activity log has no filters; Settings only stores local
 * preferences (theme, devices; no request) apart from the membership buttons (actions below); the
 * plan choice is a radio and a link (no request); the Diet restaurant select filters on the client.
 */

// Live-mode checkout: Stripe.js is replaced at its module boundary (as in checkout-live.test.tsx).
// The Payment Element double holds an uncontrolled input, so a remount would lose the card details.
const confirmPayment = vi.fn();
vi.mock('@stripe/stripe-js', () => ({ loadStripe: async () => ({}) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  PaymentElement: () => <input aria-label="Card details (Stripe)" />,
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({}),
}));

type User = ReturnType<typeof userEvent.setup>;

interface Field {
  label: string;
  /** text: clear, then type; select: choose the option; radio/checkbox: click the one with this name. */
  kind: 'text' | 'select' | 'radio' | 'checkbox';
  value: string;
  /** What the control must hold afterwards when it differs from `value` (a formatted or numeric value). */
  expected?: string | number;
}

interface Refusal {
  status: number;
  /** The request that is refused, when not the entry's `route` (the earlier requests succeed). */
  route?: string;
  /** The body field the message names (a 400 names it: "<field>: ...") and the label of its control. */
  names?: { field: string; label: string };
}

interface Base {
  name: string;
  /** Files under frontend/src that hold it; for a form the first one holds the <form>. */
  sources: string[];
  path: string;
  handlers: () => Record<string, Handler>;
  route: string;
  refusals: Refusal[];
}

interface FormEntry extends Base {
  /** Reaches the form as a user would; returns the element that contains it (a panel, card or dialog). */
  open: (user: User) => Promise<HTMLElement>;
  fields: Field[];
  submit: string;
  /** Where focus goes after a refusal that names no field (default: the first field). */
  focusAfter?: 'submit';
}

interface ActionEntry extends Base {
  /** Reaches the control and uses it; returns the control, which must work again afterwards. */
  act: (user: User) => Promise<() => HTMLElement>;
}

// --- what the screens load around the form -------------------------------------------------------

const subscriber = () => json({ user: makeUser() });
const admin = () => json({ user: makeUser({ role: 'admin', username: 'admin', hasActiveSubscription: false, subscriptionStatus: 'none' }) });
/** an account whose email address is not confirmed yet: the banner asks for the code */
const unverified = () => json({ user: makeUser({ emailVerified: false }) });
const signedOut = () => json({ message: 'Not signed in' }, 401);
const TODAY = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const progress = (o: Partial<ProgressToday> = {}): ProgressToday => ({
  date: TODAY,
  steps: 1000,
  caloriesConsumed: 0,
  pushups: 10,
  caloriesBurned: 100,
  lifetime: { steps: 1000, pushups: 10, caloriesBurned: 100, daysTracked: 1 },
  ...o,
});
const dashboard = () => ({
  'GET /api/auth/me': subscriber,
  'GET /api/progress/today': () => json(progress()),
  'GET /api/progress/history': () => json({ today: TODAY, days: [] }),
  'GET /api/pushups/today': () => json([]),
});
const SECRET = 'sandbox_01JD5Y2QK8V7N3M4P6R9S0T1W2_secret_abcdefghijklmnop';
const checkout = (mode: 'sandbox' | 'live') => ({
  'GET /api/auth/me': () => json({ user: makeUser({ subscriptionStatus: 'none', hasActiveSubscription: false }) }),
  'GET /api/config': () =>
    json({ productName: 'FitTrack', paymentMode: mode, stripePublishableKey: mode === 'live' ? 'pk_test_123' : null, paypalClientId: null }),
  'POST /api/create-yearly-subscription': () => json({ clientSecret: mode === 'live' ? 'pi_1_secret_2' : SECRET, amount: 2999 }),
});
const meal: Meal = { id: 'oats', name: 'Overnight oats', description: 'Oats', calories: 220, cost: '$1.20', imageUrl: '/images/meals/oats.svg', category: 'Breakfast' };
const openFeedback: Feedback = {
  id: '01JAAAAAAAAAAAAAAAAAAAAAAA',
  userId: 'u-1',
  name: 'Alex Runner',
  email: 'alex@example.com',
  message: 'Please add a weekly view.',
  category: 'feature',
  status: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const adminPage = () => ({
  'GET /api/auth/me': admin,
  'GET /api/admin/logs': () => json({ total: 0, feedbackTotal: 1, recentLogins: 0, recentFailedSignIns: 0, events: [] } satisfies AdminLogsResponse),
  'GET /api/feedback': () => json({ items: [openFeedback], nextCursor: null }),
});
const membership = () => () => json(renewingYearly());

const tab = async (user: User, name: string) => {
  await user.click(await screen.findByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
};
/** The <form> around the submit button of that name (for forms that fill a whole page or card). */
const formWith = async (submit: string) => (await screen.findByRole('button', { name: submit })).closest('form') as HTMLElement;
/** Presses a dashboard card's button; an Update button's quick-entry form (its own chunk) is waited for. */
const card = async (user: User, region: string, button: string) => {
  const section = await screen.findByRole('region', { name: region });
  await user.click(within(section).getByRole('button', { name: button }));
  if (button.startsWith('Update ')) await within(section).findByRole('button', { name: 'Save' });
  return section;
};

// --- the registry -------------------------------------------------------------------------------

const FORMS: FormEntry[] = [
  {
    name: 'Sign in',
    sources: ['features/auth/components/login-form.tsx', 'features/auth/components/auth-page.tsx'],
    path: '/auth',
    handlers: () => ({ 'GET /api/auth/me': signedOut }),
    open: (user) => tab(user, 'Login'),
    fields: [
      { label: 'Username', kind: 'text', value: 'alex.typed' },
      { label: 'Password', kind: 'text', value: 'Typed-Secret-1' },
    ],
    submit: 'Sign In',
    route: 'POST /api/auth/login',
    refusals: [{ status: 400, names: { field: 'password', label: 'Password' } }, { status: 401 }, { status: 403 }, { status: 429 }],
  },
  {
    name: 'Two-step sign-in set-up (admin)',
    sources: ['features/auth/components/mfa-setup.tsx', 'features/admin/components/admin-page.tsx'],
    path: '/admin',
    handlers: () => ({
      'GET /api/auth/me': admin,
      'GET /api/admin/logs': () => json({ message: 'Set up two-step sign-in first.', mfa: 'setup-required' }, 403),
      'GET /api/feedback': () => json({ message: 'Set up two-step sign-in first.', mfa: 'setup-required' }, 403),
      'POST /api/auth/mfa/setup': () => json({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/FitTrack%3Aadmin?secret=JBSWY3DPEHPK3PXP&issuer=FitTrack' }),
    }),
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Set up authenticator' }));
      return formWith('Turn on two-step sign-in');
    },
    fields: [{ label: 'Authentication code', kind: 'text', value: '123456' }],
    submit: 'Turn on two-step sign-in',
    route: 'POST /api/auth/mfa/verify',
    refusals: [{ status: 400 }, { status: 401 }],
  },
  {
    name: 'Sign up',
    sources: ['features/auth/components/signup-form.tsx', 'features/auth/components/auth-page.tsx'],
    path: '/auth',
    handlers: () => ({ 'GET /api/auth/me': signedOut }),
    open: (user) => tab(user, 'Sign Up'),
    fields: [
      { label: 'Username', kind: 'text', value: 'newbie.typed' },
      { label: 'Email', kind: 'text', value: 'newbie.typed@example.com' },
      { label: 'Password', kind: 'text', value: 'Typed-Secret-2' },
      { label: 'Confirm Password', kind: 'text', value: 'Typed-Secret-2' },
    ],
    submit: 'Create Account',
    route: 'POST /api/auth/signup',
    refusals: [{ status: 400, names: { field: 'email', label: 'Email' } }, { status: 403 }, { status: 409 }, { status: 429 }],
  },
  {
    name: 'Feedback',
    sources: ['features/feedback/components/feedback-page.tsx', 'features/feedback/components/star-rating.tsx'],
    path: '/feedback',
    handlers: () => ({ 'GET /api/auth/me': subscriber }),
    open: () => formWith('Submit Feedback'),
    fields: [
      { label: 'Name', kind: 'text', value: 'Sam Typed' },
      { label: 'Email', kind: 'text', value: 'sam.typed@example.com' },
      { label: 'Category', kind: 'select', value: 'bug' },
      { label: '4 stars', kind: 'radio', value: '4' },
      { label: 'Message', kind: 'text', value: 'The chart is cut off on my phone.' },
    ],
    submit: 'Submit Feedback',
    route: 'POST /api/feedback',
    refusals: [{ status: 400, names: { field: 'message', label: 'Message' } }, { status: 401 }, { status: 403 }, { status: 429 }],
  },
  {
    name: "Dashboard quick entry: today's steps",
    sources: ['features/dashboard/components/quick-entry.tsx', 'features/dashboard/components/progress-cards.tsx'],
    path: '/',
    handlers: dashboard,
    open: (user) => card(user, 'Steps', "Update today's steps"),
    fields: [{ label: "Today's steps", kind: 'text', value: '12345', expected: 12345 }],
    submit: 'Save',
    route: 'PATCH /api/progress/today',
    refusals: [{ status: 400, names: { field: 'steps', label: "Today's steps" } }, { status: 401 }, { status: 403 }, { status: 429 }],
  },
  {
    name: "Dashboard quick entry: add to today's steps",
    sources: ['features/dashboard/components/quick-entry.tsx', 'features/dashboard/components/progress-cards.tsx'],
    path: '/',
    handlers: dashboard,
    open: async (user) => {
      const scope = await card(user, 'Steps', "Update today's steps");
      await user.click(within(scope).getByRole('button', { name: 'Add' }));
      return scope;
    },
    fields: [{ label: 'Steps to add', kind: 'text', value: '1500', expected: 1500 }],
    submit: 'Save',
    route: 'PATCH /api/progress/today',
    refusals: [{ status: 400, names: { field: 'addSteps', label: 'Steps to add' } }, { status: 409 }],
  },
  {
    name: 'Dashboard quick entry: calories burned',
    sources: ['features/dashboard/components/quick-entry.tsx', 'features/dashboard/components/progress-cards.tsx'],
    path: '/',
    handlers: dashboard,
    open: (user) => card(user, 'Calories Burned', 'Update calories burned today'),
    fields: [{ label: 'Calories burned today', kind: 'text', value: '640', expected: 640 }],
    submit: 'Save',
    route: 'PATCH /api/progress/today',
    refusals: [{ status: 400 }, { status: 403 }],
  },
  {
    name: 'Dashboard push-ups: Add Set dialog',
    sources: ['features/dashboard/components/add-set-dialog.tsx', 'features/dashboard/components/progress-cards.tsx'],
    path: '/',
    handlers: dashboard,
    open: async (user) => {
      await card(user, 'Push-ups', 'Log Push-ups');
      const dialog = await screen.findByRole('dialog', { name: 'Add Set' });
      await within(dialog).findByText('No sets yet today.');
      return dialog;
    },
    fields: [{ label: 'Push-ups in this set', kind: 'text', value: '17', expected: 17 }],
    submit: 'Save Set',
    route: 'POST /api/pushups',
    refusals: [{ status: 400, names: { field: 'count', label: 'Push-ups in this set' } }, { status: 401 }, { status: 403 }, { status: 422 }],
  },
  {
    name: 'Checkout: sandbox card',
    sources: ['features/billing/components/sandbox-card-form.tsx', 'features/billing/payment-feedback.ts'],
    path: '/checkout?plan=yearly',
    handlers: () => ({ ...checkout('sandbox'), 'POST /api/sandbox/card/confirm': () => json({ status: 'succeeded' }) }),
    open: () => formWith('Pay $29.99'),
    fields: [{ label: 'Card number', kind: 'text', value: '4000000000000002', expected: '4000 0000 0000 0002' }],
    submit: 'Pay $29.99',
    route: 'POST /api/sandbox/card/confirm',
    refusals: [
      { status: 400, names: { field: 'cardNumber', label: 'Card number' } },
      { status: 401 },
      { status: 422 },
      { status: 402, route: 'POST /api/auth/activate-subscription' },
    ],
  },
  {
    name: 'Checkout: card (Stripe Payment Element)',
    sources: ['features/billing/components/stripe-card-section.tsx', 'features/billing/payment-feedback.ts'],
    path: '/checkout?plan=yearly',
    handlers: () => checkout('live'),
    open: () => formWith('Pay $29.99'),
    fields: [{ label: 'Card details (Stripe)', kind: 'text', value: '4242 4242 4242 4242' }],
    submit: 'Pay $29.99',
    // The card fields are Stripe's (an iframe): focus goes back to the Pay button.
    focusAfter: 'submit',
    route: 'POST /api/auth/activate-subscription',
    refusals: [{ status: 400 }, { status: 401 }, { status: 402 }],
  },
  {
    name: 'Forgot password: ask for a code',
    sources: ['features/auth/components/forgot-password-form.tsx', 'features/auth/components/auth-page.tsx'],
    path: '/auth',
    handlers: () => ({ 'GET /api/auth/me': signedOut }),
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
      return formWith('Send Code');
    },
    fields: [{ label: 'Username', kind: 'text', value: 'alex.typed' }],
    submit: 'Send Code',
    route: 'POST /api/auth/forgot-password',
    refusals: [{ status: 400, names: { field: 'username', label: 'Username' } }, { status: 429 }],
  },
  {
    name: 'Forgot password: reset with the code',
    sources: ['features/auth/components/forgot-password-form.tsx', 'features/auth/components/auth-page.tsx'],
    path: '/auth',
    handlers: () => ({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/forgot-password': () => json({ message: 'If that account exists and has an email address, a reset code is on its way.' }, 202),
    }),
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
      const ask = await formWith('Send Code');
      await user.type(within(ask).getByLabelText('Username'), 'alex.typed');
      await user.click(within(ask).getByRole('button', { name: 'Send Code' }));
      return formWith('Set New Password');
    },
    fields: [
      { label: 'Code from the email', kind: 'text', value: '123456' },
      { label: 'New password', kind: 'text', value: 'Typed-Secret-3-long' },
    ],
    submit: 'Set New Password',
    route: 'POST /api/auth/reset-password',
    refusals: [{ status: 400, names: { field: 'password', label: 'New password' } }, { status: 400 }, { status: 429 }],
  },
  {
    name: 'Settings › Account: change password',
    sources: ['features/auth/components/account-tab.tsx', 'features/settings/components/settings-page.tsx'],
    path: '/settings?tab=account',
    handlers: () => ({ 'GET /api/auth/me': subscriber }),
    open: () => formWith('Change Password'),
    fields: [
      { label: 'Current password', kind: 'text', value: 'Typed-Secret-4' },
      { label: 'New password', kind: 'text', value: 'Typed-Secret-5-long' },
    ],
    submit: 'Change Password',
    route: 'POST /api/auth/change-password',
    refusals: [{ status: 400, names: { field: 'newPassword', label: 'New password' } }, { status: 400 }, { status: 429 }],
  },
  {
    name: 'Settings › Account: delete my account',
    sources: ['features/auth/components/delete-account.tsx', 'features/auth/components/account-tab.tsx'],
    path: '/settings?tab=account',
    handlers: () => ({ 'GET /api/auth/me': subscriber }),
    open: (user) => card(user, 'Delete my account', 'Delete My Account...'),
    fields: [
      { label: 'Password', kind: 'text', value: 'Typed-Secret-6' },
      { label: 'I understand that my account and its data are deleted for good.', kind: 'checkbox', value: 'on' },
    ],
    submit: 'Delete My Account',
    route: 'POST /api/account/delete',
    refusals: [{ status: 400, names: { field: 'password', label: 'Password' } }, { status: 400 }, { status: 429 }],
  },
  {
    name: 'Settings › Account: change email',
    sources: ['features/auth/components/change-email-form.tsx', 'features/auth/components/account-tab.tsx', 'features/settings/components/settings-page.tsx'],
    path: '/settings?tab=account',
    handlers: () => ({ 'GET /api/auth/me': subscriber }),
    open: () => formWith('Change Email'),
    fields: [
      { label: 'New email', kind: 'text', value: 'alex.typed@example.com' },
      { label: 'Password', kind: 'text', value: 'Typed-Secret-6' },
    ],
    submit: 'Change Email',
    route: 'POST /api/auth/change-email',
    // a malformed address, a wrong password, an address another account uses, too many attempts
    refusals: [{ status: 400, names: { field: 'email', label: 'New email' } }, { status: 400 }, { status: 409 }, { status: 429 }],
  },
  {
    name: 'Confirm your email address (banner above signed-in screens)',
    sources: ['features/auth/components/email-banner.tsx', 'app/shell-layout.tsx'],
    path: '/settings?tab=account',
    handlers: () => ({ 'GET /api/auth/me': unverified }),
    open: () => formWith('Confirm Email'),
    fields: [{ label: 'Code from the email', kind: 'text', value: '123456' }],
    submit: 'Confirm Email',
    route: 'POST /api/auth/verify-email',
    refusals: [{ status: 400, names: { field: 'code', label: 'Code from the email' } }, { status: 400 }, { status: 429 }],
  },
];

/** Controls without typed input that send a change (named in the issue or found by the scan). */
const ACTIONS: ActionEntry[] = [
  {
    name: 'Diet: Add to My Meals',
    sources: ['features/diet/components/diet-page.tsx'],
    path: '/diet',
    handlers: () => ({
      'GET /api/auth/me': subscriber,
      'GET /api/meals': () => json([meal]),
      'GET /api/progress/today': () => json(progress()),
      'GET /api/progress/today/meals': () => json([]),
    }),
    act: async (user) => {
      const article = await screen.findByRole('article', { name: meal.name });
      await screen.findByText('0 / 500 cal');
      await user.click(within(article).getByRole('button', { name: 'Add to My Meals' }));
      return () => within(article).getByRole('button', { name: 'Add to My Meals' });
    },
    route: 'POST /api/progress/today/meals',
    refusals: [{ status: 400 }, { status: 403 }, { status: 404 }, { status: 409 }],
  },
  {
    name: "Diet: Remove one of today's meals",
    sources: ['features/diet/components/todays-meals.tsx'],
    path: '/diet',
    handlers: () => ({
      'GET /api/auth/me': subscriber,
      'GET /api/meals': () => json([meal]),
      'GET /api/progress/today': () => json(progress({ caloriesConsumed: 220 })),
      'GET /api/progress/today/meals': () => json([{ id: '01JAAAAAAAAAAAAAAAAAAAAAAA', mealId: meal.id, name: meal.name, calories: 220, createdAt: '2026-11-21T08:00:00Z' }]),
    }),
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: `Remove ${meal.name}` }));
      return () => screen.getByRole('button', { name: `Remove ${meal.name}` });
    },
    route: 'DELETE /api/progress/today/meals/01JAAAAAAAAAAAAAAAAAAAAAAA',
    refusals: [{ status: 400 }, { status: 403 }, { status: 404 }],
  },
  {
    name: "Dashboard: Delete one of today's push-up sets",
    sources: ['features/dashboard/components/todays-sets.tsx'],
    path: '/',
    handlers: () => ({ ...dashboard(), 'GET /api/pushups/today': () => json([{ id: '01JBBBBBBBBBBBBBBBBBBBBBBB', count: 10, createdAt: '2026-11-21T08:00:00Z' }]) }),
    act: async (user) => {
      const card = await screen.findByRole('region', { name: 'Push-ups' });
      await user.click(within(card).getByRole('button', { name: "Today's push-up sets" }));
      await user.click(await screen.findByRole('button', { name: /^Delete set of 10 push-ups/ }));
      return () => screen.getByRole('button', { name: /^Delete set of 10 push-ups/ });
    },
    route: 'DELETE /api/pushups/01JBBBBBBBBBBBBBBBBBBBBBBB',
    refusals: [{ status: 400 }, { status: 403 }, { status: 404 }],
  },
  {
    name: 'Admin: feedback status (triage)',
    sources: ['features/admin/components/feedback-card.tsx'],
    path: '/admin',
    handlers: adminPage,
    act: async (user) => {
      const item = await screen.findByRole('heading', { name: openFeedback.name });
      const itemCard = item.closest('section, div[aria-labelledby]') as HTMLElement;
      await user.click(within(itemCard).getByRole('button', { name: 'Mark In Progress' }));
      return () => within(itemCard).getByRole('button', { name: 'Mark In Progress' });
    },
    route: `PATCH /api/feedback/${openFeedback.id}/status`,
    refusals: [{ status: 400 }, { status: 404 }, { status: 409 }],
  },
  {
    name: 'Admin: refund a payment (confirm dialog)',
    sources: ['features/admin/components/payments-list.tsx'],
    path: '/admin?tab=payments',
    handlers: () => ({
      ...adminPage(),
      'GET /api/admin/payments': () =>
        json({
          items: [
            {
              id: 'cGF5LTE',
              userId: 'u-2',
              paidAt: '2026-11-20T10:00:00.000Z',
              plan: 'yearly',
              amount: 2999,
              currency: 'USD',
              provider: 'sandbox-card',
              status: 'paid',
              receiptUrl: null,
              refundable: true,
              refundableUntil: '2026-12-20T10:00:00.000Z',
            },
          ],
          nextCursor: null,
        }),
    }),
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Refund' }));
      await user.click(screen.getByRole('button', { name: 'Refund in full' }));
      return () => screen.getByRole('button', { name: 'Refund in full' });
    },
    route: 'POST /api/admin/payments/cGF5LTE/refund',
    refusals: [{ status: 404 }, { status: 409 }],
  },
  {
    name: 'Admin: system function test',
    sources: ['features/admin/components/system-tests-card.tsx'],
    path: '/admin',
    handlers: adminPage,
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Test Login' }));
      return () => screen.getByRole('button', { name: 'Test Login' });
    },
    route: 'POST /api/admin/system-tests/login',
    refusals: [{ status: 403 }, { status: 429 }],
  },
  {
    name: 'Settings › Membership: cancel auto-renewal',
    sources: ['features/billing/components/membership-status.tsx'],
    path: '/settings',
    handlers: () => ({ 'GET /api/auth/me': subscriber, 'GET /api/subscription': membership() }),
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Cancel auto-renewal' }));
      await user.click(screen.getByRole('button', { name: 'Turn off auto-renewal' }));
      return () => screen.getByRole('button', { name: 'Turn off auto-renewal' });
    },
    route: 'POST /api/subscription/cancel',
    refusals: [{ status: 401 }, { status: 409 }],
  },
  {
    name: 'Settings › Membership: switch plan at the renewal',
    sources: ['features/billing/components/plan-action.tsx'],
    path: '/settings',
    handlers: () => ({ 'GET /api/auth/me': subscriber, 'GET /api/subscription': membership() }),
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Switch to Monthly' }));
      const confirm = screen.getByRole('group', { name: 'Confirm switching to Monthly' });
      await user.click(within(confirm).getByRole('button', { name: 'Switch to Monthly' }));
      return () => within(screen.getByRole('group', { name: 'Confirm switching to Monthly' })).getByRole('button', { name: 'Switch to Monthly' });
    },
    route: 'POST /api/subscription/change',
    refusals: [{ status: 401 }, { status: 409 }, { status: 429 }],
  },
  {
    name: 'Settings › Account: sign out everywhere',
    sources: ['features/auth/components/account-tab.tsx'],
    path: '/settings?tab=account',
    handlers: () => ({ 'GET /api/auth/me': subscriber }),
    act: async (user) => {
      const panel = await screen.findByRole('tabpanel', { name: 'Account' });
      await user.click(await within(panel).findByRole('button', { name: 'Sign Out Everywhere' }));
      const confirm = within(panel).getByRole('group', { name: 'Confirm signing out everywhere' });
      await user.click(within(confirm).getByRole('button', { name: 'Sign Out Everywhere' }));
      return () => within(confirm).getByRole('button', { name: 'Sign Out Everywhere' });
    },
    route: 'POST /api/auth/logout-all',
    refusals: [{ status: 401 }, { status: 429 }],
  },
  {
    name: 'Confirm your email address: send a new code',
    sources: ['features/auth/components/email-banner.tsx'],
    path: '/settings?tab=account',
    handlers: () => ({ 'GET /api/auth/me': unverified }),
    act: async (user) => {
      const banner = await screen.findByRole('region', { name: 'Confirm your email address' });
      await user.click(within(banner).getByRole('button', { name: 'Send New Code' }));
      return () => within(banner).getByRole('button', { name: 'Send New Code' });
    },
    route: 'POST /api/auth/resend-verification',
    // a code sent less than a minute ago; already confirmed (another tab)
    refusals: [{ status: 429 }, { status: 400 }],
  },
];

/** Components that send a change but are neither a form nor an action above, and why. */
const EXEMPT: Record<string, string> = {
  'features/auth/session-provider.tsx': 'The session actions themselves; the screens that use them are covered here',
  'app/bottom-nav.tsx': 'Logout button: nothing typed; a failed logout toasts Logout Failed',
  'app/plain-layout.tsx': 'Logout button of the account bar (plan choice, checkout): nothing typed; a failed logout toasts Logout Failed',
  'features/billing/components/checkout-page.tsx': "Starts the payment on arrival, not on a submit: SPEC.md section 8's Error toast, then /settings",
  'features/billing/components/payment-success-page.tsx': "Confirms on arrival, not on a submit; shows the server's message in a role=alert paragraph",
  'features/billing/components/paypal-buttons-section.tsx': "PayPal's own buttons: nothing typed here; PayPal failures are only logged (SPEC.md section 8, decision 0303)",
  'features/billing/components/sandbox-paypal-button.tsx': 'Nothing typed; PayPal failures are only logged (SPEC.md section 8, decision 0303)',
};

// --- the sweep ----------------------------------------------------------------------------------

/**
 * Jsdom keeps focus on a control that becomes disabled; browsers move it to <body> (the focus fixup
 * rule). jsdom cannot blur a disabled control, so <body> is focused for a moment instead.
 */
let fixup: MutationObserver | undefined;
beforeEach(() => {
  confirmPayment.mockReset();
  confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
  fixup = new MutationObserver(() => {
    if (!document.activeElement?.matches(':disabled')) return;
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
  fixup.observe(document, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
});
afterEach(() => fixup?.disconnect());

/** Distinct per case, so a message left over from elsewhere cannot pass for it. */
const messageFor = (entry: Base, r: Refusal) => `${r.names ? `${r.names.field}: ` : ''}${entry.name} was refused with ${r.status} by the server`;

const cases = <E extends Base>(entries: E[]) => entries.flatMap((entry) => entry.refusals.map((r) => [entry.name, r.status, r.route ?? entry.route, entry, r] as const));

function refuse(entry: Base, r: Refusal, message: string) {
  const route = r.route ?? entry.route;
  const fn = mockFetch({ ...entry.handlers(), [route]: () => json({ message }, r.status) });
  renderApp(entry.path);
  return { fn, route };
}

/** The exact message is on screen and inside a live region (the inline alert, or the toast's announcement). */
async function expectShown(message: string) {
  expect(await screen.findByText(message)).toBeInTheDocument();
  await waitFor(() => {
    const live = [...screen.queryAllByRole('alert'), ...screen.queryAllByRole('status')];
    expect(live.some((el) => el.textContent?.includes(message))).toBe(true);
  });
}

const control = (scope: HTMLElement, f: Field) => (f.kind === 'radio' || f.kind === 'checkbox' ? within(scope).getByRole(f.kind, { name: f.label }) : within(scope).getByLabelText(f.label));

async function fill(user: User, scope: HTMLElement, f: Field) {
  const el = control(scope, f);
  if (f.kind === 'select') await user.selectOptions(el, f.value);
  else if (f.kind === 'radio' || f.kind === 'checkbox') await user.click(el);
  else {
    await user.clear(el);
    await user.type(el, f.value);
  }
}

function expectKept(scope: HTMLElement, f: Field) {
  const el = control(scope, f);
  if (f.kind === 'radio' || f.kind === 'checkbox') expect(el, f.label).toBeChecked();
  else expect(el, f.label).toHaveValue(f.expected ?? f.value);
}

describe("every form shows the server's message on a 4xx and keeps what the user typed", () => {
  it.each(cases(FORMS))('%s: %i on %s', async (_name, _status, _route, entry, r) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const message = messageFor(entry, r);
    const user = userEvent.setup();
    const { fn, route } = refuse(entry, r, message);
    const scope = await entry.open(user);
    for (const f of entry.fields) await fill(user, scope, f);
    for (const f of entry.fields) expectKept(scope, f); // typed as intended, before the submit
    await user.click(within(scope).getByRole('button', { name: entry.submit }));

    await expectShown(message);
    expect(requestsOf(fn).filter((q) => q.split('?')[0] === route)).toHaveLength(1);
    for (const f of entry.fields) expectKept(scope, f);
    const submit = within(scope).getByRole('button', { name: entry.submit });
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.getByTestId('location').textContent).toBe(entry.path);

    const form = control(scope, entry.fields[0]!).closest('form');
    expect(form).not.toBeNull();
    const target = r.names ? within(scope).getByLabelText(r.names.label) : entry.focusAfter === 'submit' ? submit : control(scope, entry.fields[0]!);
    await waitFor(() => expect(target).toHaveFocus());
    expect(form).toContainElement(target);
  });
});

describe("every action shows the server's message on a 4xx", () => {
  it.each(cases(ACTIONS))('%s: %i on %s', async (_name, _status, _route, entry, r) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const message = messageFor(entry, r);
    const user = userEvent.setup();
    const { fn, route } = refuse(entry, r, message);
    const again = await entry.act(user);

    await expectShown(message);
    expect(requestsOf(fn).filter((q) => q.split('?')[0] === route)).toHaveLength(1);
    await waitFor(() => expect(again()).toBeEnabled());
    expect(screen.getByTestId('location').textContent).toBe(entry.path);
  });
});

// --- complete by construction -------------------------------------------------------------------

const sources = Object.fromEntries(
  Object.entries(import.meta.glob<string>(['../**/*.tsx', '../**/*.ts', '!../**/*.test.{ts,tsx}', '!../test/**'], { query: '?raw', import: 'default', eager: true })).map(
    ([file, text]) => [file.replace(/^\.\.\//, ''), text],
  ),
);

/** What makes a form here: a <form> element, a submit handler or button, or a key handler for Enter. */
const FORM_MARKERS = [/<form\b/, /\bonSubmit=/, /type="submit"/, /['"]Enter['"]/];
/** What sends a change: a mutating API module of a feature, the session's login/signup/logout, or the logout hook. */
const CHANGE_MARKERS = [/from '[^']*\/api\/(post|patch|put|delete)-[^']*'/, /\buseSessionActions\(\)/, /\buseLogout\(\)/];

const count = (text: string, re: RegExp) => text.match(new RegExp(re.source, 'g'))?.length ?? 0;

describe('the registry is complete', () => {
  it('scans a meaningful set of files', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(sources['features/auth/components/login-form.tsx']).toMatch(/<form\b/);
  });

  it('has an entry for every form in frontend/src (one entry per <form> at least)', () => {
    const formFiles = Object.entries(sources).filter(([file, text]) => file.endsWith('.tsx') && FORM_MARKERS.some((re) => re.test(text)));
    expect(formFiles.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const [file, text] of formFiles) {
      const entries = FORMS.filter((e) => e.sources[0] === file).length;
      // each <form> and each Enter-key handler (an input that submits on Enter) needs its own entry
      const forms = Math.max(1, count(text, /<form\b/) + count(text, /['"]Enter['"]/));
      if (entries < forms) missing.push(`${file}: ${forms} form(s), ${entries} registry entr${entries === 1 ? 'y' : 'ies'}`);
    }
    expect(missing, 'add an entry to FORMS for each of these').toEqual([]);
    // and no stale entries
    for (const e of FORMS) expect(FORM_MARKERS.some((re) => re.test(sources[e.sources[0]!] ?? '')), `${e.name}: ${e.sources[0]} holds no form`).toBe(true);
  });

  it('has a form, action or reasoned exemption for every component that sends a change', () => {
    const covered = new Set([...FORMS, ...ACTIONS].flatMap((e) => e.sources));
    const senders = Object.entries(sources)
      .filter(([file, text]) => file.endsWith('.tsx') && CHANGE_MARKERS.some((re) => re.test(text)))
      .map(([file]) => file);
    expect(senders.length).toBeGreaterThan(0);
    expect(senders.filter((f) => !covered.has(f) && !EXEMPT[f]), 'add these to FORMS, ACTIONS or EXEMPT').toEqual([]);
    for (const f of [...covered, ...Object.keys(EXEMPT)]) expect(sources[f], `${f} does not exist`).toBeDefined();
    for (const f of Object.keys(EXEMPT)) expect(senders, `${f} sends no change any more: remove its exemption`).toContain(f);
  });
});
