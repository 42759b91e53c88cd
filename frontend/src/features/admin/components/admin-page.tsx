import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../auth/session-context';

/** How long a non-admin sees 'Access Denied' before being sent to /auth. */
export const ACCESS_DENIED_REDIRECT_MS = 2500;

/**
 * Admin dashboard. The guard only requires a session; the role check is made here, and the server
 * enforces it on every admin API (DESIGN.md departure 3). No hint at any credentials (departure 4).
 */
export function AdminPage() {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const navigate = useNavigate();

  useEffect(() => {
    if (isAdmin) return;
    const timer = setTimeout(() => void navigate('/auth', { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isAdmin, navigate]);

  if (!isAdmin) {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <h1 className="text-xl font-semibold text-red-800">Access Denied</h1>
        <p className="mt-2 text-sm text-red-800">Administrator privileges required to access this page.</p>
        <p className="mt-4 text-xs text-slate-700">Redirecting to the sign-in page...</p>
      </div>
    );
  }

  return (
    <div>
      <div className="mb-3 flex gap-2">
        <span className="rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-semibold text-white">Admin Panel</span>
      </div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Welcome back, Administrator!</h1>
    </div>
  );
}
