import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/routes';

/** The document title of a pre-rendered page (the one the app keeps: app/page-title.ts). */
export { pageTitle } from '@/app/page-title';

/**
 * Build-time first paint (DESIGN.md section 10, LCP): renders the app's first frame for a URL to
 * static HTML, as a visitor with nothing stored would see it before any data arrives (the auth
 * form; the session spinner of the signed-in screens; the cookie banner). frontend/scripts/
 * prerender.ts writes it into the built HTML; main.tsx replaces it with the live app.
 */
export function render(url: string): string {
  return renderToString(
    <StaticRouter location={url}>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </StaticRouter>,
  );
}
