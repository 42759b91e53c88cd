import { useState } from 'react';
import { GOALS, type Metric, stepStreak } from '@fittrack/functions/contract/tracking-goals';
import { useProgressHistory } from '@/features/dashboard/api/get-progress-history';
import { useProgressToday } from '@/features/dashboard/api/get-progress-today';
import { formatLongDay, formatNumber, formatWeekday } from '@/lib/format';

const METRIC_LABELS: Record<Metric, string> = {
  steps: 'Steps',
  caloriesConsumed: 'Calories',
  pushups: 'Push-ups',
  caloriesBurned: 'Burned',
};
const BAR_CLASS: Record<Metric, string> = {
  steps: 'bg-brand-700',
  caloriesConsumed: 'bg-orange-500',
  pushups: 'bg-sky-600',
  caloriesBurned: 'bg-rose-600',
};
const ORDER: Metric[] = ['steps', 'caloriesConsumed', 'pushups', 'caloriesBurned'];

/** Height of the history block while loading (no layout shift when it arrives). */
const HISTORY_MIN_HEIGHT = 'min-h-[19rem]';

/**
 * The last 7 days of the four metrics as a light bar chart (plain elements, no chart library),
 * and the current streak of days meeting the step goal (from the last 30 days).
 */
export function HistorySection() {
  const { data, error } = useProgressHistory(30);
  const { data: today } = useProgressToday();
  const [metric, setMetric] = useState<Metric>('steps');

  if (error) return null; // a failed load is only logged by SWR's caller; the rest of the dashboard stays usable
  if (!data) {
    return (
      <section aria-label="Last 7 days" aria-busy="true" className={`${HISTORY_MIN_HEIGHT} animate-pulse rounded-2xl border border-slate-200 bg-white p-4 shadow-sm motion-reduce:animate-none`}>
        <span className="sr-only">Loading history...</span>
      </section>
    );
  }

  // Today's bar follows today's progress in the cache (changed by the cards, the dialog or the Diet screen).
  const days =
    today && data.days.at(-1)?.date === today.date
      ? [
          ...data.days.slice(0, -1),
          { date: today.date, steps: today.steps, caloriesConsumed: today.caloriesConsumed, pushups: today.pushups, caloriesBurned: today.caloriesBurned },
        ]
      : data.days;
  const week = days.slice(-7);
  const streak = stepStreak(days);
  const goal = GOALS[metric];
  const max = Math.max(goal, ...week.map((d) => d[metric]));
  const label = METRIC_LABELS[metric];

  return (
    <section aria-labelledby="history-title" className={`${HISTORY_MIN_HEIGHT} rounded-2xl border border-slate-200 bg-white p-4 shadow-sm`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 gap-y-1">
        <h2 id="history-title" className="text-base font-semibold text-slate-900">
          Last 7 Days
        </h2>
        <p className="text-sm text-slate-700" data-testid="step-streak">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="mr-1 inline size-4 fill-orange-500 align-[-2px]">
            <path d="M12 2c1 3.5-1.5 5.5-3 7.5C7.6 11.3 7 12.8 7 14.5a5 5 0 0 0 10 0c0-2.2-1-3.9-2.2-5.2-.2 1.5-.9 2.6-1.9 3.2.4-3.6-.4-7.6-.9-10.5Z" />
          </svg>
          Step streak:{' '}
          <strong className="tabular-nums">
            {streak.days}
            {streak.capped ? '+' : ''} {streak.days === 1 && !streak.capped ? 'day' : 'days'}
          </strong>
        </p>
      </div>
      <div className="mt-3 grid grid-cols-4 gap-1" role="group" aria-label="Metric shown">
        {ORDER.map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={metric === m}
            onClick={() => setMetric(m)}
            className="min-h-11 rounded-lg px-1 text-xs font-medium text-slate-700 hover:bg-slate-100 aria-pressed:bg-slate-900 aria-pressed:text-white"
          >
            {METRIC_LABELS[m]}
          </button>
        ))}
      </div>
      <div aria-hidden="true" className="relative mt-4 flex h-36 items-end gap-2 border-b border-slate-200">
        <div className="absolute inset-x-0 border-t border-dashed border-slate-400" style={{ bottom: `${(goal / max) * 100}%` }} />
        {week.map((d) => (
          <div key={d.date} className="flex h-full flex-1 flex-col justify-end">
            <div
              className={`${BAR_CLASS[metric]} min-h-[2px] rounded-t-md ${d[metric] >= goal ? '' : 'opacity-70'}`}
              style={{ height: `${(d[metric] / max) * 100}%` }}
              title={`${formatLongDay(d.date)}: ${formatNumber(d[metric])}`}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex gap-2">
        {week.map((d, i) => (
          <span key={d.date} className={`flex-1 text-center text-xs ${i === week.length - 1 ? 'font-semibold text-slate-900' : 'text-slate-600'}`}>
            {i === week.length - 1 ? 'Today' : formatWeekday(d.date)}
          </span>
        ))}
      </div>
      <p className="mt-2 text-xs text-slate-600">Dashed line: daily goal ({formatNumber(goal)}).</p>
      <table className="sr-only">
        <caption>{label}, last 7 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{label}</th>
          </tr>
        </thead>
        <tbody>
          {week.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatLongDay(d.date)}</th>
              <td>{formatNumber(d[metric])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
