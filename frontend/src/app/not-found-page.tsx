import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Page Not Found</h1>
      <p className="text-sm text-slate-600">
        No route matches <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800">{pathname}</code>.
        Did you forget to add the page to the router?
      </p>
      <Link to="/" className={buttonClasses('primary')}>
        Go to FitTrack
      </Link>
    </div>
  );
}
