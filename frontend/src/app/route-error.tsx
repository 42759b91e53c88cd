import { Button } from '@/components/ui/button';

/** Error boundary of the router (e.g. a screen's code failed to load after a new deployment). */
export function RouteError() {
  return (
    <main className="mx-auto grid min-h-[60vh] max-w-md place-content-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="text-sm text-slate-600">Reload the page to try again.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  );
}
