import type { Lifetime } from '@fittrack/functions/contract/tracking';
import { formatNumber } from '@/lib/format';

/** 'Lifetime Stats': real lifetime totals (DESIGN.md departure 6). */
export function LifetimeStats({ lifetime }: { lifetime: Lifetime }) {
  const rows = [
    ['Steps', lifetime.steps],
    ['Pushups', lifetime.pushups],
    ['Calories Burned', lifetime.caloriesBurned],
    ['Days Tracked', lifetime.daysTracked],
  ] as const;
  return (
    <section aria-labelledby="lifetime-stats-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="lifetime-stats-title" className="text-base font-semibold text-slate-900">
        Lifetime Stats
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-bold text-slate-900 tabular-nums">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
