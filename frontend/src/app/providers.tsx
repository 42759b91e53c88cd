import { type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { SessionProvider } from '@/features/auth/public';
import { CookieBanner } from '@/features/cookie-consent/public';
import { swrDefaults } from '@/lib/swr-config';
import { HydratedLater } from './hydrated-later';

/** A fresh SWR cache per mounted app (and per test). */
const createCache = () => new Map();

/** Everything the app needs around the router: data cache, session and toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ ...swrDefaults, provider: createCache }}>
      <SessionProvider>
        {children}
        <LazyToaster />
        <HydratedLater>
          <CookieBanner />
        </HydratedLater>
      </SessionProvider>
    </SWRConfig>
  );
}
