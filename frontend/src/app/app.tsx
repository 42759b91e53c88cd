import { BrowserRouter } from 'react-router';
import { storedUserHasPlan } from '@/features/auth/public';
import { preloadProgressToday } from '@/features/dashboard/components/dashboard-page';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

// A returning subscriber's dashboard figures are asked for beside the session check, not after it
// (DESIGN.md section 10): once, when the app starts on the dashboard. Both are usually in flight
// already, sent by the page's inline script (lib/early-requests.ts): the first requests take them.
if (/^\/(dashboard)?$/.test(location.pathname) && storedUserHasPlan()) preloadProgressToday();

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
