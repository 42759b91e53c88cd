import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { browserDay } from '@/lib/browser-clock';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { isNewAccount, useSession } from '@/features/auth/public';
import { useProgressToday } from '@/features/dashboard/api/get-progress-today';
/** For the app's start-up: the dashboard's figures, asked for beside the session check. */
export { preloadProgressToday } from '@/features/dashboard/api/get-progress-today';
import { DailyReminder } from './daily-reminder';
import { CaloriesBurnedCard, CaloriesCard, PushupsCard, StepsCard } from './progress-cards';

// Below the fold on a phone, after the four cards: their code loads once today's figures are shown.
const LifetimeStats = lazy(() => import('./lifetime-stats').then((m) => ({ default: m.LifetimeStats })));
const HistorySection = lazy(() => import('./history-section').then((m) => ({ default: m.HistorySection })));
// Today's entries show on request (the cards' Meals and Sets buttons): their code loads then.
const TodaysMeals = lazy(() => import('@/features/diet/public').then((m) => ({ default: m.TodaysMeals })));
const TodaysSets = lazy(() => import('./todays-sets').then((m) => ({ default: m.TodaysSets })));

const panelFallback = <Spinner label="Loading..." showLabel className="py-4" />;

/** Dashboard 'Today's Progress' (/ and /dashboard; SPEC.md section 2). */
export function DashboardPage() {
  const { user } = useSession();
  // Rendered as soon as it arrives, not deferred into a transition: deferred, the real returning
  // visit showed its figures later (decision 0030).
  const { data, error, isLoading, mutate } = useProgressToday();

  useEffect(() => {
    // SPEC.md section 8: a failed progress load is only logged.
    if (error) console.error('Failed to load progress:', error);
  }, [error]);

  // The cache never goes stale by itself (SPEC.md section 7): when the dashboard is shown on a later
  // day than the cached progress (an app left open overnight), reload it — once per day, so a clock
  // that differs slightly from the server's near midnight cannot cause a loop.
  const [mealsOpen, setMealsOpen] = useState(false);
  const [setsOpen, setSetsOpen] = useState(false);
  const mealsPanel = useId();
  const setsPanel = useId();

  const reloadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!data) return;
    const day = browserDay();
    if (day && day !== data.date && reloadedFor.current !== day) {
      reloadedFor.current = day;
      void mutate();
    }
  }, [data, mutate]);

  if (!data) {
    if (isLoading || !error) return <PageSpinner label="Loading dashboard..." />;
    return (
      <div className="grid justify-items-center gap-3 py-16 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Dashboard</h1>
        <p className="text-sm text-slate-600">Today's progress is not available right now.</p>
        <Button variant="secondary" className="min-h-11" onClick={() => void mutate()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Dashboard</h1>
        {user ? (
          <p className="mt-1 text-sm text-slate-600">
            {isNewAccount(user) ? 'Welcome' : 'Welcome back'}, {user.username}.
          </p>
        ) : null}
      </div>
      <DailyReminder today={data.date} />
      <h2 className="-mb-1 text-lg font-semibold text-slate-900">Today's Progress</h2>
      <div className="grid grid-cols-2 gap-3">
        <CaloriesCard consumed={data.caloriesConsumed} meals={{ open: mealsOpen, onToggle: () => setMealsOpen((o) => !o), controls: mealsPanel }} />
        <StepsCard steps={data.steps} />
        <PushupsCard pushups={data.pushups} sets={{ open: setsOpen, onToggle: () => setSetsOpen((o) => !o), controls: setsPanel }} />
        <CaloriesBurnedCard burned={data.caloriesBurned} />
      </div>
      <div id={mealsPanel} hidden={!mealsOpen}>
        {mealsOpen ? (
          <Suspense fallback={panelFallback}>
            <TodaysMeals />
          </Suspense>
        ) : null}
      </div>
      <div id={setsPanel} hidden={!setsOpen}>
        {setsOpen ? (
          <Suspense fallback={panelFallback}>
            <TodaysSets />
          </Suspense>
        ) : null}
      </div>
      <Suspense fallback={<div className="min-h-[12.25rem]" aria-hidden="true" />}>
        <LifetimeStats lifetime={data.lifetime} />
      </Suspense>
      <Suspense fallback={<div className="min-h-[19rem]" aria-hidden="true" />}>
        <HistorySection />
      </Suspense>
    </div>
  );
}
