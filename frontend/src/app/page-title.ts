import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The name of each route's screen, for the document title (a tab, history, a screen reader's first words). */
const TITLES: Record<string, string> = {
  '/': 'Dashboard',
  '/dashboard': 'Dashboard',
  '/stretching': 'Stretching',
  '/diet': 'Diet Plan',
  '/workout': 'Workout Plans',
  '/settings': 'Settings',
  '/feedback': 'Send Feedback',
  '/admin': 'Admin Dashboard',
  '/auth': 'Sign In',
  '/subscription': 'Choose Your Plan',
  '/checkout': 'Checkout',
  '/payment-success': 'Payment',
  '/privacy-policy': 'Privacy Policy',
  '/terms-of-service': 'Terms of Service',
  '/cookie-policy': 'Cookie Policy',
  '/refund-policy': 'Refund Policy',
  '/accessibility': 'Accessibility',
};

/** "<screen> – FitTrack"; any unknown path is the not-found page. */
export function pageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const name = TITLES[path] ?? (path.startsWith('/checkout/') ? TITLES['/checkout'] : 'Page Not Found');
  return `${name} – FitTrack`;
}

/**
 * Keeps document.title in step with the route. Left alone when it already reads right (a
 * pre-rendered page carries its title, scripts/prerender.ts): an assignment replaces the <title>'s
 * text and tells the browser, even with the same words, in the start-up's first task.
 */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = pageTitle(pathname);
    if (document.title !== title) document.title = title;
  }, [pathname]);
}
