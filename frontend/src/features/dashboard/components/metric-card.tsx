import { type ReactNode, useId } from 'react';
import { ProgressRing } from '../../../components/ui/progress-ring';

/** One of the four 'Today's Progress' cards: title, ring, value, status line and actions. */
export function MetricCard({
  title,
  percent,
  value,
  valueText,
  status,
  reached,
  colorClass,
  children,
}: {
  title: string;
  percent: number;
  /** the big number, e.g. "120/500" */
  value: ReactNode;
  /** the ring's spoken value, e.g. "120 of 500 calories" */
  valueText: string;
  /** '{n} calories remaining', 'Daily goal reached!', ... */
  status?: ReactNode;
  reached?: boolean;
  colorClass: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="text-sm font-semibold text-slate-700">
        {title}
      </h2>
      <div className="flex items-center gap-3">
        <ProgressRing percent={percent} label={`${title} progress`} valueText={valueText} size={64} stroke={7} colorClass={colorClass}>
          <span className="text-xs font-semibold text-slate-700">{Math.round(Math.min(100, Math.max(0, percent)))}%</span>
        </ProgressRing>
        <p className="min-w-0 text-lg leading-tight font-bold break-words text-slate-900 tabular-nums">{value}</p>
      </div>
      {status ? <p className={`text-sm ${reached ? 'font-semibold text-brand-700' : 'text-slate-600'}`}>{status}</p> : null}
      {children ? <div className="mt-auto grid gap-2">{children}</div> : null}
    </section>
  );
}
