import { lazy } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { AuthPage } from '@/features/auth/components/auth-page';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { ErrorBoundary } from './error-boundary';
import { usePageTitle } from './page-title';
import { PlainLayout } from './plain-layout';
import { RequireSession } from './require-session';
import { useRouteChangeFocus } from './route-focus';
import { ShellLayout } from './shell-layout';

/*
 * Route-level code splitting (DESIGN.md section 10): /auth and the dashboard are bundled with the
 * entry; every other screen is its own chunk, loaded on first visit.
 */
const SubscriptionPage = lazy(() =>
  import('@/features/billing/components/subscription-page').then((m) => ({ default: m.SubscriptionPage })),
);
const CheckoutPage = lazy(() => import('@/features/billing/components/checkout-page').then((m) => ({ default: m.CheckoutPage })));
const PaymentSuccessPage = lazy(() =>
  import('@/features/billing/components/payment-success-page').then((m) => ({ default: m.PaymentSuccessPage })),
);
const PrivacyPolicyPage = lazy(() => import('@/features/legal/components/legal-pages').then((m) => ({ default: m.PrivacyPolicyPage })));
const TermsOfServicePage = lazy(() => import('@/features/legal/components/legal-pages').then((m) => ({ default: m.TermsOfServicePage })));
const CookiePolicyPage = lazy(() => import('@/features/legal/components/legal-pages').then((m) => ({ default: m.CookiePolicyPage })));
const RefundPolicyPage = lazy(() => import('@/features/legal/components/legal-pages').then((m) => ({ default: m.RefundPolicyPage })));
const AccessibilityPage = lazy(() => import('@/features/legal/components/legal-pages').then((m) => ({ default: m.AccessibilityPage })));
const NotFoundPage = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));
const StretchingPage = lazy(() => import('@/features/stretching/components/stretching-page').then((m) => ({ default: m.StretchingPage })));
const DietPage = lazy(() => import('@/features/diet/components/diet-page').then((m) => ({ default: m.DietPage })));
const WorkoutPage = lazy(() => import('@/features/workout/components/workout-page').then((m) => ({ default: m.WorkoutPage })));
const SettingsPage = lazy(() => import('@/features/settings/components/settings-page').then((m) => ({ default: m.SettingsPage })));
const FeedbackPage = lazy(() => import('@/features/feedback/components/feedback-page').then((m) => ({ default: m.FeedbackPage })));
const AdminPage = lazy(() => import('@/features/admin/components/admin-page').then((m) => ({ default: m.AdminPage })));

/** Every route of SPEC.md section 2. Render inside a router (BrowserRouter in the app, MemoryRouter in tests). */
export function AppRoutes() {
  const { pathname } = useLocation();
  usePageTitle();
  useRouteChangeFocus();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Routes>
        <Route element={<PlainLayout />}>
          <Route path="auth" element={<AuthPage />} />
          <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="terms-of-service" element={<TermsOfServicePage />} />
          <Route path="cookie-policy" element={<CookiePolicyPage />} />
          <Route path="refund-policy" element={<RefundPolicyPage />} />
          <Route path="accessibility" element={<AccessibilityPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        {/* The screens of a signed-in user without a plan: with the account bar (who, and Logout). */}
        <Route element={<PlainLayout account />}>
          <Route path="subscription" element={<SubscriptionPage />} />
          {/* /checkout and any path below it */}
          <Route path="checkout/*" element={<CheckoutPage />} />
          <Route path="payment-success" element={<PaymentSuccessPage />} />
        </Route>
        <Route
          element={
            <RequireSession>
              <ShellLayout />
            </RequireSession>
          }
        >
          <Route index element={<DashboardPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="stretching" element={<StretchingPage />} />
          <Route path="diet" element={<DietPage />} />
          <Route path="workout" element={<WorkoutPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="feedback" element={<FeedbackPage />} />
          <Route path="admin" element={<AdminPage />} />
        </Route>
      </Routes>
    </ErrorBoundary>
  );
}
