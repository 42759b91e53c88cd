import { type ReactNode, useId } from 'react';
import { ProgressRing } from '@/components/ui/progress-ring';

/** A reached goal's ring: the brand green, never an alarming red. */
const REACHED_COLOR = 'text-brand-700';

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
      <div className="flex flex-col items-center gap-2">
        <ProgressRing percent={percent} label={`${title} progress`} valueText={valueText} size={76} stroke={8} colorClass={reached ? REACHED_COLOR : colorClass}>
          <span className="text-sm font-semibold text-slate-700">{Math.round(Math.min(100, Math.max(0, percent)))}%</span>
        </ProgressRing>
        <p className="text-xl leading-tight font-bold whitespace-nowrap text-slate-900 tabular-nums">{value}</p>
      </div>
      {status ? <p className={`text-center text-sm ${reached ? 'font-semibold text-brand-700' : 'text-slate-600'}`}>{status}</p> : null}
      {children ? <div className="mt-auto grid gap-2">{children}</div> : null}
    </section>
  );
}
