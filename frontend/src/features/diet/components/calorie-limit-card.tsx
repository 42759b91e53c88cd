import { useProgressToday } from '@/features/dashboard/public';
import { CALORIE_LIMIT } from '@fittrack/functions/contract/tracking-goals';

/** The daily calorie limit with today's intake as a progress bar (clamped to 0-100 %). */
export function CalorieLimitCard() {
  const { data: progress, error } = useProgressToday();
  const consumed = progress?.caloriesConsumed ?? 0;
  const limit = CALORIE_LIMIT;
  const percent = Math.min(100, Math.max(0, Math.round((consumed / limit) * 100)));
  return (
    <section aria-labelledby="calorie-limit-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="calorie-limit-title" className="text-lg font-semibold text-slate-900">
          Daily Calorie Limit
        </h2>
        <p className="text-sm font-medium text-slate-700" aria-live="polite">
          {progress ? `${consumed} / ${limit} cal` : error ? `– / ${limit} cal` : `… / ${limit} cal`}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Calories consumed today"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(consumed, limit)}
        aria-valuetext={progress ? `${consumed} of ${limit} calories` : 'Loading'}
        className="mt-3 h-3 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-3 text-sm text-slate-600">Consuming 500 calories or less daily for fastest results</p>
    </section>
  );
}
