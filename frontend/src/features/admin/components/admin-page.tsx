import { Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { MfaSetup, useSession } from '@/features/auth/public';
import { ApiError } from '@/lib/api-client';
import { useAdminLogs } from '@/features/admin/api/get-admin-logs';
import { useFeedbackList } from '@/features/admin/api/get-feedback';
import { useReloadAdminData } from '@/features/admin/api/reload-admin-data';
import { ActivityLogList } from './activity-log-list';
import { FeedbackCard } from './feedback-card';
import { PaymentsList } from './payments-list';
import { SystemTestsCard } from './system-tests-card';
import { formatNumber } from '@/lib/format';
import { useTabParam } from '@/lib/use-tab-param';

const ADMIN_TABS = ['feedback', 'logs', 'payments'] as const;

/**
 * Admin dashboard. The guard only requires a session; the role check is made here, and the server
 * enforces it on every admin API (DESIGN.md departure 3). No hint at any credentials (departure 4).
 * A signed-in non-admin is told so and stays signed in, with a way back to their dashboard: the
 * sign-in form would only send them home again (docs/decisions/0205).
 */
export function AdminPage() {
  const { user } = useSession();
  if (user?.role !== 'admin') {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <h1 className="text-xl font-semibold text-red-800">Access Denied</h1>
        <p className="mt-2 text-sm text-red-800">Administrator privileges required to access this page.</p>
        {user ? (
          <p className="mt-4 text-sm text-slate-700">
            You are signed in as <span className="font-medium break-all text-slate-900">{user.username}</span>, which is not an administrator account.
          </p>
        ) : null}
        <Link to="/" className={buttonClasses('secondary', 'mt-4 min-h-11')}>
          Back to Dashboard
        </Link>
      </div>
    );
  }

  return <AdminDashboard />;
}

function StatCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card className="flex flex-col justify-between gap-1 p-3 text-center">
      <p className="text-xs leading-tight font-medium text-slate-600">{label}</p>
      <p className="text-2xl font-bold text-slate-900 tabular-nums">{value === undefined ? '—' : formatNumber(value)}</p>
    </Card>
  );
}

/** Only rendered for admins, so non-admins never call the admin APIs. */
function AdminDashboard() {
  const logs = useAdminLogs();
  const feedback = useFeedbackList();
  const [tab, setTab] = useTabParam(ADMIN_TABS);

  // 'Error' / 'Failed to load admin data' once per failure of either source.
  const loadError = logs.error ?? feedback.error;
  // the server opens the admin routes only after two-step sign-in is set up (decision 0018)
  const needsMfa = loadError instanceof ApiError && loadError.status === 403 && loadError.serverFields.mfa === 'setup-required';
  useEffect(() => {
    if (loadError && !needsMfa) toast({ variant: 'destructive', title: 'Error', description: 'Failed to load admin data' });
  }, [loadError, needsMfa]);

  const items = feedback.data?.flatMap((page) => page.items) ?? [];
  const hasMore = Boolean(feedback.data?.at(-1)?.nextCursor);
  const reload = useReloadAdminData();

  if (needsMfa) {
    return (
      <div className="grid grid-cols-1 gap-5">
        <div>
          <span className="rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-semibold text-white">Admin Panel</span>
          <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900">One more step, Administrator</h1>
        </div>
        <Suspense fallback={<Spinner label="Loading..." showLabel className="py-10" />}>
          <MfaSetup onDone={() => void reload()} />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-5">
      <div>
        <div className="mb-3 flex gap-2">
          <span className="rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-semibold text-white">Admin Panel</span>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
            <span aria-hidden="true" className="size-2 rounded-full bg-green-600 motion-safe:animate-pulse" />
            Live
          </span>
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Welcome back, Administrator!</h1>
        <p className="mt-1 text-sm text-slate-600">Feedback and activity refresh every 30 seconds.</p>
      </div>

      <SystemTestsCard />

      <section aria-label="Statistics" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <StatCard label="Total Feedback" value={logs.data?.feedbackTotal} />
        <StatCard label="Activity Logs" value={logs.data?.total} />
        <StatCard label="Recent Logins" value={logs.data?.recentLogins} />
        <StatCard label="Failed Sign-ins (24 h)" value={logs.data?.recentFailedSignIns} />
      </section>

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList label="Admin data">
          <TabsTrigger value="feedback" className="min-h-11">
            Customer Feedback
          </TabsTrigger>
          <TabsTrigger value="logs" className="min-h-11">
            Activity Logs
          </TabsTrigger>
          <TabsTrigger value="payments" className="min-h-11">
            Payments
          </TabsTrigger>
        </TabsList>
        <TabsContent value="feedback" className="mt-4 grid grid-cols-1 gap-3">
          {!feedback.data && !feedback.error ? (
            <Spinner label="Loading feedback..." showLabel className="py-10" />
          ) : !feedback.data ? (
            <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
              <p>Feedback could not be loaded.</p>
              <Button variant="secondary" className="min-h-11" onClick={() => void reload()}>
                Try again
              </Button>
            </div>
          ) : items.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">No feedback yet</p>
          ) : (
            <>
              {items.map((f) => (
                <FeedbackCard key={f.id} feedback={f} />
              ))}
              {hasMore ? (
                <Button variant="secondary" className="min-h-11" disabled={feedback.isValidating} onClick={() => void feedback.setSize(feedback.size + 1)}>
                  {feedback.isValidating ? 'Loading...' : 'Load more feedback'}
                </Button>
              ) : null}
            </>
          )}
        </TabsContent>
        <TabsContent value="payments" className="mt-4">
          <PaymentsList active={tab === 'payments'} />
        </TabsContent>
        <TabsContent value="logs" className="mt-4">
          {logs.data ? <ActivityLogList data={logs.data} /> : !logs.error ? <Spinner label="Loading activity logs..." showLabel className="py-10" /> : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}
