import { Button } from './button';

/** A list that could not be loaded: says so (as an alert) and offers to try again. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-center text-sm text-slate-700">
      <p>{what} could not be loaded.</p>
      <Button variant="secondary" className="min-h-11" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
